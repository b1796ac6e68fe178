/**
 * A rating change recorded from the ratings screen (changeRegistrationRating): the boat, her new
 * rating and the race of her fleet it is in force from (a new certificate mid-regatta); the races
 * from then on are scored again on it. The value is checked against the system's range before it is
 * sent; the service's refusals land on their field. What was typed is kept as a draft until saved.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { applyApiError, Field, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { parseDecimal, type RatingSpec } from '../entries/rules';
import { ratingChangeSchema } from '../entries/schemas';
import type { Fleet } from './api';

interface RatingChangeValues {
  registrationId: string;
  value: string;
  fromRace: string;
}

export interface RatingChangeFormProps {
  slug: string;
  fleet: Fleet;
  spec: RatingSpec;
  boats: ReadonlyArray<{ id: string; sail: string; name: string }>;
  races: readonly number[];
  onSaid: (message: string) => void;
}

export function RatingChangeForm({ slug, fleet, spec, boats, races, onSaid }: RatingChangeFormProps) {
  const { t, i18n } = useTranslation('scoring');
  const headingId = useId();
  const queryClient = useQueryClient();
  const schema = z.object({ registrationId: z.string().min(1, 'validation.required') }).and(ratingChangeSchema(spec));
  const form = useForm<RatingChangeValues>({ resolver: zodResolver(schema), defaultValues: { registrationId: '', value: '', fromRace: String(races[0] ?? 1) } });
  const draft = useDraft(form, `ratings-change-${slug}-${fleet.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const rate = useMutation({
    mutationFn: ({ registrationId, body }: { registrationId: string; body: Schemas['RatingChangeRequest'] }) =>
      unwrap(api.PUT('/api/v1/events/{slug}/registrations/{registrationId}/ratings', { params: { path: { slug, registrationId } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['event', slug] }),
  });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    const value = parseDecimal(values.value)!;
    const fromRace = Number(values.fromRace);
    const boat = boats.find((candidate) => candidate.id === values.registrationId);
    rate.mutate(
      { registrationId: values.registrationId, body: { system: fleet.handicap.system, value, fromRace } },
      {
        onSuccess: () => {
          draft.clear();
          form.reset({ registrationId: '', value: '', fromRace: values.fromRace });
          onSaid(t('ratings.recorded', { boat: boat ? `${boat.sail} ${boat.name}`.trim() : '', value: number.format(value), race: fromRace }));
        },
        onError: (error) => setGeneral(applyApiError(form, error)),
      },
    );
  });
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId}>{t('ratings.record', { fleet: fleet.name })}</h4>
      <ProblemAlert error={inOwnWords(rate.error, t, 'scoring')} general={general} ns="scoring" />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-row">
          <Field label={t('ratings.boat')} error={errors.registrationId?.message}>
            {(a) => (
              <select {...a} {...form.register('registrationId')}>
                <option value="">{t('ratings.chooseBoat')}</option>
                {boats.map((boat) => <option key={boat.id} value={boat.id}>{`${boat.sail} ${boat.name}`.trim()}</option>)}
              </select>
            )}
          </Field>
          <Field label={t('ratings.newValue')} hint={t('ratings.range', { min: number.format(spec.min), max: number.format(spec.max) })} error={errors.value?.message}>
            {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register('value')} />}
          </Field>
          <Field label={t('ratings.fromRace')} error={errors.fromRace?.message}>
            {(a) => (
              <select {...a} {...form.register('fromRace')}>
                {races.map((race) => <option key={race} value={String(race)}>{t('ratings.raceOption', { number: race })}</option>)}
              </select>
            )}
          </Field>
        </div>
        <div className="actions">
          <button type="submit" disabled={rate.isPending}>{t('ratings.save')}</button>
        </div>
      </form>
    </section>
  );
}
