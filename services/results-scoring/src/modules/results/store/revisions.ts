/** The immutable revisions of results (migration 003): written once, never updated. */
import type { Queryable } from '@regatta/db';
import type { BoatChange, EntrySnapshot, RevisionRecordKind } from '../domain/revisions.js';

export interface RevisionRecord {
  id: string;
  eventId: string;
  fleetId: string;
  raceId: string | null;
  raceIds: string[];
  seq: number | null;
  kind: RevisionRecordKind;
  reason: string;
  decisionId: string | null;
  revertedTo: string | null;
  userId: string | null;
  keyId: string | null;
  via: string;
  createdAt: Date;
  changes: BoatChange[];
  entries: EntrySnapshot[] | null;
}

interface RevisionDb {
  id: string;
  event_id: string;
  fleet_id: string;
  race_id: string | null;
  race_ids: string[];
  seq: number | null;
  kind: RevisionRecordKind;
  reason: string;
  decision_id: string | null;
  reverted_to: string | null;
  user_id: string | null;
  key_id: string | null;
  via: string;
  created_at: Date;
  changes: BoatChange[];
  entries: EntrySnapshot[] | null;
}

const revisionOf = (row: RevisionDb): RevisionRecord => ({
  id: row.id,
  eventId: row.event_id,
  fleetId: row.fleet_id,
  raceId: row.race_id,
  raceIds: row.race_ids,
  seq: row.seq,
  kind: row.kind,
  reason: row.reason,
  decisionId: row.decision_id,
  revertedTo: row.reverted_to,
  userId: row.user_id,
  keyId: row.key_id,
  via: row.via,
  createdAt: row.created_at,
  changes: row.changes,
  entries: row.entries,
});

/** The next revision number of the race (the caller holds the fleet's lock). */
export async function nextRevisionSeq(q: Queryable, raceId: string): Promise<number> {
  const { rows } = await q.query<{ seq: number }>(`SELECT COALESCE(max(seq), 0) + 1 AS seq FROM result_revisions WHERE race_id = $1`, [raceId]);
  return rows[0]?.seq ?? 1;
}

export async function insertRevision(q: Queryable, revision: Omit<RevisionRecord, 'id' | 'createdAt'>, at: Date): Promise<RevisionRecord> {
  const { rows } = await q.query<RevisionDb>(
    `INSERT INTO result_revisions (event_id, fleet_id, race_id, race_ids, seq, kind, reason, decision_id, reverted_to, user_id, key_id, via, created_at, changes, entries)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
    [
      revision.eventId,
      revision.fleetId,
      revision.raceId,
      revision.raceIds,
      revision.seq,
      revision.kind,
      revision.reason,
      revision.decisionId,
      revision.revertedTo,
      revision.userId,
      revision.keyId,
      revision.via,
      at,
      JSON.stringify(revision.changes),
      revision.entries === null ? null : JSON.stringify(revision.entries),
    ],
  );
  return revisionOf(rows[0]!);
}

export async function findRevision(q: Queryable, eventId: string, id: string): Promise<RevisionRecord | undefined> {
  const { rows } = await q.query<RevisionDb>(`SELECT * FROM result_revisions WHERE event_id = $1 AND id::text = $2`, [eventId, id]);
  return rows[0] ? revisionOf(rows[0]) : undefined;
}

export interface RevisionFilter {
  /** Any of these races (a race number names the race of that number in every fleet). */
  raceIds?: string[] | undefined;
  fleetId?: string | undefined;
  boatId?: string | undefined;
  limit: number;
  offset: number;
}

/** The event's revisions, newest first (limit + 1 read to tell whether there are more); a race filter includes the publication steps naming the race. */
export async function listRevisions(q: Queryable, eventId: string, filter: RevisionFilter): Promise<{ items: RevisionRecord[]; hasMore: boolean }> {
  const { rows } = await q.query<RevisionDb>(
    `SELECT * FROM result_revisions
      WHERE event_id = $1
        AND ($2::text[] IS NULL OR race_id = ANY($2::text[]) OR race_ids && $2::text[])
        AND ($3::text IS NULL OR fleet_id = $3)
        AND ($4::text IS NULL OR changes @> jsonb_build_array(jsonb_build_object('boatId', $4::text)))
      ORDER BY created_at DESC, race_id, seq DESC NULLS LAST, id
      LIMIT $5 OFFSET $6`,
    [eventId, filter.raceIds ?? null, filter.fleetId ?? null, filter.boatId ?? null, filter.limit + 1, filter.offset],
  );
  return { items: rows.slice(0, filter.limit).map(revisionOf), hasMore: rows.length > filter.limit };
}

/** The protest committee's decisions applied to the race after revision `seq` (newest last). */
export async function decisionsAfter(q: Queryable, raceId: string, seq: number): Promise<{ decisionId: string; seq: number }[]> {
  const { rows } = await q.query<{ decision_id: string; seq: number }>(
    `SELECT decision_id, seq FROM result_revisions WHERE race_id = $1 AND seq > $2 AND kind = 'decision' AND decision_id IS NOT NULL ORDER BY seq`,
    [raceId, seq],
  );
  return rows.map((r) => ({ decisionId: r.decision_id, seq: r.seq }));
}
