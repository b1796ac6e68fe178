/** Scheduling (or moving) a case's hearing: the time on the regatta's clock and the room. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { useJuryActions } from './api';
import { hearingSchema, toHearing, toLocalInput, type HearingValues, type Protest } from './schemas';

export function HearingForm({ slug, protest, timeZone, headingId, onDone }: { slug: string; protest: Protest; timeZone: string | null; headingId: string; onDone: (message: string) => void }) {
  const { t } = useTranslation('jury');
  const initial: HearingValues = protest.hearing ? { startsAt: toLocalInput(protest.hearing.startsAt, timeZone), room: protest.hearing.room } : { startsAt: '', room: '' };
  const form = useForm<HearingValues>({ resolver: zodResolver(hearingSchema), defaultValues: initial });
  const draft = useDraft(form, `jury-hearing.${slug}.${protest.id}`);
  const { schedule } = useJuryActions(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    schedule.mutate(
      { id: protest.id, body: toHearing(values, timeZone) },
      {
        onSuccess: (saved) => {
          draft.clear();
          onDone(t('hearing.done', { number: saved.number, room: saved.hearing?.room ?? '' }));
        },
        onError: (error) => setGeneral(applyApiError(form, error)),
      },
    );
  });
  const { errors } = form.formState;
  return (
    <>
      <ProblemAlert error={inOwnWords(schedule.error, t, 'jury')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <div className="form-row">
          <Field label={t('fields.startsAt')} error={errors.startsAt?.message} hint={timeZone ? t('hearing.clockHint', { timeZone }) : t('hearing.clockHintBrowser')}>
            {(a) => <input {...a} type="datetime-local" {...form.register('startsAt')} />}
          </Field>
          <Field label={t('fields.room')} error={errors.room?.message}>
            {(a) => <input {...a} autoComplete="off" {...form.register('room')} />}
          </Field>
        </div>
        <div className="actions">
          <button type="submit" disabled={schedule.isPending}>{t('hearing.submit')}</button>
        </div>
      </form>
    </>
  );
}
