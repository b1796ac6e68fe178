/**
 * Lodging a case at the race office: a protest, a request for redress or to reopen, or a scoring
 * inquiry, by the race or protest committee or on a sailor's behalf (her boat as the protestor), with
 * the races, the boats, the incident and the rules alleged. The answer says when it was lodged and
 * whether that was within the protest time limit or late (as the API decided: late is marked, not
 * refused). Refusals are shown on the fields they concern; the draft survives a refusal or a reload.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { useJuryActions, type JuryContext } from './api';
import { boatLabel, raceLabel } from './labels';
import { CASE_TYPES, COMMITTEE_TYPES, emptyLodging, lodgeSchema, toLodging, type LodgeValues } from './schemas';

export function LodgeForm({ slug, context, initial, timeZone, headingId }: { slug: string; context: JuryContext; initial: LodgeValues | null; timeZone: string | null; headingId: string }) {
  const { t, i18n } = useTranslation('jury');
  const form = useForm<LodgeValues>({ resolver: zodResolver(lodgeSchema), defaultValues: initial ?? emptyLodging });
  const draft = useDraft(form, `jury-lodge.${slug}${initial ? '.reopen' : ''}`);
  const { lodge } = useJuryActions(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const [answer, setAnswer] = useState('');
  const type = form.watch('type');
  const committee = COMMITTEE_TYPES.includes(type);

  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    setAnswer('');
    lodge.mutate(toLodging(values), {
      onSuccess: (protest) => {
        draft.clear();
        form.reset(emptyLodging);
        const when = formatDateTime(protest.lodgedAt, i18n.language, timeZone);
        const limit = protest.deadline ? formatDateTime(protest.deadline, i18n.language, timeZone) : '';
        const key = protest.deadline === null ? 'lodge.doneNoLimit' : protest.late ? 'lodge.doneLate' : 'lodge.doneInTime';
        setAnswer(t(key, { number: protest.number, when, limit }));
      },
      onError: (error) => setGeneral(applyApiError(form, error)),
    });
  });

  const { errors } = form.formState;
  return (
    <>
      <p role="status" className={answer ? 'notice' : undefined}>{answer}</p>
      <ProblemAlert error={inOwnWords(lodge.error, t, 'jury')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <div className="form-row">
          <Field label={t('fields.type')} error={errors.type?.message}>
            {(a) => (
              <select {...a} {...form.register('type')}>
                {CASE_TYPES.map((value) => <option key={value} value={value}>{t(`types.${value}`)}</option>)}
              </select>
            )}
          </Field>
          <Field label={t('fields.protestor')} error={errors.protestorBoat?.message} hint={committee ? t('lodge.committeeHint') : t('lodge.behalfHint')}>
            {(a) => (
              <select {...a} {...form.register('protestorBoat')}>
                <option value="">{t('lodge.noProtestor')}</option>
                {context.boats.map((boat) => <option key={boat.id} value={boat.id}>{boatLabel(boat, boat.id)}</option>)}
              </select>
            )}
          </Field>
        </div>
        <CheckList
          legend={t('fields.races')}
          error={errors.raceIds?.message}
          options={context.races.map((race) => ({ value: race.id, label: raceLabel(t, race, race.id) }))}
          register={form.register('raceIds')}
        />
        <CheckList
          legend={t('fields.protestees')}
          error={errors.protesteeBoats?.message}
          options={context.boats.map((boat) => ({ value: boat.id, label: boatLabel(boat, boat.id) }))}
          register={form.register('protesteeBoats')}
        />
        <Field label={t('fields.incident')} error={errors.incident?.message} hint={t('lodge.incidentHint')}>
          {(a) => <textarea {...a} rows={4} {...form.register('incident')} />}
        </Field>
        <Field label={t('fields.rulesAlleged')} error={errors.rulesAlleged?.message} hint={t('rulesHint')}>
          {(a) => <input {...a} autoComplete="off" {...form.register('rulesAlleged')} />}
        </Field>
        <fieldset>
          <legend>{t('lodge.contact')}</legend>
          <div className="form-row">
            <Field label={t('fields.contactName')} error={errors.contactName?.message}>
              {(a) => <input {...a} autoComplete="off" {...form.register('contactName')} />}
            </Field>
            <Field label={t('fields.contactEmail')} error={errors.contactEmail?.message}>
              {(a) => <input {...a} type="email" autoComplete="off" {...form.register('contactEmail')} />}
            </Field>
            <Field label={t('fields.contactPhone')} error={errors.contactPhone?.message}>
              {(a) => <input {...a} type="tel" autoComplete="off" {...form.register('contactPhone')} />}
            </Field>
          </div>
        </fieldset>
        <div className="actions">
          <button type="submit" disabled={lodge.isPending}>{lodge.isPending ? t('lodge.submitting') : t('lodge.submit')}</button>
        </div>
      </form>
    </>
  );
}

/** A group of checkboxes bound to one array field; its error is tied to the group. */
function CheckList({ legend, error, options, register }: { legend: string; error: string | undefined; options: { value: string; label: string }[]; register: ReturnType<ReturnType<typeof useForm<LodgeValues>>['register']> }) {
  const { t } = useTranslation('jury');
  const errorId = `${register.name}-error`;
  return (
    <fieldset className="check-list" aria-invalid={!!error} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.length === 0 && <p className="muted">{t('lodge.none')}</p>}
      <div className="check-grid">
        {options.map((option) => (
          <label key={option.value} className="check">
            <input type="checkbox" value={option.value} {...register} /> {option.label}
          </label>
        ))}
      </div>
      {error && <p id={errorId} className="field-error">{t(error, { defaultValue: error })}</p>}
    </fieldset>
  );
}
