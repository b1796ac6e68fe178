/**
 * Recording a decision (rule 65.1): facts found, conclusions, rules that apply, and consequences, each
 * for one boat in one race of the case: DSQ, DNE, DPI with points, SCP with a percentage, redress
 * with its method (A9(a), A9(b) or stated points) or a correction after a scoring inquiry. The API's
 * refusal of a consequence it cannot apply (inapplicable_consequence, consequences.N.<field>) is
 * shown on that consequence. After it is decided, the standings have changed already.
 */
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/problem';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { useJuryActions } from './api';
import type { Namer } from './labels';
import { ACTIONS, METHODS, STATUSES, consequenceError, decisionRequest, decisionSchema, emptyConsequence, type DecisionValues, type Protest } from './schemas';

const CODES = ['DNF', 'DNS', 'DNC', 'DSQ', 'OCS', 'ZFP', 'UFD', 'BFD', 'RET', 'NSC'];

export function DecisionForm({ slug, protest, names, boats, headingId, onDone }: { slug: string; protest: Protest; names: Namer; boats: readonly string[]; headingId: string; onDone: (message: string) => void }) {
  const { t } = useTranslation('jury');
  const form = useForm<DecisionValues>({ resolver: zodResolver(decisionSchema), defaultValues: { factsFound: '', conclusions: '', rulesApplied: protest.rulesAlleged.join(', '), consequences: [] } });
  const draft = useDraft(form, `jury-decision.${slug}.${protest.id}`);
  const consequences = useFieldArray({ control: form.control, name: 'consequences' });
  const { decide } = useJuryActions(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const boatChoices = [...new Set([...protest.protestees, ...(protest.protestor.boat ? [protest.protestor.boat] : []), ...(protest.hearing?.parties ?? []), ...boats])];

  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    decide.mutate(
      { id: protest.id, body: decisionRequest(values) },
      {
        onSuccess: (saved) => {
          draft.clear();
          onDone(t('decision.done', { number: saved.number, count: saved.decision?.consequences.length ?? 0 }));
        },
        onError: (error) => {
          // A consequence the API cannot apply is named by its place: shown on that consequence.
          if (!(error instanceof ApiError)) return;
          const others = error.fieldErrors.filter((fieldError) => {
            const at = consequenceError(fieldError.field);
            if (!at || at.index >= values.consequences.length) return true;
            form.setError(`consequences.${at.index}.${at.field}`, { type: 'server', message: fieldError.message });
            return false;
          });
          setGeneral(applyApiError(form, new ApiError(error.status, { code: error.code, errors: others }, error.requestId)));
        },
      },
    );
  });

  const { errors } = form.formState;
  return (
    <>
      <ProblemAlert error={inOwnWords(decide.error, t, 'jury')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit} className="wide-form">
        <Field label={t('fields.factsFound')} error={errors.factsFound?.message}>
          {(a) => <textarea {...a} rows={3} {...form.register('factsFound')} />}
        </Field>
        <Field label={t('fields.conclusions')} error={errors.conclusions?.message}>
          {(a) => <textarea {...a} rows={3} {...form.register('conclusions')} />}
        </Field>
        <Field label={t('fields.rulesApplied')} error={errors.rulesApplied?.message} hint={t('rulesHint')}>
          {(a) => <input {...a} autoComplete="off" {...form.register('rulesApplied')} />}
        </Field>
        {consequences.fields.length === 0 && <p className="muted">{t('decision.noAction')}</p>}
        {consequences.fields.map((item, index) => {
          const action = form.watch(`consequences.${index}.action`);
          const method = form.watch(`consequences.${index}.method`);
          const e = errors.consequences?.[index];
          const n = index + 1;
          return (
            <fieldset key={item.id} className="consequence">
              <legend>{t('decision.consequence', { n })}</legend>
              <div className="form-row">
                <Field label={t('fields.boat')} error={e?.boat?.message}>
                  {(a) => (
                    <select {...a} {...form.register(`consequences.${index}.boat`)}>
                      {boatChoices.map((id) => <option key={id} value={id}>{names.boat(id)}</option>)}
                    </select>
                  )}
                </Field>
                <Field label={t('fields.race')} error={e?.race?.message}>
                  {(a) => (
                    <select {...a} {...form.register(`consequences.${index}.race`)}>
                      {protest.raceIds.map((id) => <option key={id} value={id}>{names.race(id)}</option>)}
                    </select>
                  )}
                </Field>
                <Field label={t('fields.action')} error={e?.action?.message}>
                  {(a) => (
                    <select {...a} {...form.register(`consequences.${index}.action`)}>
                      {ACTIONS.map((value) => <option key={value} value={value}>{t(`actions.${value}`)}</option>)}
                    </select>
                  )}
                </Field>
                {action === 'rdg' && (
                  <Field label={t('fields.method')} error={e?.method?.message}>
                    {(a) => (
                      <select {...a} {...form.register(`consequences.${index}.method`)}>
                        {METHODS.map((value) => <option key={value} value={value}>{t(`methods.${value}`)}</option>)}
                      </select>
                    )}
                  </Field>
                )}
                {(action === 'dpi' || (action === 'rdg' && method === 'points')) && (
                  <Field label={t('fields.points')} error={e?.points?.message}>
                    {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register(`consequences.${index}.points`)} />}
                  </Field>
                )}
                {action === 'scp' && (
                  <Field label={t('fields.percent')} error={e?.percent?.message} hint={t('decision.percentHint')}>
                    {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register(`consequences.${index}.percent`)} />}
                  </Field>
                )}
                {action === 'correct' && (
                  <>
                    <Field label={t('fields.status')} error={e?.status?.message}>
                      {(a) => (
                        <select {...a} {...form.register(`consequences.${index}.status`)}>
                          <option value="">{t('decision.unchanged')}</option>
                          {STATUSES.map((value) => <option key={value} value={value}>{t(`statuses.${value}`)}</option>)}
                        </select>
                      )}
                    </Field>
                    <Field label={t('fields.code')} error={e?.code?.message}>
                      {(a) => (
                        <select {...a} {...form.register(`consequences.${index}.code`)}>
                          <option value="">{t('decision.unchanged')}</option>
                          {CODES.map((value) => <option key={value} value={value}>{value}</option>)}
                        </select>
                      )}
                    </Field>
                  </>
                )}
              </div>
              <div className="actions">
                <button type="button" className="secondary" onClick={() => consequences.remove(index)}>{t('decision.remove', { n })}</button>
              </div>
            </fieldset>
          );
        })}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => consequences.append(emptyConsequence(protest))}>{t('decision.add')}</button>
          <button type="submit" disabled={decide.isPending}>{decide.isPending ? t('decision.submitting') : t('decision.submit')}</button>
        </div>
      </form>
    </>
  );
}
