/**
 * The organization's multi-event series (/orgs/:org/series): each series with its regattas' span,
 * a link to its standings and settings, and a new series.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../i18n/format';
import { Empty, QueryView } from '../../ui/states';
import { useSeriesList } from './api';
import { SeriesForm } from './SeriesForm';
import './series.css';

export default function SeriesList() {
  const { t, i18n } = useTranslation('series');
  const { org = '' } = useParams();
  const navigate = useNavigate();
  const series = useSeriesList(org);
  const listId = useId();
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <section aria-labelledby={listId}>
        <h2 id={listId}>{t('list')}</h2>
        <QueryView query={series}>
          {(rows) =>
            rows.length === 0 ? (
              <Empty>{t('none')}</Empty>
            ) : (
              <ul className="series-list">
                {rows.map((row) => (
                  <li key={row.id}>
                    <Link to={row.slug}>{row.name}</Link>{' '}
                    <span className="muted">
                      {t('summary', { count: row.eventCount, rule: t(`rule.${row.scoringRule}`), from: formatDate(row.startDate, i18n.language), to: formatDate(row.endDate, i18n.language) })}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      <SeriesForm org={org} onSaved={(slug, name) => navigate(slug, { state: { said: t('create.created', { name }) } })} />
    </>
  );
}
