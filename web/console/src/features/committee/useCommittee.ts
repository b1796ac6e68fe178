/**
 * One regatta's committee app state: the credential it records with (an enrolled device's token, or
 * the member's session), the capture context (read from the API when there is signal, kept on the
 * device, shown from the device), the background sync loop and its status, and the current start.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { captureClient, captureTransport, fetchContext } from './api';
import { committeeDb, readClock, recordsOfStart, type StoredStart } from './store/db';
import { SyncLoop, type SyncStatus } from './sync/sync';

const db = committeeDb;
const OFFLINE: SyncStatus = { online: false, running: false, lastError: null, lastErrorStatus: null, lastSyncAt: null, nextRetryAt: null };

export function useCommittee(slug: string) {
  // undefined while IndexedDB is read; null when there is none.
  const device = useLiveQuery(async () => (await db().devices.get(slug)) ?? null, [slug]);
  const stored = useLiveQuery(async () => (await db().contexts.get(slug)) ?? null, [slug]);
  const token = device === undefined ? undefined : (device?.token ?? '');
  const client = useMemo(() => (token === undefined ? undefined : captureClient(token || undefined)), [token]);

  const refresh = useQuery({
    queryKey: ['capture-context', slug, token],
    enabled: client !== undefined,
    retry: false,
    refetchInterval: 60_000,
    queryFn: async () => {
      const context = await fetchContext(client!, slug);
      await db().contexts.put({ slug, context, savedAt: Date.now() });
      return context;
    },
  });

  const [loop, setLoop] = useState<SyncLoop>();
  useEffect(() => {
    if (!client) return undefined;
    const next = new SyncLoop(db(), slug, captureTransport(client, slug));
    next.start();
    setLoop(next);
    return () => next.stop();
  }, [client, slug]);
  const status = useSyncExternalStore(
    (listener) => loop?.subscribe(listener) ?? (() => undefined),
    () => loop?.status ?? OFFLINE,
  );

  const starts = useLiveQuery(() => db().starts.where('slug').equals(slug).sortBy('createdAt'), [slug]);
  const start: StoredStart | undefined = starts?.filter((s) => !s.recalled).at(-1);
  const records = useLiveQuery(() => (start ? recordsOfStart(db(), slug, start.id) : Promise.resolve([])), [slug, start?.id]);
  // Finish and signal records and the safety tally's movements wait in the same queue.
  const unsent = useLiveQuery(async () => (await db().records.where('[slug+state]').equals([slug, 'pending']).count()) + (await db().movements.where('[slug+state]').equals([slug, 'pending']).count()), [slug]);
  const rejected = useLiveQuery(() => db().records.where('[slug+state]').equals([slug, 'rejected']).toArray(), [slug]);
  const clock = useLiveQuery(() => readClock(db()), []);
  // A record added anywhere (a tap, a signal of the timer) is sent at once when there is signal.
  useEffect(() => {
    if (unsent) loop?.kick();
  }, [unsent, loop]);

  return { device, stored, client, refresh, loop, status, start, records: records ?? [], unsent: unsent ?? 0, rejected: rejected ?? [], clock };
}

export type Committee = ReturnType<typeof useCommittee>;
