/**
 * One multi-event series (/orgs/:org/series/:slug): its regattas, its standings across them, and its
 * settings changed in place (the standings follow once results-scoring has ranked it again).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDate } from '../../i18n/format';
import { QueryView } from '../../ui/states';
import { useSeries } from './api';
import { SeriesForm } from './SeriesForm';
import { SeriesStandings } from './SeriesStandings';
import './series.css';

export default function SeriesPage() {
  const { t, i18n } = useTranslation('series');
  const { org = '', slug = '' } = useParams();
  const location = useLocation();
  const series = useSeries(org, slug);
  const [said, setSaid] = useState(((location.state as { said?: string } | null)?.said) ?? '');
  const [editing, setEditing] = useState(false);
  // Just created or changed: follow the standings while results-scoring ranks the series.
  const [followUntil, setFollowUntil] = useState(() => Date.now() + 6000);
  return (
    <>
      <p><Link to={`/orgs/${org}/series`}>{t('back')}</Link></p>
      <QueryView query={series}>
        {(data) => (
          <>
            <h1>{data.name}</h1>
            <p role="status" className={said ? 'notice' : undefined}>{said}</p>
            <dl>
              <dt>{t('form.events')}</dt>
              <dd>
                <ol>
                  {data.events.map((event) => (
                    <li key={event.id}>
                      <Link to={`/regattas/${event.slug}`}>{event.name}</Link> <span className="muted">{formatDate(event.startDate, i18n.language)}</span>
                    </li>
                  ))}
                </ol>
              </dd>
              <dt>{t('form.scoringRule')}</dt>
              <dd>{t(`rule.${data.scoringRule}`)}</dd>
              <dt>{t('form.bestOf')}</dt>
              <dd>{data.bestOf ? t('bestOfCount', { count: data.bestOf }) : t('allCount')}</dd>
            </dl>
            <div className="actions">
              <button type="button" aria-expanded={editing} aria-label={t('change.openOf', { name: data.name })} onClick={() => setEditing(!editing)}>
                {t('change.open')}
              </button>
            </div>
            {editing && (
              <SeriesForm
                org={org}
                series={data}
                onSaved={(_, name) => {
                  setEditing(false);
                  setSaid(t('change.saved', { name }));
                  setFollowUntil(Date.now() + 6000);
                }}
              />
            )}
            <SeriesStandings org={org} slug={data.slug} followUntil={followUntil} />
          </>
        )}
      </QueryView>
    </>
  );
}
