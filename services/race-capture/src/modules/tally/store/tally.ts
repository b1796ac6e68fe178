/** The tally's tables: the organizer's settings, sign-outs and sign-ins, closed days; and the boats entered. */
import type { Queryable } from '@regatta/db';
import { DEFAULT_POLICY, type Movement, type TallyBoat, type TallyPolicy, type TallyRecorder } from '../domain/tally.js';

interface SettingsRow {
  sign_in_deadline: string | null;
  missed_sign_out: TallyPolicy['missedSignOut'];
  missed_sign_in: TallyPolicy['missedSignIn'];
  penalty_points: string;
  updated_at: Date;
}

export async function policyOf(q: Queryable, eventId: string): Promise<TallyPolicy & { updatedAt: Date | null }> {
  const { rows } = await q.query<SettingsRow>('SELECT * FROM tally_settings WHERE event_id = $1', [eventId]);
  const row = rows[0];
  if (!row) return { ...DEFAULT_POLICY, updatedAt: null };
  return { signInDeadline: row.sign_in_deadline, missedSignOut: row.missed_sign_out, missedSignIn: row.missed_sign_in, penaltyPoints: Number(row.penalty_points), updatedAt: row.updated_at };
}

export async function savePolicy(q: Queryable, eventId: string, policy: TallyPolicy, updatedBy: string): Promise<void> {
  await q.query(
    `INSERT INTO tally_settings (event_id, sign_in_deadline, missed_sign_out, missed_sign_in, penalty_points, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (event_id) DO UPDATE SET sign_in_deadline = EXCLUDED.sign_in_deadline, missed_sign_out = EXCLUDED.missed_sign_out,
       missed_sign_in = EXCLUDED.missed_sign_in, penalty_points = EXCLUDED.penalty_points, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [eventId, policy.signInDeadline, policy.missedSignOut, policy.missedSignIn, policy.penaltyPoints, updatedBy],
  );
}

interface MovementRow {
  id: string;
  event_id: string;
  registration_id: string;
  day: string;
  kind: Movement['kind'];
  persons_on_board: number;
  persons: string[];
  at: Date;
  received_at: Date;
  recorder_kind: TallyRecorder['kind'];
  recorder_id: string;
  recorder_label: string;
  body_hash: string;
}

const toMovement = (row: MovementRow): Movement => ({
  id: row.id,
  registrationId: row.registration_id,
  day: row.day,
  kind: row.kind,
  personsOnBoard: row.persons_on_board,
  persons: row.persons,
  at: row.at,
  receivedAt: row.received_at,
  recorder: { kind: row.recorder_kind, id: row.recorder_id, label: row.recorder_label },
});

const MOVEMENT_COLUMNS = `id, event_id, registration_id, to_char(day, 'YYYY-MM-DD') AS day, kind, persons_on_board, persons, at, received_at, recorder_kind, recorder_id, recorder_label, body_hash`;

export async function movementById(q: Queryable, id: string): Promise<{ movement: Movement; eventId: string; bodyHash: string } | undefined> {
  const { rows } = await q.query<MovementRow>(`SELECT ${MOVEMENT_COLUMNS} FROM tally_movements WHERE id = $1`, [id]);
  return rows[0] ? { movement: toMovement(rows[0]), eventId: rows[0].event_id, bodyHash: rows[0].body_hash } : undefined;
}

/** Keeps a movement (its time: the device's when sent, else its receipt); a concurrent twin with the same id wins and is answered (inserted false). */
export async function insertMovement(q: Queryable, eventId: string, movement: Omit<Movement, 'at'> & { at: Date | undefined }, bodyHash: string): Promise<{ inserted: boolean; movement: Movement; bodyHash: string }> {
  const { rows } = await q.query<MovementRow>(
    `INSERT INTO tally_movements (id, event_id, day, registration_id, kind, persons_on_board, persons, recorder_kind, recorder_id, recorder_label, body_hash, at, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::timestamptz, $13::timestamptz), $13)
     ON CONFLICT (id) DO NOTHING
     RETURNING ${MOVEMENT_COLUMNS}`,
    [movement.id, eventId, movement.day, movement.registrationId, movement.kind, movement.personsOnBoard, movement.persons, movement.recorder.kind, movement.recorder.id, movement.recorder.label, bodyHash, movement.at ?? null, movement.receivedAt],
  );
  if (rows[0]) return { inserted: true, movement: toMovement(rows[0]), bodyHash };
  const known = await movementById(q, movement.id);
  return { inserted: false, movement: known!.movement, bodyHash: known!.bodyHash };
}

export async function movementsOfDay(q: Queryable, eventId: string, day: string, registrationIds?: readonly string[]): Promise<Movement[]> {
  const { rows } = registrationIds
    ? await q.query<MovementRow>(`SELECT ${MOVEMENT_COLUMNS} FROM tally_movements WHERE event_id = $1 AND day = $2 AND registration_id = ANY($3::uuid[]) ORDER BY at, seq`, [eventId, day, registrationIds])
    : await q.query<MovementRow>(`SELECT ${MOVEMENT_COLUMNS} FROM tally_movements WHERE event_id = $1 AND day = $2 ORDER BY at, seq`, [eventId, day]);
  return rows.map(toMovement);
}

/** Serializes the movements of one boat (a sign-in racing a sign-out from another phone). */
export async function lockBoat(q: Queryable, registrationId: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('tally:' || $1))`, [registrationId]);
}

interface BoatRow {
  registration_id: string;
  boat_id: string | null;
  fleet_id: string;
  sail_number: string | null;
  boat_name: string | null;
  user_id: string | null;
  sailor_name: string | null;
  crew: string[];
  emergency_contact: string | null;
}

const toBoat = (row: BoatRow): TallyBoat => ({
  registrationId: row.registration_id,
  boatId: row.boat_id,
  fleetId: row.fleet_id,
  sailNumber: row.sail_number,
  boatName: row.boat_name,
  userId: row.user_id,
  sailorName: row.sailor_name,
  crew: row.crew,
  emergencyContact: row.emergency_contact,
});

/** The boats entered (status registered), by sail number; or those a user entered. */
export async function boatsOf(q: Queryable, eventId: string, userId?: string): Promise<TallyBoat[]> {
  const { rows } = userId
    ? await q.query<BoatRow>(`SELECT * FROM capture_entries WHERE event_id = $1 AND status = 'registered' AND user_id = $2 ORDER BY sail_key NULLS LAST, registration_id`, [eventId, userId])
    : await q.query<BoatRow>(`SELECT * FROM capture_entries WHERE event_id = $1 AND status = 'registered' ORDER BY sail_key NULLS LAST, registration_id`, [eventId]);
  return rows.map(toBoat);
}

export async function boatOf(q: Queryable, eventId: string, registrationId: string): Promise<TallyBoat | undefined> {
  const { rows } = await q.query<BoatRow>(`SELECT * FROM capture_entries WHERE event_id = $1 AND registration_id = $2 AND status = 'registered'`, [eventId, registrationId]);
  return rows[0] ? toBoat(rows[0]) : undefined;
}

/**
 * The day's races of each fleet: a race belongs to the day of its start in force (the last start
 * signal recorded), else of its scheduled start, on the regatta's wall clock.
 */
export async function racesOfDay(q: Queryable, eventId: string, day: string, timeZone: string | null): Promise<Map<string, string[]>> {
  const { rows } = await q.query<{ id: string; fleet_id: string }>(
    `SELECT r.id, r.fleet_id FROM capture_races r
       LEFT JOIN LATERAL (SELECT s.at FROM race_signals s WHERE r.id = ANY(s.race_ids) AND s.kind = 'start' ORDER BY s.seq DESC LIMIT 1) started ON true
      WHERE r.event_id = $1 AND r.status <> 'abandoned'
        AND to_char(COALESCE(started.at, r.scheduled_start) AT TIME ZONE $3, 'YYYY-MM-DD') = $2
      ORDER BY r.race_number, r.name`,
    [eventId, day, timeZone ?? 'UTC'],
  );
  const byFleet = new Map<string, string[]>();
  for (const row of rows) byFleet.set(row.fleet_id, [...(byFleet.get(row.fleet_id) ?? []), row.id]);
  return byFleet;
}
