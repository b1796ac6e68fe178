/**
 * /me/regattas, "My regattas": the signed-in sailor's entries (status, waitlist position, fleet,
 * boat; waivers to accept), the regattas coming up, her results and racing history from the sailors
 * service, and her boats with their ratings.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { formatDate } from '../../i18n/format';
import { Empty, QueryView } from '../../ui/states';
import { useMyBoats } from '../enter/api';
import { statusLine } from '../enter/EntryConfirmation';
import { entryPath } from '../enter/form';
import { splitByDate, useMyEntries, useMyHistory, type MyEntry } from './api';

function EntryRows({ entries, labelledBy }: { entries: MyEntry[]; labelledBy: string }) {
  const { t, i18n } = useTranslation('myRegattas');
  const { t: te } = useTranslation('enter');
  return (
    <div className="table-wrap">
      <table className="responsive" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t('col.regatta')}</th>
            <th scope="col">{t('col.dates')}</th>
            <th scope="col">{t('col.status')}</th>
            <th scope="col">{t('col.fleet')}</th>
            <th scope="col">{t('col.boat')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t('col.regatta')}><Link to={entryPath(entry.event.slug, entry.id)}>{entry.event.name}</Link></td>
              <td data-label={t('col.dates')}>{formatDate(entry.event.startDate, i18n.language)}</td>
              <td data-label={t('col.status')}>
                {statusLine(te, entry)}
                {entry.pendingWaivers.length > 0 && <><br /><strong>{t('toAccept', { count: entry.pendingWaivers.length })}</strong></>}
              </td>
              <td data-label={t('col.fleet')}>{entry.fleetName}</td>
              <td data-label={t('col.boat')}>{entry.boat.sailNumber ? `${entry.boat.name} (${entry.boat.sailNumber})` : entry.boat.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function MyRegattas() {
  const { t, i18n } = useTranslation('myRegattas');
  const session = useSession();
  const entries = useMyEntries();
  const boats = useMyBoats();
  const history = useMyHistory(session.data?.user.id);
  const ids = { upcoming: useId(), entries: useId(), history: useId(), boats: useId() };
  return (
    <div className="my-regattas">
      <h1>{t('title')}</h1>
      <QueryView query={entries} label={t('loading')}>
        {(all) => {
          const { upcoming, past } = splitByDate(all, new Date());
          return (
            <>
              <section aria-labelledby={ids.upcoming}>
                <h2 id={ids.upcoming}>{t('upcoming')}</h2>
                {upcoming.length === 0 ? <Empty>{t('noUpcoming')}</Empty> : <EntryRows entries={upcoming} labelledBy={ids.upcoming} />}
              </section>
              <section aria-labelledby={ids.entries}>
                <h2 id={ids.entries}>{t('pastEntries')}</h2>
                {past.length === 0 ? <Empty>{t('noPast')}</Empty> : <EntryRows entries={past} labelledBy={ids.entries} />}
              </section>
            </>
          );
        }}
      </QueryView>
      <section aria-labelledby={ids.history}>
        <h2 id={ids.history}>{t('history.title')}</h2>
        <QueryView query={history}>
          {(data) =>
            !data || data.history.length === 0 ? (
              <Empty>{t('history.none')}</Empty>
            ) : (
              <>
                <p>{t('history.stats', { events: data.stats.events, races: data.stats.racesSailed, wins: data.stats.wins, podiums: data.stats.podiums })}</p>
                <div className="table-wrap">
                  <table className="responsive" aria-labelledby={ids.history}>
                    <thead>
                      <tr>
                        <th scope="col">{t('col.regatta')}</th>
                        <th scope="col">{t('col.dates')}</th>
                        <th scope="col">{t('col.fleet')}</th>
                        <th scope="col">{t('col.boat')}</th>
                        <th scope="col" className="num">{t('col.place')}</th>
                        <th scope="col" className="num">{t('col.points')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.history.map((row) => (
                        <tr key={`${row.event.id}-${row.fleet.id}-${row.boat.id}`}>
                          <td data-label={t('col.regatta')}>{row.event.slug ? <a href={`/regattas/${row.event.slug}/standings`}>{row.event.name}</a> : row.event.name}</td>
                          <td data-label={t('col.dates')}>{formatDate(row.date, i18n.language)}</td>
                          <td data-label={t('col.fleet')}>{row.fleet.name}</td>
                          <td data-label={t('col.boat')}>{row.boat.sailNumber ? `${row.boat.name} (${row.boat.sailNumber})` : row.boat.name}</td>
                          <td data-label={t('col.place')} className="num">{row.finalPosition === null ? '—' : t('history.place', { place: row.finalPosition, of: row.fleetSize ?? '?' })}</td>
                          <td data-label={t('col.points')} className="num">{row.points ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )
          }
        </QueryView>
      </section>
      <section aria-labelledby={ids.boats}>
        <h2 id={ids.boats}>{t('boats.title')}</h2>
        <QueryView query={boats}>
          {(list) =>
            list.length === 0 ? (
              <Empty>{t('boats.none')}</Empty>
            ) : (
              <ul>
                {list.map((boat) => (
                  <li key={boat.id}>
                    <strong>{boat.sailNumber ? `${boat.name} (${boat.sailNumber})` : boat.name}</strong>
                    {boat.model ? `, ${boat.model}` : ''}
                    {Object.keys(boat.ratings).length > 0 && ` · ${Object.entries(boat.ratings).map(([key, value]) => `${key.toUpperCase()} ${value}`).join(', ')}`}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
    </div>
  );
}
