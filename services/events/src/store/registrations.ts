/** SQL of registrations (entries of a boat and sailor in a fleet of an event). */
import type { Queryable } from '@regatta/db';
import type { WaiverAcceptance } from '../domain/entry-form.js';
import type { CrewMember, RegistrationDetailRow } from './rows.js';
import { isUuid } from './sql.js';

/**
 * The boat of an entry (registrations r joined with boats b): name, sail number, model and ratings as
 * entered in this regatta (the entry's snapshot, which organizers may correct), the boat's own where
 * the snapshot is missing (migrations 005 and 006 filled it for older entries).
 */
export const ENTRY_BOAT_COLUMNS = `COALESCE(r.entry_boat_name, b.name) AS boat_name,
  CASE WHEN r.entry_boat_name IS NULL THEN b.sail_number ELSE r.entry_sail_number END AS boat_sail_number,
  CASE WHEN r.entry_boat_name IS NULL THEN b.model ELSE r.entry_boat_model END AS boat_model,
  COALESCE(r.entry_ratings, b.ratings) AS boat_ratings`;

const REGISTRATION_DETAIL = `SELECT r.*, ${ENTRY_BOAT_COLUMNS}, f.name AS fleet_name
  FROM registrations r JOIN boats b ON b.id = r.boat_id JOIN fleets f ON f.id = r.fleet_id`;

export async function registrationDetail(db: Queryable, eventId: string, id: string): Promise<RegistrationDetailRow | undefined> {
  if (!isUuid(id)) return undefined;
  return (await db.query<RegistrationDetailRow>(`${REGISTRATION_DETAIL} WHERE r.event_id = $1 AND r.id = $2`, [eventId, id])).rows[0];
}

export async function registrationsOf(
  db: Queryable,
  eventId: string,
  filter: { statuses?: string[]; fleetId?: string; limit?: number; offset?: number } = {},
): Promise<RegistrationDetailRow[]> {
  const where = ['r.event_id = $1'];
  const values: unknown[] = [eventId];
  if (filter.statuses) {
    values.push(filter.statuses);
    where.push(`r.status = ANY($${values.length}::text[])`);
  }
  if (filter.fleetId) {
    values.push(filter.fleetId);
    where.push(`r.fleet_id = $${values.length}`);
  }
  let page = '';
  if (filter.limit !== undefined) {
    values.push(filter.limit + 1, filter.offset ?? 0);
    page = ` LIMIT $${values.length - 1} OFFSET $${values.length}`;
  }
  return (await db.query<RegistrationDetailRow>(`${REGISTRATION_DETAIL} WHERE ${where.join(' AND ')} ORDER BY r.sequence${page}`, values)).rows;
}

export interface ActiveConflict {
  kind: 'sailor' | 'boat' | 'sail';
  registrationId: string;
}

/** An active entry of the same sailor, boat or sail number in the event, if any. */
export async function activeConflict(
  db: Queryable,
  eventId: string,
  entry: { userId: string; boatId: string | null; sailKey: string | null },
): Promise<ActiveConflict | undefined> {
  const result = await db.query<{ id: string; user_id: string; boat_id: string; sail_key: string | null }>(
    `SELECT id, user_id, boat_id, sail_key FROM registrations
      WHERE event_id = $1 AND status IN ('registered', 'waitlisted')
        AND (user_id = $2 OR boat_id = $3 OR (sail_key IS NOT NULL AND sail_key = $4))`,
    [eventId, entry.userId, entry.boatId, entry.sailKey],
  );
  for (const row of result.rows) if (row.user_id === entry.userId) return { kind: 'sailor', registrationId: row.id };
  for (const row of result.rows) if (entry.boatId && row.boat_id === entry.boatId) return { kind: 'boat', registrationId: row.id };
  const sail = result.rows[0];
  return sail ? { kind: 'sail', registrationId: sail.id } : undefined;
}

/** Another active entry of the event with this normalized sail number, if any (a correction must not take one). */
export async function sailTakenBy(db: Queryable, eventId: string, sailKeyValue: string, exceptId: string): Promise<string | undefined> {
  const result = await db.query<{ id: string }>(
    `SELECT id FROM registrations WHERE event_id = $1 AND status IN ('registered', 'waitlisted') AND sail_key = $2 AND id <> $3 LIMIT 1`,
    [eventId, sailKeyValue, exceptId],
  );
  return result.rows[0]?.id;
}

/** Places taken (status registered) in the event and per fleet. */
export async function registeredCounts(db: Queryable, eventId: string): Promise<{ total: number; byFleet: Map<string, number> }> {
  const result = await db.query<{ fleet_id: string; count: number }>(
    `SELECT fleet_id, count(*)::int AS count FROM registrations WHERE event_id = $1 AND status = 'registered' GROUP BY fleet_id`,
    [eventId],
  );
  const byFleet = new Map<string, number>();
  let total = 0;
  for (const row of result.rows) {
    byFleet.set(row.fleet_id, row.count);
    total += row.count;
  }
  return { total, byFleet };
}

export async function waitlistOf(db: Queryable, eventId: string): Promise<{ id: string; fleetId: string; sequence: number }[]> {
  const result = await db.query<{ id: string; fleet_id: string; sequence: number }>(
    `SELECT id, fleet_id, sequence FROM registrations WHERE event_id = $1 AND status = 'waitlisted' ORDER BY sequence`,
    [eventId],
  );
  return result.rows.map((row) => ({ id: row.id, fleetId: row.fleet_id, sequence: row.sequence }));
}

export interface NewRegistration {
  id: string;
  eventId: string;
  fleetId: string;
  userId: string;
  sailorName: string | null;
  sailorEmail: string | null;
  /** A sailor without an account: the language of their messages (null: English). */
  sailorLanguage?: string | null | undefined;
  boatId: string;
  /** The boat as entered in this regatta (the entry's snapshot, its ratings included). */
  boat: { name: string; sailNumber: string | null; model: string | null; ratings: Record<string, number> };
  sailKey: string | null;
  status: 'registered' | 'waitlisted';
  crew: string[];
  emergencyContact: string | null;
  specialRequirements: string | null;
  submittedBy: string | null;
  /** The entry form's part (answers, acceptances, crew as persons, date of birth, certificates); absent: empty. */
  form?: EntryFormValues | undefined;
}

export interface EntryFormValues {
  answers: Record<string, string | boolean>;
  waiverAcceptances: WaiverAcceptance[];
  crewMembers: CrewMember[] | null;
  sailorBirthDate: string | null;
  certificates: Record<string, { number: string; expires?: string | null | undefined }>;
}

export async function insertRegistration(db: Queryable, registration: NewRegistration): Promise<void> {
  await db.query(
    `INSERT INTO registrations (id, event_id, fleet_id, user_id, sailor_name, sailor_email, boat_id, sail_key, status,
       crew, emergency_contact, special_requirements, submitted_by, entry_boat_name, entry_sail_number, entry_boat_model, entry_ratings,
       answers, waiver_acceptances, crew_members, sailor_birth_date, entry_certificates, sailor_language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18::jsonb, $19::jsonb, $20::jsonb, $21, $22::jsonb, $23)`,
    [
      registration.id,
      registration.eventId,
      registration.fleetId,
      registration.userId,
      registration.sailorName,
      registration.sailorEmail,
      registration.boatId,
      registration.sailKey,
      registration.status,
      registration.crew,
      registration.emergencyContact,
      registration.specialRequirements,
      registration.submittedBy,
      registration.boat.name,
      registration.boat.sailNumber,
      registration.boat.model,
      JSON.stringify(registration.boat.ratings),
      JSON.stringify(registration.form?.answers ?? {}),
      JSON.stringify(registration.form?.waiverAcceptances ?? []),
      registration.form?.crewMembers ? JSON.stringify(registration.form.crewMembers) : null,
      registration.form?.sailorBirthDate ?? null,
      JSON.stringify(registration.form?.certificates ?? {}),
      registration.sailorLanguage ?? null,
    ],
  );
}

const REGISTRATION_COLUMNS: Record<string, string> = {
  status: 'status',
  paymentStatus: 'payment_status',
  crew: 'crew',
  emergencyContact: 'emergency_contact',
  specialRequirements: 'special_requirements',
  // The boat as entered in this regatta (and its normalized sail number, which keeps it unique).
  boatName: 'entry_boat_name',
  sailNumber: 'entry_sail_number',
  boatModel: 'entry_boat_model',
  sailKey: 'sail_key',
  boatCorrectedBy: 'entry_boat_corrected_by',
  // The entry form (jsonb columns are written as JSON text).
  answers: 'answers',
  waiverAcceptances: 'waiver_acceptances',
  crewMembers: 'crew_members',
  sailorBirthDate: 'sailor_birth_date',
  certificates: 'entry_certificates',
};

const JSON_FIELDS = new Set(['answers', 'waiverAcceptances', 'crewMembers', 'certificates']);

export async function updateRegistration(db: Queryable, id: string, changes: Record<string, unknown>): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [field, value] of Object.entries(changes)) {
    const column = REGISTRATION_COLUMNS[field];
    if (!column) throw new Error(`not an updatable registration field: ${field}`);
    values.push(JSON_FIELDS.has(field) ? JSON.stringify(value) : value);
    sets.push(`${column} = $${values.length}${JSON_FIELDS.has(field) ? '::jsonb' : ''}`);
  }
  if ('boatCorrectedBy' in changes) sets.push('entry_boat_corrected_at = now()');
  sets.push('updated_at = now()');
  await db.query(`UPDATE registrations SET ${sets.join(', ')} WHERE id = $1`, values);
}

/** Replaces the entry's rating changes and touches updated_at, so the registration.updated snapshot is newer. */
export async function setRatingChanges(db: Queryable, registrationId: string, changes: unknown[]): Promise<void> {
  await db.query(`UPDATE registrations SET rating_changes = $2::jsonb, updated_at = now() WHERE id = $1`, [registrationId, JSON.stringify(changes)]);
}

export interface MyEntryRow extends RegistrationDetailRow {
  event_slug: string;
  event_name: string;
  event_status: string;
  event_start_date: Date | null;
  event_end_date: Date | null;
  event_venue: string | null;
  waitlist_position: number | null;
}

/** A user's entries in every regatta (as sailor or as whoever submitted them), the newest regatta first. */
export async function entriesOfUser(db: Queryable, userId: string, limit: number, offset: number): Promise<MyEntryRow[]> {
  const result = await db.query<MyEntryRow>(
    `SELECT r.*, ${ENTRY_BOAT_COLUMNS}, f.name AS fleet_name, e.slug AS event_slug, e.name AS event_name, e.status AS event_status,
            e.start_date AS event_start_date, e.end_date AS event_end_date, e.venue AS event_venue,
            CASE WHEN r.status = 'waitlisted' THEN (SELECT count(*)::int FROM registrations w
              WHERE w.event_id = r.event_id AND w.status = 'waitlisted' AND w.sequence <= r.sequence) END AS waitlist_position
       FROM registrations r JOIN boats b ON b.id = r.boat_id JOIN fleets f ON f.id = r.fleet_id JOIN events e ON e.id = r.event_id
      WHERE r.user_id = $1 OR r.submitted_by = $1
      ORDER BY e.start_date DESC NULLS LAST, r.sequence DESC LIMIT $2 OFFSET $3`,
    [userId, limit + 1, offset],
  );
  return result.rows;
}

/** The user's own active (registered or waitlisted) entry in the event, if any. */
export async function activeEntryOf(db: Queryable, eventId: string, userId: string): Promise<{ id: string; status: string } | undefined> {
  const result = await db.query<{ id: string; status: string }>(
    `SELECT id, status FROM registrations WHERE event_id = $1 AND user_id = $2 AND status IN ('registered', 'waitlisted') ORDER BY sequence LIMIT 1`,
    [eventId, userId],
  );
  return result.rows[0];
}

/** Another active entry of the event with this boat or sail number, if any (a moved entry must not take one). */
export async function boatTakenBy(db: Queryable, eventId: string, boat: { boatId: string; sailKey: string | null }, exceptId: string): Promise<{ kind: 'boat' | 'sail'; id: string } | undefined> {
  const result = await db.query<{ id: string; boat_id: string }>(
    `SELECT id, boat_id FROM registrations WHERE event_id = $1 AND status IN ('registered', 'waitlisted') AND id <> $4
        AND (boat_id = $2 OR (sail_key IS NOT NULL AND sail_key = $3)) LIMIT 1`,
    [eventId, boat.boatId, boat.sailKey, exceptId],
  );
  const row = result.rows[0];
  return row ? { kind: row.boat_id === boat.boatId ? 'boat' : 'sail', id: row.id } : undefined;
}

export interface EntryMove {
  fleetId: string;
  status: 'registered' | 'waitlisted';
  /** A new waitlisted place goes to the back of the waitlist. */
  toBackOfWaitlist: boolean;
  boatId: string;
  boat: { name: string; sailNumber: string | null; model: string | null; ratings: Record<string, number> };
  sailKey: string | null;
  certificates: Record<string, { number: string; expires?: string | null | undefined }>;
}

/** Moves an entry to a fleet and boat: the boat as entered is the new boat's (no organizer's correction). */
export async function moveRegistrationRow(db: Queryable, id: string, move: EntryMove): Promise<void> {
  await db.query(
    `UPDATE registrations SET fleet_id = $2, status = $3, boat_id = $4, entry_boat_name = $5, entry_sail_number = $6, entry_boat_model = $7,
        entry_ratings = $8::jsonb, sail_key = $9, entry_certificates = $10::jsonb, entry_boat_corrected_by = NULL, entry_boat_corrected_at = NULL,
        sequence = CASE WHEN $11 THEN nextval(pg_get_serial_sequence('registrations', 'sequence')) ELSE sequence END, updated_at = now()
      WHERE id = $1`,
    [id, move.fleetId, move.status, move.boatId, move.boat.name, move.boat.sailNumber, move.boat.model, JSON.stringify(move.boat.ratings), move.sailKey, JSON.stringify(move.certificates), move.toBackOfWaitlist],
  );
}
