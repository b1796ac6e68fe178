/** What the entries screen says about places: the entry window of the regatta and the places taken per fleet. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import type { Regatta } from '../regattas/useRegatta';
import { entryWindow, type Places } from './rules';

export function WindowNotice({ regatta, timeZone }: { regatta: Regatta; timeZone: string | null }) {
  const { t, i18n } = useTranslation('entries');
  const window = entryWindow(regatta, new Date());
  const at = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  switch (window.state) {
    case 'notPublished':
      return <p className="notice">{t('window.notPublished', { status: t(`eventStatus.${window.status}`, { defaultValue: window.status }) })}</p>;
    case 'notYet':
      return <p className="notice">{t('window.notYet', { date: at(window.opens) })}</p>;
    case 'closed':
      return <p className="notice">{t('window.closed', { date: at(window.closed) })}</p>;
    default:
      return window.closes ? <p className="muted">{t('window.open', { date: at(window.closes) })}</p> : null;
  }
}

export function PlacesTable({ places }: { places: Places }) {
  const { t } = useTranslation('entries');
  return (
    <>
      <p>
        {places.maxParticipants !== null
          ? t('places.regatta', { count: places.registered, limit: places.maxParticipants, free: places.free })
          : t('places.regattaUnlimited', { count: places.registered })}{' '}
        {t('places.waiting', { count: places.waitlisted })}
      </p>
      {places.fleets.length > 0 && (
        <table className="responsive">
          <caption className="muted">{t('places.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.fleet')}</th>
              <th scope="col">{t('places.enteredCol')}</th>
              <th scope="col">{t('places.limitCol')}</th>
              <th scope="col">{t('places.noShowCol')}</th>
              <th scope="col">{t('places.waitlistCol')}</th>
            </tr>
          </thead>
          <tbody>
            {places.fleets.map((row) => (
              <tr key={row.fleet.id}>
                <td data-label={t('columns.fleet')}>{row.fleet.name}</td>
                <td data-label={t('places.enteredCol')}>{row.registered}</td>
                <td data-label={t('places.limitCol')}>{row.maxBoats ?? t('places.noLimit')}</td>
                <td data-label={t('places.noShowCol')}>{row.noShow}</td>
                <td data-label={t('places.waitlistCol')}>{row.waitlisted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
