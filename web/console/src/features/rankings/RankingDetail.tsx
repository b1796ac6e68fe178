/**
 * One ranking list as computed now (getRanking): its formula and filters (changed in place with the
 * list's form, changeRanking: the ranking below follows at once), the factor of each regatta
 * (setRankingFactor: pick one of the organization's regattas, type its factor), publishing the
 * computation as the next edition (publishRanking) with the latest edition shown, and the sailors
 * ranked with their points.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../i18n/format';
import { DataTable } from '../../ui/DataTable';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert, QueryView } from '../../ui/states';
import { ApiError } from '../../api/problem';
import { useOrganizationRegattas, useRanking, useRankingChanges, type Ranking } from './api';
import { toNumber } from './form';
import { RankingForm } from './RankingForm';

export function RankingDetail({ org, listId, onSaid }: { org: string; listId: string; onSaid: (message: string) => void }) {
  const ranking = useRanking(org, listId);
  return <QueryView query={ranking}>{(list) => <ListView org={org} list={list} onSaid={onSaid} />}</QueryView>;
}

function formulaText(list: Ranking, t: (key: string, options?: Record<string, unknown>) => string): string {
  const points = list.formula.placePoints === undefined || list.formula.placePoints === 'linear' ? t('detail.linear') : t('detail.table', { table: list.formula.placePoints.join('; ') });
  const counted = list.formula.kind === 'best_n' ? t('detail.bestN', { n: list.formula.n }) : t('detail.all');
  return t('detail.formula', { counted, points, months: list.formula.windowMonths });
}

function ListView({ org, list, onSaid }: { org: string; list: Ranking; onSaid: (message: string) => void }) {
  const { t, i18n } = useTranslation('rankings');
  const headingId = useId();
  const { publish } = useRankingChanges(org);
  const [editing, setEditing] = useState(false);
  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  const filters = [list.filters.class, list.filters.nationality, list.filters.gender, list.filters.ageGroup].filter(Boolean).join(', ');
  return (
    <section aria-labelledby={headingId} className="ranking-detail">
      <h2 id={headingId}>{list.name}</h2>
      <dl>
        <dt>{t('create.formula')}</dt>
        <dd>{formulaText(list, t)}</dd>
        <dt>{t('create.filters')}</dt>
        <dd>{filters || t('detail.noFilters')}</dd>
        <dt>{t('create.defaultFactor')}</dt>
        <dd>{number(list.defaultFactor)}</dd>
        <dt>{t('detail.edition')}</dt>
        <dd>
          {list.latestEdition
            ? t('detail.editionOf', { edition: list.latestEdition.edition, asOf: formatDate(list.latestEdition.asOf, i18n.language), at: formatDateTime(list.latestEdition.publishedAt, i18n.language) })
            : t('detail.unpublished')}
        </dd>
      </dl>
      <div className="actions">
        <button type="button" aria-expanded={editing} aria-label={t('change.openOf', { name: list.name })} onClick={() => setEditing(!editing)}>
          {t('change.open')}
        </button>
      </div>
      {editing && (
        <RankingForm
          org={org}
          list={list}
          onSaved={(_, name) => {
            setEditing(false);
            onSaid(t('change.saved', { name }));
          }}
        />
      )}
      <FactorForm org={org} list={list} onSaid={onSaid} />
      <h3>{t('detail.standings')}</h3>
      <div className="actions">
        <button
          type="button"
          disabled={publish.isPending}
          aria-label={t('detail.publishOf', { name: list.name })}
          onClick={() => publish.mutate(list.id, { onSuccess: (answer) => onSaid(t('detail.published', { name: list.name, edition: answer.data.edition })) })}
        >
          {t('detail.publish')}
        </button>
      </div>
      <ProblemAlert error={inOwnWords(publish.error, t, 'rankings')} />
      <DataTable
        rows={list.entries}
        caption={t('detail.standingsOf', { name: list.name, asOf: formatDate(list.asOf, i18n.language) })}
        rowKey={(entry) => entry.sailor.id}
        empty={t('detail.noEntries')}
        columns={[
          { header: t('detail.rank'), cell: (entry) => entry.rank },
          { header: t('detail.sailor'), cell: (entry) => entry.sailor.name ?? '–' },
          { header: t('detail.points'), cell: (entry) => number(entry.points) },
          { header: t('detail.counted'), cell: (entry) => entry.results.filter((result) => result.counted).map((result) => `${result.event.name} ${number(result.points)}`).join(', ') },
        ]}
      />
    </section>
  );
}

/** A regatta's factor: pick the regatta, type the factor (0 leaves it out of the list). */
function FactorForm({ org, list, onSaid }: { org: string; list: Ranking; onSaid: (message: string) => void }) {
  const { t, i18n } = useTranslation('rankings');
  const regattas = useOrganizationRegattas(org);
  const { factor } = useRankingChanges(org);
  const regattaId = useId();
  const factorId = useId();
  const errorId = useId();
  const [eventSlug, setEventSlug] = useState('');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState('');
  const number = (amount: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(amount);
  const refusal = factor.error instanceof ApiError ? factor.error.fieldErrors.find((entry) => entry.field.replace(/^body\./, '') === 'factor')?.message : undefined;
  const fieldError = invalid || refusal;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = toNumber(value);
    if (!/^\d+([.,]\d+)?$/.test(value.trim()) || !Number.isFinite(amount)) {
      setInvalid(t('form.number'));
      return;
    }
    setInvalid('');
    factor.mutate(
      { listId: list.id, eventSlug, factor: amount },
      { onSuccess: (answer) => { setValue(''); onSaid(t('factors.set', { regatta: answer.data.event.name, factor: number(answer.data.factor) })); } },
    );
  };
  return (
    <>
      <h3>{t('factors.title')}</h3>
      <DataTable
        rows={list.factors}
        caption={t('factors.caption', { name: list.name })}
        rowKey={(row) => row.event.id}
        empty={t('factors.none', { factor: number(list.defaultFactor) })}
        columns={[
          { header: t('factors.regatta'), cell: (row) => row.event.name ?? row.event.slug ?? '–' },
          { header: t('factors.factor'), cell: (row) => number(row.factor) },
        ]}
      />
      <form noValidate onSubmit={submit} className="factor-form">
        <div className="field">
          <label htmlFor={regattaId}>{t('factors.regatta')}</label>
          <select id={regattaId} value={eventSlug} onChange={(event) => setEventSlug(event.target.value)} required>
            <option value="">{t('factors.choose')}</option>
            {(regattas.data ?? []).map((regatta) => (
              <option key={regatta.id} value={regatta.slug}>{regatta.name}</option>
            ))}
          </select>
        </div>
        <div className={fieldError ? 'field field-invalid' : 'field'}>
          <label htmlFor={factorId}>{t('factors.factor')}</label>
          <input
            id={factorId}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            aria-invalid={!!fieldError}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {fieldError && <p id={errorId} className="field-error">{t(fieldError, { defaultValue: fieldError })}</p>}
        </div>
        <div className="actions">
          <button type="submit" disabled={factor.isPending || eventSlug === ''}>{t('factors.submit')}</button>
        </div>
      </form>
      {!refusal && <ProblemAlert error={inOwnWords(factor.error, t, 'rankings')} />}
    </>
  );
}
