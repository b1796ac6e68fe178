/**
 * A ranking list's settings, for a new list (createRanking) or to change one (changeRanking, given
 * `list`): its name, formula (best n results or all of them, place points linear or a
 * class-association table, the window in months), class and nationality filters, the factor of
 * regattas without their own, and who may see it. What was typed is kept as a draft until the API
 * accepts it; a refusal shows on the field it concerns.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { applyApiError, Field, useDraft } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { useRankingChanges, type RankingList } from './api';
import { emptyRankingForm, fromRankingList, rankingFormSchema, toRankingChange, toRankingInput, type RankingFormValues } from './form';

export interface RankingFormProps {
  org: string;
  /** The list to change; a new list when absent. */
  list?: RankingList;
  onSaved: (listId: string, name: string) => void;
}

export function RankingForm({ org, list, onSaved }: RankingFormProps) {
  const { t, i18n } = useTranslation('rankings');
  const headingId = useId();
  const initial = list ? fromRankingList(list, i18n.language) : emptyRankingForm;
  const form = useForm<RankingFormValues>({ resolver: zodResolver(rankingFormSchema), defaultValues: initial });
  const draft = useDraft(form, list ? `ranking-change-${org}-${list.id}` : `ranking-create-${org}`);
  const [general, setGeneral] = useState<string[]>([]);
  const { create, change } = useRankingChanges(org);
  const mutation = list ? change : create;
  const errors = form.formState.errors;
  const kind = form.watch('formula.kind');
  const handlers = {
    onSuccess: (answer: { data: RankingList }) => {
      draft.clear();
      form.reset(list ? fromRankingList(answer.data, i18n.language) : emptyRankingForm);
      onSaved(answer.data.id, answer.data.name);
    },
    onError: (error: Error) => setGeneral(applyApiError(form, error)),
  };
  const submit = form.handleSubmit((values) =>
    list ? change.mutate({ listId: list.id, body: toRankingChange(values, list) }, handlers) : create.mutate(toRankingInput(values), handlers),
  );
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{list ? t('change.title', { name: list.name }) : t('create.title')}</h2>
      <ProblemAlert error={mutation.error} general={general} ns="rankings" />
      <form noValidate onSubmit={(event) => { setGeneral([]); void submit(event); }}>
        <Field label={t('create.name')} error={errors.name?.message}>
          {(a) => <input {...a} autoComplete="off" maxLength={200} {...form.register('name')} />}
        </Field>
        <fieldset>
          <legend>{t('create.formula')}</legend>
          <Field label={t('create.kind')} error={errors.formula?.kind?.message}>
            {(a) => (
              <select {...a} {...form.register('formula.kind')}>
                <option value="best_n">{t('kind.best_n')}</option>
                <option value="all">{t('kind.all')}</option>
              </select>
            )}
          </Field>
          {kind === 'best_n' && (
            <Field label={t('create.n')} error={errors.formula?.n?.message}>
              {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('formula.n')} />}
            </Field>
          )}
          <Field label={t('create.placePoints')} hint={t('create.placePointsHint')} error={errors.formula?.placePoints?.message}>
            {(a) => <input {...a} autoComplete="off" spellCheck={false} {...form.register('formula.placePoints')} />}
          </Field>
          <Field label={t('create.windowMonths')} error={errors.formula?.windowMonths?.message}>
            {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('formula.windowMonths')} />}
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('create.filters')}</legend>
          <Field label={t('create.class')} hint={t('create.classHint')} error={errors.filters?.class?.message}>
            {(a) => <input {...a} autoComplete="off" maxLength={100} {...form.register('filters.class')} />}
          </Field>
          <Field label={t('create.nationality')} hint={t('create.nationalityHint')} error={errors.filters?.nationality?.message}>
            {(a) => <input {...a} autoComplete="off" maxLength={3} {...form.register('filters.nationality')} />}
          </Field>
        </fieldset>
        <Field label={t('create.defaultFactor')} hint={t('create.defaultFactorHint')} error={errors.defaultFactor?.message}>
          {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register('defaultFactor')} />}
        </Field>
        <Field label={t('create.visibility')} error={errors.visibility?.message}>
          {(a) => (
            <select {...a} {...form.register('visibility')}>
              <option value="public">{t('visibility.public')}</option>
              <option value="members">{t('visibility.members')}</option>
            </select>
          )}
        </Field>
        <div className="actions">
          <button type="submit" disabled={mutation.isPending}>{list ? t('change.submit') : t('create.submit')}</button>
        </div>
      </form>
    </section>
  );
}
