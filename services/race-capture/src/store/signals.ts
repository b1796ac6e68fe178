/** Race signals: written once, read per race or per regatta in the order they arrived. */
import type { Queryable } from '@regatta/db';
import type { Recorder, Signal, SignalKind } from '../domain/records.js';

interface SignalRow {
  id: string;
  event_id: string;
  start_id: string;
  race_ids: string[];
  kind: SignalKind;
  at: Date;
  device_at: Date | null;
  clock_offset_ms: number | null;
  sail_numbers: string[];
  note: string | null;
  recorder_kind: Recorder['kind'];
  recorder_id: string;
  recorder_label: string;
  body_hash: string;
  received_at: Date;
}

const toSignal = (row: SignalRow): Signal => ({
  id: row.id,
  eventId: row.event_id,
  startId: row.start_id,
  raceIds: row.race_ids,
  kind: row.kind,
  at: row.at,
  deviceAt: row.device_at,
  clockOffsetMs: row.clock_offset_ms,
  sailNumbers: row.sail_numbers,
  note: row.note,
  recorder: { kind: row.recorder_kind, id: row.recorder_id, label: row.recorder_label },
  receivedAt: row.received_at,
});

/** Inserts the signal unless its id is known; returns the stored one and its body hash. */
export async function insertSignal(client: Queryable, signal: Omit<Signal, 'receivedAt'>, bodyHash: string): Promise<{ inserted: boolean; signal: Signal; bodyHash: string }> {
  const inserted = await client.query<SignalRow>(
    `INSERT INTO race_signals (id, event_id, start_id, race_ids, kind, at, device_at, clock_offset_ms, sail_numbers, note, recorder_kind, recorder_id, recorder_label, body_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (id) DO NOTHING RETURNING *`,
    [
      signal.id,
      signal.eventId,
      signal.startId,
      signal.raceIds,
      signal.kind,
      signal.at,
      signal.deviceAt,
      signal.clockOffsetMs,
      signal.sailNumbers,
      signal.note,
      signal.recorder.kind,
      signal.recorder.id,
      signal.recorder.label,
      bodyHash,
    ],
  );
  if (inserted.rows[0]) return { inserted: true, signal: toSignal(inserted.rows[0]), bodyHash };
  const existing = await client.query<SignalRow>('SELECT * FROM race_signals WHERE id = $1', [signal.id]);
  return { inserted: false, signal: toSignal(existing.rows[0]!), bodyHash: existing.rows[0]!.body_hash };
}

export async function signalById(q: Queryable, id: string): Promise<{ signal: Signal; bodyHash: string } | undefined> {
  const { rows } = await q.query<SignalRow>('SELECT * FROM race_signals WHERE id = $1', [id]);
  return rows[0] ? { signal: toSignal(rows[0]), bodyHash: rows[0].body_hash } : undefined;
}

/** Signals naming any of the races, in arrival order. */
export async function signalsOfRaces(q: Queryable, raceIds: readonly string[]): Promise<Signal[]> {
  const { rows } = await q.query<SignalRow>('SELECT * FROM race_signals WHERE race_ids && $1::uuid[] ORDER BY seq', [raceIds]);
  return rows.map(toSignal);
}

export async function signalsOfEvent(q: Queryable, eventId: string): Promise<Signal[]> {
  const { rows } = await q.query<SignalRow>('SELECT * FROM race_signals WHERE event_id = $1 ORDER BY seq', [eventId]);
  return rows.map(toSignal);
}
