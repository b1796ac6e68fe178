/**
 * Finish records: written once. A record naming one it `replaces` marks that one superseded in the
 * same transaction (a record is replaced at most once: the unique index and the guarded update).
 */
import type { Queryable } from '@regatta/db';
import type { FinishKind, FinishRecord, Recorder, WaterCode } from '../domain/records.js';

interface FinishRow {
  id: string;
  event_id: string;
  race_id: string;
  kind: FinishKind;
  registration_id: string | null;
  sail_number: string | null;
  code: WaterCode | null;
  at: Date | null;
  device_at: Date | null;
  clock_offset_ms: number | null;
  replaces: string | null;
  superseded_by: string | null;
  note: string | null;
  recorder_kind: Recorder['kind'];
  recorder_id: string;
  recorder_label: string;
  body_hash: string;
  received_at: Date;
}

const toRecord = (row: FinishRow): FinishRecord => ({
  id: row.id,
  eventId: row.event_id,
  raceId: row.race_id,
  kind: row.kind,
  registrationId: row.registration_id,
  sailNumber: row.sail_number,
  code: row.code,
  at: row.at,
  deviceAt: row.device_at,
  clockOffsetMs: row.clock_offset_ms,
  replaces: row.replaces,
  supersededBy: row.superseded_by,
  note: row.note,
  recorder: { kind: row.recorder_kind, id: row.recorder_id, label: row.recorder_label },
  receivedAt: row.received_at,
});

/** Serializes the records of one race (their order snapshot is taken inside the transaction). */
export async function lockRace(client: Queryable, raceId: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7))', [`race-capture:${raceId}`]);
}

export async function finishById(q: Queryable, id: string): Promise<{ record: FinishRecord; bodyHash: string } | undefined> {
  const { rows } = await q.query<FinishRow>('SELECT * FROM finish_records WHERE id = $1', [id]);
  return rows[0] ? { record: toRecord(rows[0]), bodyHash: rows[0].body_hash } : undefined;
}

/** Inserts the record unless its id is known (then nothing is written and `inserted` is false). */
export async function insertFinish(
  client: Queryable,
  record: Omit<FinishRecord, 'receivedAt' | 'supersededBy'>,
  bodyHash: string,
): Promise<{ inserted: boolean; record: FinishRecord; bodyHash: string }> {
  const inserted = await client.query<FinishRow>(
    `INSERT INTO finish_records (id, event_id, race_id, kind, registration_id, sail_number, code, at, device_at, clock_offset_ms, replaces, note, recorder_kind, recorder_id, recorder_label, body_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (id) DO NOTHING RETURNING *`,
    [
      record.id,
      record.eventId,
      record.raceId,
      record.kind,
      record.registrationId,
      record.sailNumber,
      record.code,
      record.at,
      record.deviceAt,
      record.clockOffsetMs,
      record.replaces,
      record.note,
      record.recorder.kind,
      record.recorder.id,
      record.recorder.label,
      bodyHash,
    ],
  );
  if (inserted.rows[0]) return { inserted: true, record: toRecord(inserted.rows[0]), bodyHash };
  const existing = (await finishById(client, record.id))!;
  return { inserted: false, ...existing };
}

/** Marks `replacedId` (of the race, still in force) superseded by `byId`; false when it is not so. */
export async function supersede(client: Queryable, raceId: string, replacedId: string, byId: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE finish_records SET superseded_by = $3 WHERE id = $2 AND race_id = $1 AND superseded_by IS NULL AND kind <> 'deletion'`,
    [raceId, replacedId, byId],
  );
  return rowCount === 1;
}

/** A record in force of the race, for a replacement's check (locked until the transaction ends). */
export async function lockRecordInForce(client: Queryable, raceId: string, id: string): Promise<FinishRecord | undefined> {
  const { rows } = await client.query<FinishRow>(
    `SELECT * FROM finish_records WHERE id = $2 AND race_id = $1 AND superseded_by IS NULL AND kind <> 'deletion' FOR UPDATE`,
    [raceId, id],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Every record of the race, in arrival order. */
export async function finishesOfRace(q: Queryable, raceId: string): Promise<FinishRecord[]> {
  const { rows } = await q.query<FinishRow>('SELECT * FROM finish_records WHERE race_id = $1 ORDER BY seq', [raceId]);
  return rows.map(toRecord);
}
