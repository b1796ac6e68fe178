/**
 * A series' settings, for a new series (createSeries) or to change one (updateSeries, given
 * `series`): its name, year, description, the organization's regattas it spans (ticked), how a
 * regatta scores (its net points or its place) and how many regattas count (best of). What was typed
 * is kept as a draft until the API accepts it; a refusal shows on the field it concerns.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { applyApiError, Field, useDraft } from '../../ui/form';
import { Empty, ProblemAlert } from '../../ui/states';
import { formatDate } from '../../i18n/format';
import { useOrganizationRegattas } from '../rankings/api';
import { useSeriesChanges, type SeriesDetail } from './api';
import './series.css';
import { emptySeriesForm, fromSeries, SCORING_RULES, seriesFormSchema, toCreateSeries, toSeriesChange, toggled, type SeriesFormValues } from './form';

export interface SeriesFormProps {
  org: string;
  /** The series to change; a new series when absent. */
  series?: SeriesDetail;
  onSaved: (slug: string, name: string) => void;
}

export function SeriesForm({ org, series, onSaved }: SeriesFormProps) {
  const { t, i18n } = useTranslation('series');
  const headingId = useId();
  const regattasId = useId();
  const regattas = useOrganizationRegattas(org);
  const initial = series ? fromSeries(series) : emptySeriesForm(new Date().getUTCFullYear());
  const form = useForm<SeriesFormValues>({ resolver: zodResolver(seriesFormSchema), defaultValues: initial });
  const draft = useDraft(form, series ? `series-change-${series.slug}` : `series-create-${org}`);
  const [general, setGeneral] = useState<string[]>([]);
  const { create, change } = useSeriesChanges(org);
  const mutation = series ? change : create;
  const errors = form.formState.errors;
  const chosen = form.watch('events');
  const handlers = {
    onSuccess: (answer: { data: SeriesDetail }) => {
      draft.clear();
      form.reset(series ? fromSeries(answer.data) : emptySeriesForm(new Date().getUTCFullYear()));
      onSaved(answer.data.slug, answer.data.name);
    },
    onError: (error: Error) => setGeneral(applyApiError(form, error)),
  };
  const submit = form.handleSubmit((values) =>
    series ? change.mutate({ slug: series.slug, body: toSeriesChange(values) }, handlers) : create.mutate(toCreateSeries(values, org), handlers),
  );
  // The organization's regattas, and any of the series' regattas the list does not hold (another organization's).
  const known = regattas.data ?? [];
  const others = (series?.events ?? []).filter((event) => !known.some((regatta) => regatta.slug === event.slug));
  const options = [...known, ...others].sort((a, b) => a.startDate.localeCompare(b.startDate));
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{series ? t('change.title', { name: series.name }) : t('create.title')}</h2>
      <ProblemAlert error={mutation.error} general={general} ns="series" />
      <form noValidate onSubmit={(event) => { setGeneral([]); void submit(event); }}>
        <Field label={t('form.name')} error={errors.name?.message}>
          {(a) => <input {...a} autoComplete="off" maxLength={200} {...form.register('name')} />}
        </Field>
        {!series && (
          <Field label={t('form.year')} error={errors.year?.message}>
            {(a) => <input {...a} inputMode="numeric" autoComplete="off" maxLength={4} {...form.register('year')} />}
          </Field>
        )}
        <Field label={t('form.description')} error={errors.description?.message}>
          {(a) => <textarea {...a} rows={2} maxLength={5000} {...form.register('description')} />}
        </Field>
        <fieldset aria-describedby={eventsError ? `${regattasId}-error` : undefined}>
          <legend>{t('form.events')}</legend>
          {options.length === 0 && !regattas.isPending ? <Empty>{t('form.noRegattas')}</Empty> : null}
          <ul className="check-list">
            {options.map((regatta) => (
              <li key={regatta.slug}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(regatta.slug)}
                    onChange={(event) => form.setValue('events', toggled(form.getValues('events'), regatta.slug, event.target.checked), { shouldDirty: true })}
                  />{' '}
                  {regatta.name} <span className="muted">{formatDate(regatta.startDate, i18n.language)}</span>
                </label>
              </li>
            ))}
          </ul>
          {eventsError && <p id={`${regattasId}-error`} className="field-error">{t(eventsError, { defaultValue: eventsError })}</p>}
        </fieldset>
        <Field label={t('form.scoringRule')} hint={t('form.scoringRuleHint')} error={errors.scoringRule?.message}>
          {(a) => (
            <select {...a} {...form.register('scoringRule')}>
              {SCORING_RULES.map((rule) => <option key={rule} value={rule}>{t(`rule.${rule}`)}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('form.bestOf')} hint={t('form.bestOfHint')} error={errors.bestOf?.message}>
          {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('bestOf')} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={mutation.isPending}>{series ? t('change.submit') : t('create.submit')}</button>
        </div>
      </form>
    </section>
  );
}
