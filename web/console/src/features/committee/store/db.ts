/**
 * What the committee app keeps on the device (IndexedDB through Dexie), so a day without signal,
 * a reload, a crash or a flat battery loses nothing already shown:
 *   contexts  the regatta's fleets, races, entries and signals as last read with signal, by slug
 *   starts    the starts run on this device (races starting together, sequence, signal times)
 *   records   every signal and finish record made here, in the order made (`seq`), with its state:
 *             pending (not yet on the server), sent, or rejected (the server's problem beside it)
 *   movements the safety tally's sign-outs and sign-ins made here by the shore team, queued the same
 *             way (pending, sent or rejected), each with the client id the tally API takes
 *   devices   a committee device's token for a regatta, from its enrolment
 *   meta      the device's clock offset against the server, measured at every sync
 * A screen shows a record only once it is in `records` (it reads them back with a live query).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Schemas } from '@regatta/client';
import type { CaptureRecord, RecordState } from '../domain/records';

export type { CaptureRecord, FinishRecord, RecordState, SignalRecord, WireSignalKind } from '../domain/records';

export type CaptureContext = Schemas['CaptureContext'];

/** The capture context as the API gave it (fleets, races, entries, signals so far, who records), by slug. */
export interface StoredContext {
  slug: string;
  context: CaptureContext;
  savedAt: number;
}

export interface StoredStart {
  id: string;
  slug: string;
  raceIds: string[];
  sequence: number[];
  /** Device time of the warning signal's tap (the timer's anchor). */
  warningAt: number | null;
  /** Device time of the start signal. */
  startAt: number | null;
  /** The start this one replaces after a general recall or a postponement, and which of the two. */
  after: string | null;
  reason?: 'general_recall' | 'postponement';
  recalled: boolean;
  createdAt: number;
}

export interface StoredDevice {
  slug: string;
  deviceId: string;
  token: string;
  eventName: string;
  label: string | null;
  validUntil: string;
}

/** A sign-out or sign-in made on this device, kept until the tally API answered for it. */
export interface StoredMovement {
  id: string;
  slug: string;
  seq?: number;
  registrationId: string;
  kind: 'out' | 'in';
  /** The boat as the board showed it at the tap (sail number or name), to list it while unsent. */
  boat: string;
  /** When the person tapped, on this device's clock (ms). */
  madeAt: number;
  /** The device clock's offset from the server's at the tap (server = device + offset), when measured. */
  clockOffsetMs?: number;
  state: RecordState;
  problem?: { code: string; title: string };
}

export interface Meta {
  key: string;
  value: unknown;
}

export class CommitteeDb extends Dexie {
  contexts!: EntityTable<StoredContext, 'slug'>;
  starts!: EntityTable<StoredStart, 'id'>;
  records!: EntityTable<CaptureRecord, 'id'>;
  devices!: EntityTable<StoredDevice, 'slug'>;
  movements!: EntityTable<StoredMovement, 'id'>;
  meta!: EntityTable<Meta, 'key'>;

  constructor(name = 'regatta-committee') {
    super(name);
    this.version(1).stores({
      contexts: 'slug',
      starts: 'id, slug, createdAt',
      records: 'id, &seq, [slug+state], [slug+startId], slug',
      devices: 'slug',
      meta: 'key',
    });
    this.version(2).stores({ movements: 'id, &seq, [slug+state], slug' });
  }
}

let shared: CommitteeDb | undefined;
export function committeeDb(): CommitteeDb {
  shared ??= new CommitteeDb();
  return shared;
}

/**
 * Adds a record in order; resolves once IndexedDB committed it. `seq` is one more than the highest so
 * far, taken in the same transaction, so records keep the order they were made in.
 */
export async function addRecord(db: CommitteeDb, record: CaptureRecord): Promise<CaptureRecord> {
  return appendInOrder(db, db.records, record);
}

/** Adds a row to a queue table with `seq` one more than the highest, in one transaction. */
async function appendInOrder<T extends { id: string; seq?: number }>(db: CommitteeDb, table: EntityTable<T, 'id'>, row: T): Promise<T> {
  return db.transaction('rw', table, async () => {
    const last = await table.orderBy('seq').last();
    const stored = { ...row, seq: (last?.seq ?? 0) + 1 };
    await table.add(stored as never);
    return stored;
  });
}

export async function recordsOfStart(db: CommitteeDb, slug: string, startId: string): Promise<CaptureRecord[]> {
  const records = await db.records.where('[slug+startId]').equals([slug, startId]).toArray();
  return records.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export async function unsentRecords(db: CommitteeDb, slug: string): Promise<CaptureRecord[]> {
  const records = await db.records.where('[slug+state]').equals([slug, 'pending']).toArray();
  return records.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Adds a tally movement after the ones made before it; resolves once IndexedDB committed it. */
export async function addMovement(db: CommitteeDb, movement: StoredMovement): Promise<StoredMovement> {
  return appendInOrder(db, db.movements, movement);
}

export async function unsentMovements(db: CommitteeDb, slug: string): Promise<StoredMovement[]> {
  const movements = await db.movements.where('[slug+state]').equals([slug, 'pending']).toArray();
  return movements.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export interface ClockState {
  offsetMs: number;
  delayMs: number;
  measuredAt: number;
}

export async function readClock(db: CommitteeDb): Promise<ClockState | undefined> {
  return (await db.meta.get('clock'))?.value as ClockState | undefined;
}

export async function saveClock(db: CommitteeDb, clock: ClockState): Promise<void> {
  await db.meta.put({ key: 'clock', value: clock });
}
