/**
 * Split fleets: which fleet of the regatta qualifies, which are the final fleets (gold first) and
 * which sails the medal race, how scores carry forward and the discards (PUT split-series). Dealing
 * the boats into the final fleets happens later, from the results.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, ApiError } from '../../api/client';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { SPLIT_CARRY, splitFormSchema, splitToValues, toSplitRequest, type Fleet, type SplitDefinition, type SplitValues } from './schemas';

async function fetchSplit(slug: string): Promise<SplitDefinition | null> {
  try {
    return (await unwrap(api.GET('/api/v1/events/{slug}/split-series', { params: { path: { slug } } }))).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function SplitSeries({ slug, fleets, onSaved }: { slug: string; fleets: Fleet[]; onSaved: (message: string) => void }) {
  const { t } = useTranslation('fleets');
  const split = useQuery({ queryKey: ['event', slug, 'split-series'], queryFn: () => fetchSplit(slug), enabled: fleets.length >= 3 });
  return (
    <section aria-labelledby="split-series">
      <h3 id="split-series">{t('split.title')}</h3>
      <p className="muted">{t('split.intro')}</p>
      {fleets.length < 3 ? (
        <Empty>{t('split.needsFleets')}</Empty>
      ) : (
        <QueryView query={split}>
          {(definition) => <SplitForm key={definition?.updatedAt ?? 'new'} slug={slug} fleets={fleets} definition={definition} onSaved={onSaved} />}
        </QueryView>
      )}
    </section>
  );
}

function SplitForm({ slug, fleets, definition, onSaved }: { slug: string; fleets: Fleet[]; definition: SplitDefinition | null; onSaved: (message: string) => void }) {
  const { t } = useTranslation('fleets');
  const queryClient = useQueryClient();
  const form = useForm<SplitValues>({ resolver: zodResolver(splitFormSchema), defaultValues: splitToValues(fleets.map((f) => f.id), definition) });
  const draft = useDraft(form, `split.${slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (values: SplitValues) => unwrap(api.PUT('/api/v1/events/{slug}/split-series', { params: { path: { slug } }, body: toSplitRequest(values) })),
    onSuccess: async () => {
      draft.clear();
      setGeneral([]);
      await queryClient.invalidateQueries({ queryKey: ['event', slug, 'split-series'] });
      onSaved(t('split.saved'));
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  // The whole set of parts refused (no qualifying fleet, fewer than two finals) is an error on `roles`
  // itself; react-hook-form files it under roles.root when a fleet id starts with a digit (it takes
  // roles.<digits…> for a field array).
  const rolesErrors = errors.roles as { message?: string; root?: { message?: string } } | undefined;
  const rolesError = rolesErrors?.message ?? rolesErrors?.root?.message;
  const roles = form.watch('roles');
  const hasMedal = Object.values(roles).includes('medal');
  const names = (ids: readonly string[]) => ids.map((id) => fleets.find((f) => f.id === id)?.name ?? id).join(', ');
  const finalNumbers = fleets.map((_, index) => index + 1).slice(0, Math.max(2, fleets.length - 1));
  return (
    <>
      {definition && (
        <p>
          {t('split.defined', { qualifying: names(definition.qualifyingFleets), finals: names(definition.finalFleets) })}
          {definition.medal && ` ${t('split.definedMedal', { medal: names([definition.medal.fleetId]), size: definition.medal.size })}`}
        </p>
      )}
      <ProblemAlert error={inOwnWords(save.error, t, 'fleets')} general={general} />
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} aria-labelledby="split-series">
        <fieldset aria-describedby={rolesError ? 'split-roles-error' : undefined}>
          <legend>{t('split.roles')}</legend>
          <div className="form-row">
            {fleets.map((fleet) => (
              <Field key={fleet.id} label={t('split.roleOf', { name: fleet.name })} error={errors.roles?.[fleet.id]?.message}>
                {(a) => (
                  <select {...a} {...form.register(`roles.${fleet.id}`)}>
                    <option value="">{t('split.role.none')}</option>
                    <option value="qualifying">{t('split.role.qualifying')}</option>
                    {finalNumbers.map((n) => (
                      <option key={n} value={`final-${n}`}>{t(`split.role.final${n <= 3 ? n : 'N'}`, { n })}</option>
                    ))}
                    <option value="medal">{t('split.role.medal')}</option>
                  </select>
                )}
              </Field>
            ))}
          </div>
          {rolesError && <p id="split-roles-error" className="field-error">{t(rolesError)}</p>}
        </fieldset>
        <Field label={t('split.carry')} error={errors.carry?.message}>
          {(a) => (
            <select {...a} {...form.register('carry')}>
              {SPLIT_CARRY.map((c) => <option key={c} value={c}>{t(`split.carryMode.${c}`)}</option>)}
            </select>
          )}
        </Field>
        <div className="form-row">
          <Field label={t('split.discardThresholds')} error={errors.discardThresholds?.message} hint={t('hints.discardThresholds')}>
            {(a) => <input {...a} {...form.register('discardThresholds')} />}
          </Field>
          <Field label={t('split.maxFinalDiscards')} error={errors.maxFinalDiscards?.message} hint={t('split.maxFinalDiscardsHint')}>
            {(a) => <input {...a} inputMode="numeric" {...form.register('maxFinalDiscards')} />}
          </Field>
        </div>
        {hasMedal && (
          <div className="form-row">
            <Field label={t('split.medalSize')} error={errors.medalSize?.message} hint={t('split.medalSizeHint')}>
              {(a) => <input {...a} inputMode="numeric" {...form.register('medalSize')} />}
            </Field>
            <Field label={t('split.medalMultiplier')} error={errors.medalMultiplier?.message} hint={t('split.medalMultiplierHint')}>
              {(a) => <input {...a} inputMode="decimal" {...form.register('medalMultiplier')} />}
            </Field>
          </div>
        )}
        <div className="actions">
          <button type="submit" disabled={save.isPending}>{t('split.save')}</button>
        </div>
      </form>
    </>
  );
}
