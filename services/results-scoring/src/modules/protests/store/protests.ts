/** SQL of protests (with their hearing and decision joined for reads). */
import type { Queryable } from '@regatta/db';
import type { Consequence } from '../domain/consequence.js';
import type { NewProtest, Protest, ProtestContact, RevisionRef } from '../domain/records.js';
import type { ProtestStatus, ProtestType, ProtestorParty } from '@regatta/contracts';

interface ProtestRow {
  id: string;
  event_id: string;
  number: number;
  type: ProtestType;
  race_ids: string[];
  fleet_ids: string[];
  protestor_party: ProtestorParty;
  protestor_boat_id: string | null;
  protestee_boat_ids: string[];
  incident: string;
  rules_alleged: string[];
  contact: ProtestContact | null;
  lodged_at: Date;
  deadline: Date | null;
  late: boolean;
  status: ProtestStatus;
  lodged_by_user_id: string | null;
  lodged_by_key_id: string | null;
  lodged_via: string;
  withdrawn_at: Date | null;
  withdrawal_reason: string | null;
  withdrawn_by_user_id: string | null;
  withdrawn_by_key_id: string | null;
  h_starts_at: Date | null;
  h_room: string | null;
  h_party_boat_ids: string[] | null;
  h_scheduled_at: Date | null;
  h_scheduled_by_user_id: string | null;
  d_id: string | null;
  d_facts_found: string | null;
  d_conclusions: string | null;
  d_rules_applied: string[] | null;
  d_consequences: (Omit<Consequence, 'finishTime'> & { finishTime?: string | null })[] | null;
  d_revisions: RevisionRef[] | null;
  d_decided_at: Date | null;
  d_decided_by_user_id: string | null;
  d_decided_by_key_id: string | null;
  d_decided_via: string | null;
}

const SELECT = `SELECT p.*,
       h.starts_at AS h_starts_at, h.room AS h_room, h.party_boat_ids AS h_party_boat_ids, h.scheduled_at AS h_scheduled_at,
       h.scheduled_by_user_id AS h_scheduled_by_user_id,
       d.id AS d_id, d.facts_found AS d_facts_found, d.conclusions AS d_conclusions, d.rules_applied AS d_rules_applied,
       d.consequences AS d_consequences, d.revisions AS d_revisions, d.decided_at AS d_decided_at,
       d.decided_by_user_id AS d_decided_by_user_id, d.decided_by_key_id AS d_decided_by_key_id, d.decided_via AS d_decided_via
  FROM protests p
  LEFT JOIN hearings h ON h.protest_id = p.id
  LEFT JOIN decisions d ON d.protest_id = p.id`;

const protestOf = (row: ProtestRow): Protest => ({
  id: row.id,
  eventId: row.event_id,
  number: row.number,
  type: row.type,
  raceIds: row.race_ids,
  fleetIds: row.fleet_ids,
  protestorParty: row.protestor_party,
  protestorBoatId: row.protestor_boat_id,
  protesteeBoatIds: row.protestee_boat_ids,
  incident: row.incident,
  rulesAlleged: row.rules_alleged,
  contact: row.contact,
  lodgedAt: row.lodged_at,
  deadline: row.deadline,
  late: row.late,
  status: row.status,
  lodgedByUserId: row.lodged_by_user_id,
  lodgedByKeyId: row.lodged_by_key_id,
  lodgedVia: row.lodged_via,
  hearing:
    row.h_starts_at && row.h_scheduled_at
      ? { startsAt: row.h_starts_at, room: row.h_room ?? '', partyBoatIds: row.h_party_boat_ids ?? [], scheduledAt: row.h_scheduled_at, scheduledByUserId: row.h_scheduled_by_user_id }
      : null,
  decision:
    row.d_id && row.d_decided_at
      ? {
          id: row.d_id,
          factsFound: row.d_facts_found ?? '',
          conclusions: row.d_conclusions ?? '',
          rulesApplied: row.d_rules_applied ?? [],
          consequences: (row.d_consequences ?? []).map((c) => ({ ...c, ...(c.finishTime ? { finishTime: new Date(c.finishTime) } : {}) }) as Consequence),
          revisions: row.d_revisions ?? [],
          decidedAt: row.d_decided_at,
          decidedByUserId: row.d_decided_by_user_id,
          decidedByKeyId: row.d_decided_by_key_id,
          decidedVia: row.d_decided_via ?? '',
        }
      : null,
  withdrawal: row.withdrawn_at
    ? { reason: row.withdrawal_reason ?? '', withdrawnAt: row.withdrawn_at, byUserId: row.withdrawn_by_user_id, byKeyId: row.withdrawn_by_key_id }
    : null,
});

/** Stores a new protest with the event's next number (numbers are taken under a per-event lock). */
export async function insertProtest(client: Queryable, protest: NewProtest): Promise<Protest> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('protests:' || $1))`, [protest.eventId]);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO protests (event_id, number, type, race_ids, fleet_ids, protestor_party, protestor_boat_id, protestee_boat_ids, incident, rules_alleged,
                           contact, lodged_at, deadline, late, lodged_by_user_id, lodged_by_key_id, lodged_via)
     VALUES ($1, (SELECT COALESCE(MAX(number), 0) + 1 FROM protests WHERE event_id = $1), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING id`,
    [
      protest.eventId,
      protest.type,
      protest.raceIds,
      protest.fleetIds,
      protest.protestorParty,
      protest.protestorBoatId,
      protest.protesteeBoatIds,
      protest.incident,
      protest.rulesAlleged,
      protest.contact ? JSON.stringify(protest.contact) : null,
      protest.lodgedAt,
      protest.deadline,
      protest.late,
      protest.lodgedByUserId,
      protest.lodgedByKeyId,
      protest.lodgedVia,
    ],
  );
  return (await findProtest(client, protest.eventId, rows[0]!.id))!;
}

/** One protest of the event (`id` must be a uuid: the caller checks the shape). `forUpdate` locks its row. */
export async function findProtest(q: Queryable, eventId: string, id: string, forUpdate = false): Promise<Protest | undefined> {
  if (forUpdate) await q.query(`SELECT 1 FROM protests WHERE id = $1 AND event_id = $2 FOR UPDATE`, [id, eventId]);
  const { rows } = await q.query<ProtestRow>(`${SELECT} WHERE p.id = $1 AND p.event_id = $2`, [id, eventId]);
  return rows[0] ? protestOf(rows[0]) : undefined;
}

/** The event's protests in number order, optionally only those of one race. */
export async function listProtests(q: Queryable, eventId: string, raceId?: string): Promise<Protest[]> {
  const { rows } = await q.query<ProtestRow>(`${SELECT} WHERE p.event_id = $1 AND ($2::text IS NULL OR $2 = ANY(p.race_ids)) ORDER BY p.number`, [eventId, raceId ?? null]);
  return rows.map(protestOf);
}

export async function setProtestStatus(q: Queryable, id: string, status: ProtestStatus): Promise<void> {
  await q.query(`UPDATE protests SET status = $2 WHERE id = $1`, [id, status]);
}

/** Closes a case without a decision (rule 63.1). */
export async function withdrawProtest(q: Queryable, id: string, w: { reason: string; at: Date; userId: string | null; keyId: string | null }): Promise<void> {
  await q.query(
    `UPDATE protests SET status = 'withdrawn', withdrawn_at = $2, withdrawal_reason = $3, withdrawn_by_user_id = $4, withdrawn_by_key_id = $5 WHERE id = $1`,
    [id, w.at, w.reason, w.userId, w.keyId],
  );
}

/** Open cases (lodged or with a hearing not yet decided) that concern any of the races (or the fleet). */
export async function countOpenProtests(q: Queryable, scope: { eventId: string; fleetId: string; raceIds: string[] }): Promise<number> {
  const { rows } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM protests
      WHERE event_id = $1 AND status IN ('lodged', 'scheduled') AND (race_ids && $2::text[] OR (cardinality($2::text[]) = 0 AND $3 = ANY(fleet_ids)))`,
    [scope.eventId, scope.raceIds, scope.fleetId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Boats registered (status "registered") to the user in the event: the boats she may lodge for and see the cases of. */
export async function boatsOfUser(q: Queryable, eventId: string, userId: string): Promise<Set<string>> {
  const { rows } = await q.query<{ boat_id: string }>(`SELECT DISTINCT boat_id FROM registrations WHERE event_id = $1 AND user_id = $2 AND status = 'registered'`, [eventId, userId]);
  return new Set(rows.map((row) => row.boat_id));
}

/** Of `boatIds`, those registered (status "registered") in the event. */
export async function boatsInEvent(q: Queryable, eventId: string, boatIds: string[]): Promise<Set<string>> {
  if (boatIds.length === 0) return new Set();
  const { rows } = await q.query<{ boat_id: string }>(`SELECT DISTINCT boat_id FROM registrations WHERE event_id = $1 AND status = 'registered' AND boat_id = ANY($2::text[])`, [eventId, boatIds]);
  return new Set(rows.map((row) => row.boat_id));
}
