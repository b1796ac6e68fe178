/**
 * On the sailor's "edit entry" screen, until entries close: move the entry to another fleet (each
 * offered with its places left, or full with the waitlist open) and/or another boat (one of hers or
 * a new one), with the rating and certificate the new fleet needs. The answer is the confirmation
 * page: entered in the new fleet, or waitlisted with the position.
 */
import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Schemas } from '@regatta/client';
import { applyApiError, Field } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { useEntryActions } from './api';
import { NewBoatFields, RatingFields, type BoatFieldValues } from './BoatFields';
import { entryPath, type EntryForm } from './form';
import { fleetOption, KEEP_BOAT, moveBody, moveDefaults, moveSchema, needsRating, NEW_BOAT, type MoveValues } from './move';

const ALIASES = { fleet: 'fleet', 'boat.id': 'boatId', 'boat.name': 'boatName', 'boat.sailNumber': 'sailNumber', 'boat.model': 'model' };

export function MoveEntry({ slug, entry, entryForm, boats }: { slug: string; entry: Schemas['EntryDetail']; entryForm: EntryForm; boats: readonly Schemas['MyBoat'][] }) {
  const { t } = useTranslation('enter');
  const navigate = useNavigate();
  const schema = useMemo(() => moveSchema(entryForm, entry, boats), [entryForm, entry, boats]);
  const form = useForm<MoveValues>({ resolver: zodResolver(schema), defaultValues: moveDefaults(entry) });
  const { move } = useEntryActions(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const [nothing, setNothing] = useState(false);
  const { errors } = form.formState;
  const boatProps = { register: form.register as unknown as UseFormRegister<BoatFieldValues>, errors: errors as FieldErrors<BoatFieldValues> };
  const boatId = form.watch('boatId');
  const fleet = entryForm.fleets.find((candidate) => candidate.id === form.watch('fleet'));
  const rated = fleet?.ratingKey && (needsRating(entryForm, entry, boats, { fleet: fleet.id, boatId }) || boatId === NEW_BOAT);
  const current = entry.boat.sailNumber ? `${entry.boat.name} (${entry.boat.sailNumber})` : entry.boat.name;
  const ratingAliases = Object.fromEntries(entryForm.fleets.flatMap((f) => (f.ratingKey ? [[`boat.ratings.${f.ratingKey}`, 'rating'], [`certificates.${f.ratingKey}.expires`, 'certificateExpires']] : [])));

  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    const body = moveBody(entryForm, entry, values);
    setNothing(body === null);
    if (!body) return;
    move.mutate(
      { registrationId: entry.id, body },
      {
        onSuccess: async () => navigate(entryPath(slug, entry.id)),
        onError: (error) => setGeneral(applyApiError(form, error, { ...ALIASES, ...ratingAliases })),
      },
    );
  });

  return (
    <form noValidate aria-label={t('move.formLabel')} onSubmit={submit}>
      <fieldset>
        <legend>{t('move.legend')}</legend>
        <p className="hint">{t('move.hint')}</p>
        <ProblemAlert error={move.error} general={general} ns="enter" />
        {nothing && <p role="status" className="notice">{t('move.nothing')}</p>}
        <Field label={t('fleet')} error={errors.fleet?.message}>
          {(a) => (
            <select {...a} {...form.register('fleet')}>
              {entryForm.fleets.map((f) => <option key={f.id} value={f.id}>{fleetOption(t, f)}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('move.boat')} error={errors.boatId?.message}>
          {(a) => (
            <select {...a} {...form.register('boatId')}>
              <option value={KEEP_BOAT}>{t('move.keep', { boat: current })}</option>
              {boats.filter((boat) => boat.id !== entry.boat.id).map((boat) => (
                <option key={boat.id} value={boat.id}>{boat.sailNumber ? `${boat.name} (${boat.sailNumber})` : boat.name}</option>
              ))}
              <option value={NEW_BOAT}>{t('boat.new')}</option>
            </select>
          )}
        </Field>
        {boatId === NEW_BOAT && <NewBoatFields {...boatProps} />}
        {rated && fleet?.ratingKey && <RatingFields {...boatProps} fleet={{ ...fleet, ratingKey: fleet.ratingKey }} />}
        <div className="actions">
          <button type="submit" disabled={move.isPending}>{move.isPending ? t('sending') : t('move.submit')}</button>
        </div>
      </fieldset>
    </form>
  );
}
