/**
 * A fleet's set-up, to add a fleet or change one: name, scoring system, penalty basis, handicap
 * system with the parameters that system uses (at the API's defaults), discards (a number, race
 * counts as a comma list, or proportional) and the redress default. A change sends only the fields
 * that changed; the API re-scores a fleet with results and records the re-score.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap, ApiError } from '../../api/client';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import {
  HANDICAP_SYSTEMS,
  PENALTY_BASES,
  REDRESS_METHODS,
  SCORING_SYSTEMS,
  changedFleetFields,
  defaultFleetValues,
  fleetFormSchema,
  fleetToValues,
  paramsOf,
  toFleetRequest,
  type Fleet,
  type FleetValues,
} from './schemas';

export interface FleetFormProps {
  slug: string;
  /** The fleet to change; absent to add one. */
  fleet?: Fleet;
  /** Called with the API's message once it accepted the fleet. */
  onSaved: (message: string) => Promise<void> | void;
  onCancel?: () => void;
}

export function FleetForm({ slug, fleet, onSaved, onCancel }: FleetFormProps) {
  const { t } = useTranslation('fleets');
  const initial = fleet ? fleetToValues(fleet) : defaultFleetValues();
  const form = useForm<FleetValues>({ resolver: zodResolver(fleetFormSchema), defaultValues: initial });
  const draft = useDraft(form, fleet ? `fleet-edit.${slug}.${fleet.id}` : `fleet-create.${slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: async (values: FleetValues) => {
      const body = toFleetRequest(values);
      if (!fleet) return unwrap(api.POST('/api/v1/events/{slug}/fleets', { params: { path: { slug } }, body }));
      const changed = changedFleetFields(toFleetRequest(initial), body);
      if (Object.keys(changed).length === 0) return { data: fleet, message: t('unchanged') };
      return unwrap(api.PATCH('/api/v1/events/{slug}/fleets/{fleetId}', { params: { path: { slug, fleetId: fleet.id } }, body: changed }));
    },
    onSuccess: async (answer) => {
      draft.clear();
      setGeneral([]);
      if (!fleet) form.reset(defaultFleetValues());
      await onSaved(fleet ? t('saved', { name: answer.data.name }) : t('added', { name: answer.data.name }));
    },
    onError: (error) => {
      setGeneral(applyApiError(form, error));
      if (error instanceof ApiError && error.code === 'duplicate_fleet_name') form.setError('name', { type: 'server', message: 'fleets:validation.fleetNameTaken' });
    },
  });

  const { errors } = form.formState;
  const system = form.watch('handicap.system');
  const penaltyBasis = form.watch('penaltyBasis');
  const proportional = form.watch('proportional');
  const redressMethod = form.watch('redress.defaultMethod');
  const params = paramsOf(system);

  return (
    <>
      <ProblemAlert error={inOwnWords(save.error, t, 'fleets')} general={general} />
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} aria-label={fleet ? t('editNamed', { name: fleet.name }) : t('addTitle')}>
        <Field label={t('fields.name')} error={errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} />}
        </Field>

        <fieldset>
          <legend>{t('sections.scoring')}</legend>
          <div className="form-row">
            <Field label={t('fields.scoringSystem')} error={errors.scoringSystem?.message}>
              {(a) => (
                <select {...a} {...form.register('scoringSystem')}>
                  {SCORING_SYSTEMS.map((s) => <option key={s} value={s}>{t(`scoring.${s}`)}</option>)}
                </select>
              )}
            </Field>
            <Field label={t('fields.penaltyBasis')} error={errors.penaltyBasis?.message}>
              {(a) => (
                <select {...a} {...form.register('penaltyBasis')}>
                  {PENALTY_BASES.map((p) => <option key={p} value={p}>{t(`penalty.${p}`)}</option>)}
                </select>
              )}
            </Field>
          </div>
          {penaltyBasis === 'finishers_plus' && (
            <div className="form-row">
              <Field label={t('fields.finishersPlusDnf')} error={errors.finishersPlus?.dnf?.message} hint={t('hints.finishersPlusDnf')}>
                {(a) => <input {...a} inputMode="numeric" {...form.register('finishersPlus.dnf')} />}
              </Field>
              <Field label={t('fields.finishersPlusDnc')} error={errors.finishersPlus?.dnc?.message} hint={t('hints.finishersPlusDnc')}>
                {(a) => <input {...a} inputMode="numeric" {...form.register('finishersPlus.dnc')} />}
              </Field>
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend>{t('sections.handicap')}</legend>
          <Field label={t('fields.handicapSystem')} error={errors.handicap?.system?.message}>
            {(a) => (
              <select {...a} {...form.register('handicap.system')}>
                {HANDICAP_SYSTEMS.map((h) => <option key={h} value={h}>{t(`handicap.${h}`)}</option>)}
              </select>
            )}
          </Field>
          {params.length === 0 ? (
            <p className="muted">{t('noParams')}</p>
          ) : (
            <>
              {t(`formula.${system}`, { defaultValue: '' }) && <p className="muted">{t(`formula.${system}`)}</p>}
              <div className="form-row">
                {params.map(([name, spec]) => (
                  <Field
                    key={`${system}-${name}`}
                    label={t(`params.${name}`)}
                    error={errors.handicap?.params?.[name]?.message}
                    hint={t('hints.param', { min: spec.min, max: spec.max, default: spec.default })}
                  >
                    {(a) => <input {...a} inputMode="decimal" {...form.register(`handicap.params.${name}`)} />}
                  </Field>
                ))}
              </div>
            </>
          )}
        </fieldset>

        <fieldset>
          <legend>{t('sections.discards')}</legend>
          <label className="inline-field">
            <input type="checkbox" {...form.register('proportional')} />
            <span>{t('fields.proportional')}</span>
          </label>
          {proportional ? (
            <div className="form-row">
              <Field label={t('fields.firstAt')} error={errors.proportionalDiscards?.firstAt?.message} hint={t('hints.firstAt')}>
                {(a) => <input {...a} inputMode="numeric" {...form.register('proportionalDiscards.firstAt')} />}
              </Field>
              <Field label={t('fields.everyRaces')} error={errors.proportionalDiscards?.everyRaces?.message} hint={t('hints.everyRaces')}>
                {(a) => <input {...a} inputMode="numeric" {...form.register('proportionalDiscards.everyRaces')} />}
              </Field>
            </div>
          ) : (
            <div className="form-row">
              <Field label={t('fields.discardThresholds')} error={errors.discardThresholds?.message} hint={t('hints.discardThresholds')}>
                {(a) => <input {...a} {...form.register('discardThresholds')} />}
              </Field>
              <Field label={t('fields.dropRaces')} error={errors.dropRaces?.message} hint={t('hints.dropRaces')}>
                {(a) => <input {...a} inputMode="numeric" {...form.register('dropRaces')} />}
              </Field>
            </div>
          )}
        </fieldset>

        <fieldset>
          <legend>{t('sections.redress')}</legend>
          <Field label={t('fields.redressMethod')} error={errors.redress?.defaultMethod?.message}>
            {(a) => (
              <select {...a} {...form.register('redress.defaultMethod')}>
                <option value="">{t('redress.none')}</option>
                {REDRESS_METHODS.map((m) => <option key={m} value={m}>{t(`redress.${m}`)}</option>)}
              </select>
            )}
          </Field>
          {redressMethod !== '' && (
            <label className="inline-field">
              <input type="checkbox" {...form.register('redress.excludeDnc')} />
              <span>{t('fields.excludeDnc')}</span>
            </label>
          )}
        </fieldset>

        <div className="actions">
          <button type="submit" disabled={save.isPending}>{fleet ? t('save') : t('add')}</button>
          {onCancel && (
            <button type="button" className="secondary" onClick={() => { draft.clear(); onCancel(); }}>{t('common:actions.cancel')}</button>
          )}
        </div>
      </form>
    </>
  );
}
