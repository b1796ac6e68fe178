/**
 * The entry list's data, all through @regatta/client under the regatta's ['event', slug] key, so a
 * change anywhere in the regatta (invalidateQueries(['event', slug])) refreshes the entries too:
 * the listed entries (registered, waitlisted, no-show) read page by page, the cancelled ones only when
 * asked for, the fleets (getEvent include=fleets), an entry's ratings, and the CSV download.
 */
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { csvFileName, type Entry, type EntryStatus, type Fleet } from './rules';

const PAGE = 100;

export type EntryScope = 'listed' | 'cancelled';

export function entriesKey(slug: string, scope: EntryScope): readonly unknown[] {
  return ['event', slug, 'entries', scope];
}

/** Every entry of the regatta in registration order (the waitlist order), reading all pages. */
export async function fetchEntries(slug: string, status?: EntryStatus): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const body = await unwrap(
      api.GET('/api/v1/events/{slug}/registrations', { params: { path: { slug }, query: { limit: PAGE, offset, ...(status ? { status } : {}) } } }),
    );
    entries.push(...body.data);
    if (!body.pagination.hasMore || body.data.length === 0) return entries;
  }
}

export function useEntries(slug: string, scope: EntryScope, enabled = true) {
  return useQuery({
    queryKey: entriesKey(slug, scope),
    queryFn: () => fetchEntries(slug, scope === 'cancelled' ? 'cancelled' : undefined),
    enabled: enabled && slug !== '',
  });
}

export function useFleets(slug: string) {
  return useQuery({
    queryKey: ['event', slug, 'entries', 'fleets'],
    queryFn: async (): Promise<Fleet[]> => {
      const body = await unwrap(api.GET('/api/v1/events/{slug}', { params: { path: { slug }, query: { include: 'fleets' } } }));
      return body.data.fleets ?? [];
    },
    enabled: slug !== '',
  });
}

export type RegistrationRatings = Schemas['RegistrationRatings'];

export function useRatings(slug: string, registrationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['event', slug, 'entries', 'ratings', registrationId],
    queryFn: async (): Promise<RegistrationRatings> => {
      const body = await unwrap(api.GET('/api/v1/events/{slug}/registrations/{registrationId}/ratings', { params: { path: { slug, registrationId } } }));
      return body.data;
    },
    enabled,
  });
}

/** The waitlist position of an entry just made (1 = next to be promoted), read back from the list. */
export async function waitlistPositionOf(slug: string, registrationId: string): Promise<number | null> {
  const waitlist = await fetchEntries(slug, 'waitlisted');
  const index = waitlist.findIndex((entry) => entry.id === registrationId);
  if (index < 0) return null;
  return waitlist[index]?.waitlistPosition ?? index + 1;
}

/**
 * Downloads the API's CSV of the entry list (listRegistrations format=csv, the whole list) as
 * <slug>-entries.csv: the answer becomes a blob object URL clicked through a temporary anchor.
 */
export async function downloadEntriesCsv(slug: string): Promise<void> {
  const blob = await unwrap(api.GET('/api/v1/events/{slug}/registrations', { params: { path: { slug }, query: { format: 'csv' } }, parseAs: 'blob' }));
  const url = URL.createObjectURL(blob as Blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = csvFileName(slug);
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
