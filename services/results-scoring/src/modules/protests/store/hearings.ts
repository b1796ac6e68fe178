/** SQL of hearings and the decisions recorded at them. */
import type { Queryable } from '@regatta/db';
import type { Consequence } from '../domain/consequence.js';
import type { RevisionRef } from '../domain/records.js';

export interface ScheduledHearing {
  protestId: string;
  eventId: string;
  startsAt: Date;
  room: string;
  partyBoatIds: string[];
  userId: string | null;
  keyId: string | null;
  at: Date;
}

/** Schedules the hearing, or moves it (a new time, room or parties replace the old). */
export async function saveHearing(q: Queryable, hearing: ScheduledHearing): Promise<void> {
  await q.query(
    `INSERT INTO hearings (protest_id, event_id, starts_at, room, party_boat_ids, scheduled_by_user_id, scheduled_by_key_id, scheduled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (protest_id) DO UPDATE SET starts_at = EXCLUDED.starts_at, room = EXCLUDED.room, party_boat_ids = EXCLUDED.party_boat_ids,
       scheduled_by_user_id = EXCLUDED.scheduled_by_user_id, scheduled_by_key_id = EXCLUDED.scheduled_by_key_id, scheduled_at = EXCLUDED.scheduled_at`,
    [hearing.protestId, hearing.eventId, hearing.startsAt, hearing.room, hearing.partyBoatIds, hearing.userId, hearing.keyId, hearing.at],
  );
}

export interface RecordedDecision {
  protestId: string;
  eventId: string;
  factsFound: string;
  conclusions: string;
  rulesApplied: string[];
  consequences: Consequence[];
  at: Date;
  userId: string | null;
  keyId: string | null;
  via: string;
}

/** Stores the decision; its id is what the revisions it causes name. */
export async function insertDecision(q: Queryable, decision: RecordedDecision): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO decisions (protest_id, event_id, facts_found, conclusions, rules_applied, consequences, decided_at, decided_by_user_id, decided_by_key_id, decided_via)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [decision.protestId, decision.eventId, decision.factsFound, decision.conclusions, decision.rulesApplied, JSON.stringify(decision.consequences), decision.at, decision.userId, decision.keyId, decision.via],
  );
  return rows[0]!.id;
}

/** The revisions the decision made, and its time: the time of those revisions (so `asOf` = decidedAt shows it). */
export async function setDecisionRevisions(q: Queryable, decisionId: string, revisions: RevisionRef[], at: Date): Promise<void> {
  await q.query(`UPDATE decisions SET revisions = $2, decided_at = $3 WHERE id = $1`, [decisionId, JSON.stringify(revisions), at]);
}

/**
 * The decisions whose consequences touch the race, with their case numbers, in the order they were
 * applied to it: by the number of the revision each made on the race (the fleet lock orders those),
 * not by a clock, which two decisions can share to the millisecond.
 */
export async function decisionsOnRace(q: Queryable, eventId: string, raceId: string): Promise<{ decisionId: string; protestNumber: number; consequences: Consequence[] }[]> {
  const { rows } = await q.query<{ id: string; number: number; consequences: (Omit<Consequence, 'finishTime'> & { finishTime?: string | null })[] }>(
    `SELECT d.id, p.number, d.consequences,
            (SELECT min(r.seq) FROM result_revisions r WHERE r.race_id = $2 AND r.decision_id = d.id::text AND r.kind = 'decision') AS seq
       FROM decisions d JOIN protests p ON p.id = d.protest_id
      WHERE d.event_id = $1 AND d.consequences @> jsonb_build_array(jsonb_build_object('raceId', $2::text))
      ORDER BY seq NULLS LAST, d.decided_at, d.id`,
    [eventId, raceId],
  );
  return rows.map((row) => ({
    decisionId: row.id,
    protestNumber: row.number,
    consequences: row.consequences.map((c) => ({ ...c, finishTime: c.finishTime ? new Date(c.finishTime) : null }) as Consequence),
  }));
}
