/**
 * The split series' definition on the desk: the part each fleet plays (qualifying, final fleet 1 =
 * best, 2 ..., medal, or none), the carry-forward mode, the discards (thresholds and the most on
 * final-series races), and the medal race's size and multiplier (defineSplitSeries). A refusal
 * shows on the fleet, the size, the discards or the mode it names.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import type { Fleet } from './api';
import { placeSplitErrors, useSplitChanges } from './split-api';
import { definitionFieldOf, partOptions, toDefinitionInput, toSplitForm, type SplitDefinition, type SplitFormValues } from './split-form';

const CARRIES = ['continuous', 'net_plus_net', 'rank_seed'] as const;

export function partLabel(part: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (part === '') return t('split.part.none');
  if (part.startsWith('final:')) return t('split.part.final', { number: part.slice(6) });
  return t(`split.part.${part}`);
}

export function SplitDefinitionForm({ slug, fleets, definition, onSaid }: { slug: string; fleets: Fleet[]; definition: SplitDefinition | null; onSaid: (message: string) => void }) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  const [values, setValues] = useState<SplitFormValues>(() => toSplitForm(definition));
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({ fields: {}, general: [] });
  const { define } = useSplitChanges(slug);
  useEffect(() => setValues(toSplitForm(definition)), [definition]);
  const options = partOptions(fleets.length);
  const hasMedal = Object.values(values.parts).includes('medal');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = toDefinitionInput(values, fleets.map((fleet) => fleet.id));
    setErrors({ fields: {}, general: [] });
    define.mutate(input, {
      onSuccess: () => onSaid(t('split.defined')),
      onError: (error) => setErrors(placeSplitErrors(error, (path) => definitionFieldOf(path, input))),
    });
  };
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('split.definition')}</h3>
      <p className="muted">{t('split.definitionIntro')}</p>
      <ProblemAlert error={inOwnWords(define.error, t, 'scoring')} general={errors.general} ns="scoring" />
      <form noValidate onSubmit={submit}>
        <fieldset>
          <legend>{t('split.parts')}</legend>
          {fleets.map((fleet) => (
            <Field key={fleet.id} label={t('split.partOf', { fleet: fleet.name })} error={errors.fields[fleet.id]}>
              {(a) => (
                <select {...a} value={values.parts[fleet.id] ?? ''} onChange={(event) => setValues({ ...values, parts: { ...values.parts, [fleet.id]: event.target.value } })}>
                  {options.map((part) => <option key={part} value={part}>{partLabel(part, t)}</option>)}
                </select>
              )}
            </Field>
          ))}
        </fieldset>
        <Field label={t('split.carry')} error={errors.fields['carry']}>
          {(a) => (
            <select {...a} value={values.carry} onChange={(event) => setValues({ ...values, carry: event.target.value as SplitFormValues['carry'] })}>
              {CARRIES.map((carry) => <option key={carry} value={carry}>{t(`split.carryMode.${carry}`)}</option>)}
            </select>
          )}
        </Field>
        <div className="form-row">
          <Field label={t('split.discardThresholds')} hint={t('split.discardThresholdsHint')} error={errors.fields['discardThresholds']}>
            {(a) => <input {...a} autoComplete="off" spellCheck={false} value={values.discardThresholds} onChange={(event) => setValues({ ...values, discardThresholds: event.target.value })} />}
          </Field>
          <Field label={t('split.maxFinalDiscards')} hint={t('split.maxFinalDiscardsHint')} error={errors.fields['maxFinalDiscards']}>
            {(a) => <input {...a} inputMode="numeric" autoComplete="off" value={values.maxFinalDiscards} onChange={(event) => setValues({ ...values, maxFinalDiscards: event.target.value })} />}
          </Field>
        </div>
        {hasMedal && (
          <div className="form-row">
            <Field label={t('split.medalSize')} error={errors.fields['medalSize']}>
              {(a) => <input {...a} inputMode="numeric" autoComplete="off" value={values.medalSize} onChange={(event) => setValues({ ...values, medalSize: event.target.value })} />}
            </Field>
            <Field label={t('split.medalMultiplier')} error={errors.fields['medalMultiplier']}>
              {(a) => <input {...a} inputMode="decimal" autoComplete="off" value={values.medalMultiplier} onChange={(event) => setValues({ ...values, medalMultiplier: event.target.value })} />}
            </Field>
          </div>
        )}
        <div className="actions">
          <button type="submit" disabled={define.isPending}>{t('split.define')}</button>
        </div>
      </form>
    </section>
  );
}
