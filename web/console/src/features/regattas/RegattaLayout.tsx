/**
 * The frame of one regatta's screens (/regattas/:slug and its children): the regatta's name as the
 * screen's only h1, its status, its days on the venue's clock, the links to its public page and to
 * the committee app (race day on the water), and the tabs to its overview, notice board, fleets and
 * races, entries, scoring desk and jury room.
 *
 * For the child screens: start your headings at h2 (this layout holds the h1), and get the regatta
 * with `useRegatta()` from features/regattas/useRegatta.ts (the query ['event', slug]; invalidate that
 * key after a change) or with useOutletContext<Regatta>(). Children are rendered once it has loaded.
 */
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { QueryView } from '../../ui/states';
import { formatDays } from './dates';
import { StatusBadge } from './StatusBadge';
import { useRegatta } from './useRegatta';

export default function RegattaLayout() {
  const { t, i18n } = useTranslation('regattas');
  const regatta = useRegatta();
  return (
    <QueryView query={regatta}>
      {(event) => (
        <>
          <header className="regatta-head">
            <h1>{event.name}</h1>
            <p className="actions">
              <StatusBadge status={event.status} />
              <span>{formatDays(event, i18n.language)}</span>
              {event.venue && <span>{event.venue}</span>}
            </p>
            <p className="muted">{t('layout.organization', { name: event.organization.name })}</p>
            <p>
              {event.status === 'draft' ? (
                <span className="muted">{t('layout.publicDraft')}</span>
              ) : (
                <a href={`/regattas/${encodeURIComponent(event.slug)}`}>{t('layout.publicPage')}</a>
              )}
              {event.status !== 'draft' && event.status !== 'cancelled' && (
                <>
                  {' · '}
                  <Link to={`/committee/${encodeURIComponent(event.slug)}`}>{t('layout.committee')}</Link>
                </>
              )}
            </p>
          </header>
          <nav aria-label={t('layout.sections')}>
            <ul className="tabs">
              <li><NavLink to="." end>{t('layout.overview')}</NavLink></li>
              <li><NavLink to="notices">{t('layout.notices')}</NavLink></li>
              <li><NavLink to="fleets">{t('layout.fleets')}</NavLink></li>
              <li><NavLink to="entries">{t('layout.entries')}</NavLink></li>
              <li><NavLink to="scoring">{t('scoring:tab')}</NavLink></li>
              <li><NavLink to="jury">{t('layout.jury')}</NavLink></li>
              <li><NavLink to="tally">{t('tally:tab')}</NavLink></li>
            </ul>
          </nav>
          <Outlet context={event} />
        </>
      )}
    </QueryView>
  );
}
