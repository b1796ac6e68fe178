/**
 * The entries of a regatta (/regattas/:slug/entries, inside the regatta's layout, which shows its h1
 * and tabs): places taken per fleet and in the regatta, the entry list per fleet, the waitlist apart
 * in its order, cancelled entries on request; search and filters kept in the URL; adding an entry on
 * a sailor's behalf; payment, status, rating and crew changes; the entry list as CSV; the
 * organizer's entry form (questions and waivers) and each entry's answers and acceptances.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
import { useRegatta, type Regatta } from '../regattas/useRegatta';
import { downloadEntriesCsv, useEntries, useFleets } from './api';
import { paymentMessage, statusMessage, useEntryChanges } from './actions';
import { useEntryForm } from '../enter/api';
import { AddEntry } from './AddEntry';
import { EntryFormEditor } from './EntryFormEditor';
import { EntryFilters } from './EntryFilters';
import { EntryTable } from './EntryTable';
import { ManageEntry } from './ManageEntry';
import { PlacesTable, WindowNotice } from './Places';
import './entries.css';
import {
  countPlaces,
  filterEntries,
  filterFromParams,
  filterToParams,
  isFiltered,
  NO_FILTER,
  showsCancelled,
  splitEntries,
  type Entry,
  type EntryFilter,
  type Fleet,
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
  const entryForm = useEntryForm(slug);
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

      {entryForm.data && <EntryFormEditor slug={slug} form={entryForm.data} />}

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
        <EntryFilters fleets={fleets} filter={filter} showCancelled={showCancelled} onChange={setFilter} onClear={() => setFilterState(NO_FILTER)} />
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
                  <EntryTable kind="entered" entries={rows} fleetById={fleetById} timeZone={timeZone} actions={quick} labelledBy={`${ids.list}-${fleet.id}`} form={entryForm.data} />
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
            <EntryTable kind="waitlist" entries={waitlist} fleetById={fleetById} timeZone={timeZone} actions={quick} labelledBy={ids.waitlist} form={entryForm.data} />
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
          fleets={fleets}
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
