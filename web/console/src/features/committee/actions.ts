/**
 * What a tap does: each writes to the device's storage first (IndexedDB commits it), then asks the
 * sync loop to send. The screens show what they read back from storage, so nothing is shown as
 * recorded before it is kept.
 */
import { addMovement, addRecord, committeeDb, type StoredMovement, type CaptureRecord, type StoredStart, type WireSignalKind } from './store/db';
import type { FinishCode } from './domain/records';
import { currentOffset } from './sync/sync';
import type { Boat } from './domain/boats';

const db = () => committeeDb();
const ONCE_PER_START: ReadonlySet<WireSignalKind> = new Set(['warning', 'preparatory', 'start']);
const id = () => crypto.randomUUID();

async function base(slug: string, startId: string, deviceAt: number) {
  return { id: id(), slug, startId, deviceAt, clockOffsetMs: await currentOffset(db()), state: 'pending' as const };
}

export async function newStart(slug: string, raceIds: string[], sequence: number[], after: string | null = null, reason?: StoredStart['reason']): Promise<StoredStart> {
  const start: StoredStart = { id: id(), slug, raceIds, sequence, warningAt: null, startAt: null, after, ...(reason ? { reason } : {}), recalled: false, createdAt: Date.now() };
  await db().starts.add(start);
  return start;
}

export async function recordSignal(start: StoredStart, kind: WireSignalKind, deviceAt: number, sailNumbers?: string[]): Promise<CaptureRecord> {
  const record: CaptureRecord = { ...(await base(start.slug, start.id, deviceAt)), type: 'signal', kind, raceIds: start.raceIds, ...(sailNumbers?.length ? { sailNumbers } : {}) };
  return db().transaction('rw', db().records, db().starts, async () => {
    // The sequence's signals are recorded once per start, whoever asks (the timer after a reload, a tap).
    if (ONCE_PER_START.has(kind)) {
      const earlier = (await db().records.where('[slug+startId]').equals([start.slug, start.id]).toArray()).find((r) => r.type === 'signal' && r.kind === kind);
      if (earlier) return earlier;
    }
    const stored = await addRecord(db(), record);
    if (kind === 'warning') await db().starts.update(start.id, { warningAt: deviceAt });
    if (kind === 'start') await db().starts.update(start.id, { startAt: deviceAt });
    return stored;
  });
}

/**
 * Joins a start another recorder ran (as the capture context shows it): the same start id and races,
 * its start time on this device's clock, no signal recorded here.
 */
export async function joinStart(slug: string, startId: string, raceIds: string[], startAtServer: number, offsetMs: number | null): Promise<StoredStart> {
  const startAt = startAtServer - (offsetMs ?? 0);
  const start: StoredStart = { id: startId, slug, raceIds, sequence: [], warningAt: startAt, startAt, after: null, recalled: false, createdAt: Date.now() };
  await db().starts.put(start);
  return start;
}

/** A general recall: the start is void and a new one (same races, same sequence) waits for its warning. */
export async function generalRecall(start: StoredStart, deviceAt: number): Promise<StoredStart> {
  await recordSignal(start, 'general_recall', deviceAt);
  await db().starts.update(start.id, { recalled: true });
  return newStart(start.slug, start.raceIds, start.sequence, start.id, 'general_recall');
}

export async function recordFinish(start: StoredStart, raceId: string, boat: Boat, deviceAt: number): Promise<CaptureRecord> {
  const sail = boat.sailNumber ? { sailNumber: boat.sailNumber } : {};
  return addRecord(db(), { ...(await base(start.slug, start.id, deviceAt)), type: 'finish', kind: 'finish', raceId, registrationId: boat.entryId, ...sail });
}

/** A code seen on the water for a boat (DNF, RET …): the boat is no longer expected at the line. */
export async function recordCode(start: StoredStart, raceId: string, boat: Boat, code: FinishCode, deviceAt: number): Promise<CaptureRecord> {
  return addRecord(db(), { ...(await base(start.slug, start.id, deviceAt)), type: 'finish', kind: 'code', raceId, registrationId: boat.entryId, code });
}

/** Ends a start before or after its signal (postponement, abandonment): the start is void; after a postponement the same races wait for a new warning. */
export async function voidStart(start: StoredStart, kind: 'postponement' | 'abandonment', deviceAt: number): Promise<StoredStart | undefined> {
  await recordSignal(start, kind, deviceAt);
  await db().starts.update(start.id, { recalled: true });
  return kind === 'postponement' ? newStart(start.slug, start.raceIds, start.sequence, start.id, 'postponement') : undefined;
}

/** A boat seen finishing but not identified; `note` keeps what was read of it (a partial sail number). */
export async function recordUnknown(start: StoredStart, raceId: string, deviceAt: number, note?: string): Promise<CaptureRecord> {
  return addRecord(db(), { ...(await base(start.slug, start.id, deviceAt)), type: 'finish', kind: 'finish', raceId, ...(note ? { note } : {}) });
}

/**
 * Names the boat of an unknown finish (any recorder's, from the reconciliation): a finish record at
 * the unknown one's time (`atServer`, on the server's clock) that stands instead of it.
 */
export async function resolveUnknown(start: StoredStart, raceId: string, boat: Boat, unknownId: string, atServer: number): Promise<CaptureRecord> {
  const offset = (await currentOffset(db())) ?? 0;
  return addRecord(db(), { id: id(), slug: start.slug, startId: start.id, deviceAt: atServer - offset, clockOffsetMs: offset, state: 'pending', type: 'finish', kind: 'finish', raceId, registrationId: boat.entryId, ...(boat.sailNumber ? { sailNumber: boat.sailNumber } : {}), replaces: unknownId });
}

/** Takes back a finish: a deletion record naming it (the first stays in the capture log). */
export async function undoFinish(start: StoredStart, target: CaptureRecord & { type: 'finish' }): Promise<CaptureRecord> {
  return addRecord(db(), { ...(await base(start.slug, start.id, Date.now())), type: 'finish', kind: 'deletion', raceId: target.raceId, replaces: target.id });
}

/**
 * The shore team signs a boat out or in for the safety tally: kept on the device with the time of the
 * tap (and the clock offset then), sent by the sync loop with that time, however late.
 */
export async function recordMovement(slug: string, registrationId: string, kind: 'out' | 'in', boat: string): Promise<StoredMovement> {
  const madeAt = Date.now();
  const offset = await currentOffset(db());
  return addMovement(db(), { id: id(), slug, registrationId, kind, boat, madeAt, ...(offset === null ? {} : { clockOffsetMs: offset }), state: 'pending' });
}
