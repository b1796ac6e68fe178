/**
 * The entries of a regatta (/regattas/:slug/entries, inside the regatta's layout, which shows its h1
 * and tabs): places taken per fleet and in the regatta, the entry list per fleet, the waitlist apart
 * in its order, cancelled entries on request; search and filters kept in the URL; adding an entry on
 * a sailor's behalf; payment, status, rating and crew changes; the entry list as CSV.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { formatDateTime } from '../../i18n/format';
import { useRegatta, type Regatta } from '../regattas/useRegatta';
import { downloadEntriesCsv, useEntries, useFleets } from './api';
import { paymentMessage, statusMessage, useEntryChanges } from './actions';
import { AddEntry } from './AddEntry';
import { ManageEntry } from './ManageEntry';
import './entries.css';
import {
  ENTRY_STATUSES,
  PAYMENT_STATUSES,
  countPlaces,
  entryName,
  entryWindow,
  filterEntries,
  filterFromParams,
  filterToParams,
  isFiltered,
  NO_FILTER,
  showsCancelled,
  ratingSpecOf,
  splitEntries,
  type Entry,
  type EntryFilter,
  type Fleet,
  type Places,
} from './rules';

function timeZoneOf(regatta: Regatta): string | null {
  return (regatta as { timeZone?: string | null }).timeZone ?? null;
}

export default function Entries() {
  const { t } = useTranslation('entries');
  const { slug = '' } = useParams();
  const regatta = useRegatta();
  const fleets = useFleets(slug);
  const listed = useEntries(slug, 'listed');
  return (
    <QueryView query={regatta}>
      {(event) => (
        <QueryView query={fleets}>
          {(fleetList) => (
            <QueryView query={listed} label={t('loading')}>
              {(entries) => <EntriesScreen slug={slug} regatta={event} fleets={fleetList} entries={entries} />}
            </QueryView>
          )}
        </QueryView>
      )}
    </QueryView>
  );
}

function EntriesScreen({ slug, regatta, fleets, entries }: { slug: string; regatta: Regatta; fleets: Fleet[]; entries: Entry[] }) {
  const { t } = useTranslation('entries');
  const ids = { title: useId(), add: useId(), list: useId(), waitlist: useId(), cancelled: useId() };
  // The filter is the screen's state (typing stays instant) and is mirrored in the URL for links.
  const [params, setParams] = useSearchParams();
  const [filter, setFilterState] = useState(() => filterFromParams(params));
  const query = filterToParams(filter).toString();
  useEffect(() => {
    if (query !== params.toString()) setParams(new URLSearchParams(query), { replace: true });
  }, [query, params, setParams]);
  const showCancelled = showsCancelled(filter);
  const cancelled = useEntries(slug, 'cancelled', showCancelled);
  const { patch } = useEntryChanges(slug);
  const download = useMutation({ mutationFn: () => downloadEntriesCsv(slug) });
  const [adding, setAdding] = useState(false);
  // The entry in the dialog as it was opened; its fresh state from the lists while it is there
  // (a cancelled entry leaves the listed ones, and the dialog stays until it has said so).
  const [managing, setManaging] = useState<Entry | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<unknown>(null);

  const timeZone = timeZoneOf(regatta);
  const fleetById = new Map(fleets.map((fleet) => [fleet.id, fleet]));
  const places = countPlaces(fleets, entries, regatta.maxParticipants);
  const shown = filterEntries(entries, filter);
  const { entered, waitlist } = splitEntries(shown);
  const cancelledShown = filterEntries(cancelled.data ?? [], { ...filter, status: '' });
  const managed = managing ? ([...entries, ...(cancelled.data ?? [])].find((entry) => entry.id === managing.id) ?? managing) : undefined;

  const setFilter = (change: Partial<EntryFilter>) => setFilterState((current) => ({ ...current, ...change }));

  const quick = {
    markPaid: (entry: Entry) => {
      setAnnouncement('');
      setActionError(null);
      patch.mutate({ registrationId: entry.id, body: { paymentStatus: 'paid' } }, { onSuccess: (change) => setAnnouncement(paymentMessage(t, change)), onError: setActionError });
    },
    promote: (entry: Entry) => {
      setAnnouncement('');
      setActionError(null);
      patch.mutate({ registrationId: entry.id, body: { status: 'registered' } }, { onSuccess: (change) => setAnnouncement(statusMessage(t, change, 'waitlisted')), onError: setActionError });
    },
    manage: (entry: Entry) => {
      setActionError(null);
      setManaging(entry);
    },
    busy: patch.isPending,
  };

  const statusShows = (section: 'entered' | 'waitlist' | 'cancelled'): boolean => {
    if (section === 'cancelled') return showCancelled;
    if (filter.status === '') return true;
    if (section === 'waitlist') return filter.status === 'waitlisted';
    return filter.status === 'registered' || filter.status === 'no_show';
  };
  const fleetsShown = fleets.filter((fleet) => filter.fleet === '' || fleet.id === filter.fleet);
  const matching = (statusShows('entered') ? entered.length : 0) + (statusShows('waitlist') ? waitlist.length : 0) + (showCancelled ? cancelledShown.length : 0);
  const total = entries.length + (showCancelled ? (cancelled.data?.length ?? 0) : 0);

  return (
    <div className="entries">
      <section aria-labelledby={ids.title}>
        <h2 id={ids.title}>{t('title')}</h2>
        <div className="actions">
          <button type="button" aria-expanded={adding} {...(adding ? { 'aria-controls': ids.add } : {})} onClick={() => setAdding(!adding)} disabled={fleets.length === 0}>
            {t('add.open')}
          </button>
          <button type="button" className="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? t('csv.preparing') : t('csv.download')}
          </button>
        </div>
        <ProblemAlert error={download.error} />
        {fleets.length === 0 && <p className="notice">{t('noFleets')}</p>}
        <WindowNotice regatta={regatta} timeZone={timeZone} />
        <p role="status" className={announcement ? 'notice' : undefined}>{announcement}</p>
        <ProblemAlert error={inOwnWords(actionError, t, 'entries')} />
        <PlacesTable places={places} />
      </section>

      {adding && (
        <section id={ids.add} aria-labelledby={`${ids.add}-h`}>
          <h2 id={`${ids.add}-h`}>{t('add.title')}</h2>
          <AddEntry slug={slug} fleets={fleets} headingId={`${ids.add}-h`} />
          <div className="actions">
            <button type="button" className="secondary" onClick={() => setAdding(false)}>{t('add.close')}</button>
          </div>
        </section>
      )}

      <section aria-labelledby={ids.list}>
        <h2 id={ids.list}>{t('list.title')}</h2>
        <Filters fleets={fleets} filter={filter} showCancelled={showCancelled} onChange={setFilter} onClear={() => setFilterState(NO_FILTER)} />
        <p role="status" className="muted">{isFiltered(filter) ? t('list.matching', { count: matching, total }) : t('list.count', { count: entries.length })}</p>
        {statusShows('entered') &&
          fleetsShown.map((fleet) => {
            const rows = entered.filter((entry) => entry.fleetId === fleet.id);
            const counts = places.fleets.find((row) => row.fleet.id === fleet.id);
            return (
              <section key={fleet.id} aria-labelledby={`${ids.list}-${fleet.id}`}>
                <h3 id={`${ids.list}-${fleet.id}`}>
                  {fleet.name}{' '}
                  <span className="muted">
                    {counts?.maxBoats ? t('places.ofLimit', { count: counts.registered, limit: counts.maxBoats }) : t('places.entered', { count: counts?.registered ?? 0 })}
                  </span>
                </h3>
                {rows.length === 0 ? (
                  <Empty>{isFiltered(filter) ? t('list.noneMatching') : t('list.none')}</Empty>
                ) : (
                  <EntryTable kind="entered" entries={rows} fleetById={fleetById} timeZone={timeZone} actions={quick} labelledBy={`${ids.list}-${fleet.id}`} />
                )}
              </section>
            );
          })}
      </section>

      {statusShows('waitlist') && (
        <section aria-labelledby={ids.waitlist}>
          <h2 id={ids.waitlist}>{t('waitlist.title')}</h2>
          <p className="hint">{t('waitlist.hint')}</p>
          {waitlist.length === 0 ? (
            <Empty>{isFiltered(filter) ? t('list.noneMatching') : t('waitlist.none')}</Empty>
          ) : (
            <EntryTable kind="waitlist" entries={waitlist} fleetById={fleetById} timeZone={timeZone} actions={quick} labelledBy={ids.waitlist} />
          )}
        </section>
      )}

      {showCancelled && (
        <section aria-labelledby={ids.cancelled}>
          <h2 id={ids.cancelled}>{t('cancelled.title')}</h2>
          <QueryView query={cancelled}>
            {() =>
              cancelledShown.length === 0 ? (
                <Empty>{isFiltered({ ...filter, status: '' }) ? t('list.noneMatching') : t('cancelled.none')}</Empty>
              ) : (
                <EntryTable kind="cancelled" entries={cancelledShown} fleetById={fleetById} timeZone={timeZone} actions={quick} labelledBy={ids.cancelled} />
              )
            }
          </QueryView>
        </section>
      )}

      {managed && (
        <ManageEntry
          key={managed.id}
          slug={slug}
          entry={managed}
          fleet={fleetById.get(managed.fleetId)}
          timeZone={timeZone}
          onClose={() => setManaging(null)}
          onCancelled={(message) => {
            setManaging(null);
            setAnnouncement(message);
          }}
        />
      )}
    </div>
  );
}

function WindowNotice({ regatta, timeZone }: { regatta: Regatta; timeZone: string | null }) {
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

function PlacesTable({ places }: { places: Places }) {
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

function Filters({
  fleets,
  filter,
  showCancelled,
  onChange,
  onClear,
}: {
  fleets: Fleet[];
  filter: EntryFilter;
  showCancelled: boolean;
  onChange: (change: Partial<EntryFilter>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('entries');
  const ids = { q: useId(), fleet: useId(), status: useId(), payment: useId(), cancelled: useId(), hint: useId() };
  return (
    <form role="search" aria-label={t('filters.label')} className="entry-filters" onSubmit={(event) => event.preventDefault()}>
      <div className="form-row">
        <div className="field">
          <label htmlFor={ids.q}>{t('filters.search')}</label>
          <input id={ids.q} type="search" aria-describedby={ids.hint} value={filter.q} onChange={(event) => onChange({ q: event.target.value })} />
          <p id={ids.hint} className="hint">{t('filters.searchHint')}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.fleet}>{t('filters.fleet')}</label>
          <select id={ids.fleet} value={filter.fleet} onChange={(event) => onChange({ fleet: event.target.value })}>
            <option value="">{t('filters.allFleets')}</option>
            {fleets.map((fleet) => <option key={fleet.id} value={fleet.id}>{fleet.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('filters.status')}</label>
          <select id={ids.status} value={filter.status} onChange={(event) => onChange({ status: event.target.value as EntryFilter['status'] })}>
            <option value="">{t('filters.allListed')}</option>
            {ENTRY_STATUSES.map((status) => <option key={status} value={status}>{t(`status.${status}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.payment}>{t('filters.payment')}</label>
          <select id={ids.payment} value={filter.payment} onChange={(event) => onChange({ payment: event.target.value as EntryFilter['payment'] })}>
            <option value="">{t('filters.anyPayment')}</option>
            {PAYMENT_STATUSES.map((payment) => <option key={payment} value={payment}>{t(`payment.${payment}`)}</option>)}
          </select>
        </div>
      </div>
      <div className="actions">
        <label className="inline-field" htmlFor={ids.cancelled}>
          <input
            id={ids.cancelled}
            type="checkbox"
            checked={showCancelled}
            disabled={filter.status === 'cancelled'}
            onChange={(event) => onChange({ cancelled: event.target.checked })}
          />
          {t('filters.showCancelled')}
        </label>
        {(isFiltered(filter) || showCancelled) && (
          <button type="button" className="secondary" onClick={onClear}>{t('filters.clear')}</button>
        )}
      </div>
    </form>
  );
}

interface RowActions {
  markPaid: (entry: Entry) => void;
  promote: (entry: Entry) => void;
  manage: (entry: Entry) => void;
  busy: boolean;
}

function EntryTable({
  kind,
  entries,
  fleetById,
  timeZone,
  actions,
  labelledBy,
}: {
  kind: 'entered' | 'waitlist' | 'cancelled';
  entries: Entry[];
  fleetById: Map<string, Fleet>;
  timeZone: string | null;
  actions: RowActions;
  labelledBy: string;
}) {
  const { t, i18n } = useTranslation('entries');
  const spec = kind === 'entered' ? ratingSpecOf(fleetById.get(entries[0]?.fleetId ?? '')) : undefined;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const label = (action: string, entry: Entry) => t('rowAction', { action, entry: entryName(entry) });
  return (
    <table className="responsive" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {kind === 'waitlist' && <th scope="col">{t('columns.position')}</th>}
          {kind !== 'entered' && <th scope="col">{t('columns.fleet')}</th>}
          <th scope="col">{t('columns.sailNumber')}</th>
          <th scope="col">{t('columns.boat')}</th>
          <th scope="col">{t('columns.skipper')}</th>
          {spec && <th scope="col">{t('rating.asEntered', { rating: t(`rating.short.${spec.key}`) })}</th>}
          {kind === 'entered' && <th scope="col">{t('columns.status')}</th>}
          <th scope="col">{t('columns.payment')}</th>
          <th scope="col">{t('columns.registered')}</th>
          <th scope="col">{t('columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => {
          const rating = spec ? entry.boat.ratings[spec.key] : undefined;
          return (
            <tr key={entry.id}>
              {kind === 'waitlist' && <td data-label={t('columns.position')}>{entry.waitlistPosition ?? index + 1}</td>}
              {kind !== 'entered' && <td data-label={t('columns.fleet')}>{entry.fleetName ?? fleetById.get(entry.fleetId)?.name}</td>}
              <td data-label={t('columns.sailNumber')}>{entry.boat.sailNumber ?? '—'}</td>
              <td data-label={t('columns.boat')}>
                <span>
                  {entry.boat.name}
                  {entry.boat.model && <span className="muted"> · {entry.boat.model}</span>}
                </span>
              </td>
              <td data-label={t('columns.skipper')}>{entry.sailor.name ?? '—'}</td>
              {spec && <td data-label={t('rating.asEntered', { rating: t(`rating.short.${spec.key}`) })}>{rating === undefined ? '—' : number.format(rating)}</td>}
              {kind === 'entered' && <td data-label={t('columns.status')}>{t(`status.${entry.status}`)}</td>}
              <td data-label={t('columns.payment')}>{entry.paymentStatus ? t(`payment.${entry.paymentStatus}`) : '—'}</td>
              <td data-label={t('columns.registered')}>{formatDateTime(entry.registrationTime, i18n.language, timeZone)}</td>
              <td data-label={t('columns.actions')}>
                <span className="row-actions">
                  {kind === 'waitlist' && (
                    <button type="button" disabled={actions.busy} aria-label={label(t('actions.promote'), entry)} onClick={() => actions.promote(entry)}>
                      {t('actions.promote')}
                    </button>
                  )}
                  {kind !== 'cancelled' && entry.paymentStatus === 'pending' && (
                    <button type="button" className="secondary" disabled={actions.busy} aria-label={label(t('actions.markPaid'), entry)} onClick={() => actions.markPaid(entry)}>
                      {t('actions.markPaid')}
                    </button>
                  )}
                  <button type="button" className="secondary" aria-label={label(t('actions.manage'), entry)} onClick={() => actions.manage(entry)}>
                    {t('actions.manage')}
                  </button>
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
