/**
 * SQL of the events service. Every function takes a Queryable so callers choose the transaction.
 */
import type { Queryable } from '@regatta/db';
import type {
  BoatRow,
  DocumentRow,
  EventRow,
  EventWithOrgRow,
  FleetRow,
  OrganizationRow,
  RaceResultsRow,
  RaceRow,
  RegistrationDetailRow,
  RegistrationRow,
  SeriesRow,
  StoredResultEntry,
} from './rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** True for a PostgreSQL unique violation (optionally on a named constraint/index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

// ---------------------------------------------------------------- organizations (projection)

export async function findOrganization(db: Queryable, ref: string): Promise<OrganizationRow | undefined> {
  const result = isUuid(ref)
    ? await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1 OR slug = $2', [ref, ref.toLowerCase()])
    : await db.query<OrganizationRow>('SELECT * FROM organizations WHERE slug = $1', [ref.toLowerCase()]);
  return result.rows[0];
}

export async function organizationById(db: Queryable, id: string): Promise<OrganizationRow | undefined> {
  return (await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1', [id])).rows[0];
}

export async function upsertOrganization(
  db: Queryable,
  org: { id: string; slug: string; name: string; createdBy: string | null; updatedAt: Date },
): Promise<void> {
  // A slug freed by a rename may still sit on another row; the newest snapshot wins it.
  await db.query('DELETE FROM organizations WHERE slug = $1 AND id <> $2 AND updated_at <= $3', [org.slug, org.id, org.updatedAt]);
  await db.query(
    `INSERT INTO organizations (id, slug, name, created_by, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name,
       created_by = COALESCE(EXCLUDED.created_by, organizations.created_by), updated_at = EXCLUDED.updated_at
     WHERE organizations.updated_at <= EXCLUDED.updated_at`,
    [org.id, org.slug, org.name, org.createdBy, org.updatedAt],
  );
}

export async function markCreatorRevoked(db: Queryable, organizationId: string, userId: string, revoked: boolean): Promise<void> {
  await db.query('UPDATE organizations SET creator_revoked = $3 WHERE id = $1 AND created_by = $2', [organizationId, userId, revoked]);
}

// ---------------------------------------------------------------- users (projection)

export async function upsertUser(db: Queryable, user: { id: string; email: string; name: string }): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, name) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name`,
    [user.id, user.email, user.name],
  );
}

export async function userById(db: Queryable, id: string): Promise<{ id: string; email: string; name: string } | undefined> {
  return (await db.query<{ id: string; email: string; name: string }>('SELECT * FROM users WHERE id = $1', [id])).rows[0];
}

export async function userByEmail(db: Queryable, email: string): Promise<{ id: string; email: string; name: string } | undefined> {
  return (await db.query<{ id: string; email: string; name: string }>('SELECT * FROM users WHERE lower(email) = lower($1) LIMIT 1', [email])).rows[0];
}

// ---------------------------------------------------------------- events

export const EVENT_WITH_ORG = `SELECT e.*, o.slug AS org_slug, o.name AS org_name, o.created_by AS org_created_by,
  COALESCE(o.creator_revoked, false) AS org_creator_revoked FROM events e LEFT JOIN organizations o ON o.id = e.organization_id`;

export async function eventBySlug(db: Queryable, slug: string): Promise<EventWithOrgRow | undefined> {
  return (await db.query<EventWithOrgRow>(`${EVENT_WITH_ORG} WHERE e.slug = $1`, [slug.toLowerCase()])).rows[0];
}

export async function eventByRef(db: Queryable, ref: string): Promise<EventWithOrgRow | undefined> {
  if (isUuid(ref)) {
    const byId = (await db.query<EventWithOrgRow>(`${EVENT_WITH_ORG} WHERE e.id = $1`, [ref])).rows[0];
    if (byId) return byId;
  }
  return eventBySlug(db, ref);
}

/** Locks the event row for the rest of the transaction (serializes registrations of one regatta). */
export async function lockEvent(db: Queryable, id: string): Promise<EventRow | undefined> {
  return (await db.query<EventRow>('SELECT * FROM events WHERE id = $1 FOR UPDATE', [id])).rows[0];
}

export interface NewEvent {
  id: string;
  organizationId: string;
  name: string;
  slug: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  startDate: Date;
  endDate: Date;
  registrationOpen: Date | null;
  registrationClose: Date | null;
  entryFee: string | null;
  currency: string;
  maxParticipants: number | null;
  nor: string | null;
  sailingInstructions: string | null;
  settings: Record<string, unknown> | null;
  createdBy: string | null;
}

export async function insertEvent(db: Queryable, event: NewEvent): Promise<EventRow> {
  const result = await db.query<EventRow>(
    `INSERT INTO events (id, organization_id, name, slug, description, venue, address, start_date, end_date,
       registration_open, registration_close, status, entry_fee, currency, max_participants, nor, sailing_instructions, settings, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'draft', $12, $13, $14, $15, $16, $17, $18)
     RETURNING *`,
    [
      event.id,
      event.organizationId,
      event.name,
      event.slug,
      event.description,
      event.venue,
      event.address,
      event.startDate,
      event.endDate,
      event.registrationOpen,
      event.registrationClose,
      event.entryFee,
      event.currency,
      event.maxParticipants,
      event.nor,
      event.sailingInstructions,
      event.settings === null ? null : JSON.stringify(event.settings),
      event.createdBy,
    ],
  );
  return result.rows[0]!;
}

/** Updatable event fields and their columns; `changed_fields` of event.updated uses the column names. */
export const EVENT_COLUMNS: Record<string, string> = {
  name: 'name',
  description: 'description',
  venue: 'venue',
  address: 'address',
  startDate: 'start_date',
  endDate: 'end_date',
  registrationOpen: 'registration_open',
  registrationClose: 'registration_close',
  maxParticipants: 'max_participants',
  entryFee: 'entry_fee',
  nor: 'nor',
  sailingInstructions: 'sailing_instructions',
  status: 'status',
};

/** Applies the given (API-named) fields; returns the updated row. */
export async function updateEvent(db: Queryable, id: string, changes: Record<string, unknown>): Promise<EventRow> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [field, value] of Object.entries(changes)) {
    const column = EVENT_COLUMNS[field];
    if (!column) throw new Error(`not an updatable event field: ${field}`);
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  sets.push('updated_at = now()');
  const result = await db.query<EventRow>(`UPDATE events SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values);
  return result.rows[0]!;
}

export interface EventListFilter {
  statuses: string[];
  q?: string | undefined;
  after?: Date | undefined;
  before?: Date | undefined;
  organizationSlug?: string | undefined;
  organizationId?: string | undefined;
  limit: number;
  offset: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Public list; fetches limit + 1 rows so the caller can tell hasMore exactly. */
export async function listEvents(db: Queryable, filter: EventListFilter): Promise<EventWithOrgRow[]> {
  const where: string[] = ['e.status = ANY($1::text[])'];
  const values: unknown[] = [filter.statuses];
  if (filter.q) {
    values.push(`%${escapeLike(filter.q)}%`);
    const p = `$${values.length}`;
    where.push(`(e.name ILIKE ${p} OR e.venue ILIKE ${p} OR e.description ILIKE ${p})`);
  }
  if (filter.after) {
    values.push(filter.after);
    where.push(`e.start_date >= $${values.length}`);
  }
  if (filter.before) {
    values.push(filter.before);
    where.push(`e.start_date < $${values.length}`);
  }
  if (filter.organizationSlug !== undefined) {
    values.push(filter.organizationSlug.toLowerCase());
    where.push(`o.slug = $${values.length}`);
  }
  if (filter.organizationId !== undefined) {
    values.push(filter.organizationId);
    where.push(`e.organization_id = $${values.length}`);
  }
  values.push(filter.limit + 1, filter.offset);
  const result = await db.query<EventWithOrgRow>(
    `${EVENT_WITH_ORG} WHERE ${where.join(' AND ')} ORDER BY e.start_date, e.id LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  );
  return result.rows;
}

export async function eventsByIds(db: Queryable, ids: string[]): Promise<EventWithOrgRow[]> {
  if (ids.length === 0) return [];
  return (await db.query<EventWithOrgRow>(`${EVENT_WITH_ORG} WHERE e.id = ANY($1::uuid[])`, [ids])).rows;
}

// ---------------------------------------------------------------- fleets

export async function insertFleet(db: Queryable, fleet: Omit<FleetRow, 'created_at'>): Promise<FleetRow> {
  const result = await db.query<FleetRow>(
    `INSERT INTO fleets (id, event_id, name, class_id, description, max_boats, scoring_system, drop_races,
       handicap_system, handicap_params, penalty_basis, discard_thresholds)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      fleet.id,
      fleet.event_id,
      fleet.name,
      fleet.class_id,
      fleet.description,
      fleet.max_boats,
      fleet.scoring_system,
      fleet.drop_races,
      fleet.handicap_system,
      JSON.stringify(fleet.handicap_params),
      fleet.penalty_basis,
      fleet.discard_thresholds,
    ],
  );
  return result.rows[0]!;
}

export async function fleetsOf(db: Queryable, eventId: string): Promise<FleetRow[]> {
  return (await db.query<FleetRow>('SELECT * FROM fleets WHERE event_id = $1 ORDER BY created_at, name', [eventId])).rows;
}

/** A fleet of the event by id or (case-insensitive) name. */
export async function findFleet(db: Queryable, eventId: string, ref: string): Promise<FleetRow | undefined> {
  if (isUuid(ref)) {
    const byId = (await db.query<FleetRow>('SELECT * FROM fleets WHERE event_id = $1 AND id = $2', [eventId, ref])).rows[0];
    if (byId) return byId;
  }
  return (await db.query<FleetRow>('SELECT * FROM fleets WHERE event_id = $1 AND lower(name) = lower($2)', [eventId, ref])).rows[0];
}

// ---------------------------------------------------------------- races

export async function insertRace(db: Queryable, race: Omit<RaceRow, 'created_at' | 'actual_start' | 'status' | 'progress_at'>): Promise<RaceRow> {
  const result = await db.query<RaceRow>(
    `INSERT INTO races (id, event_id, fleet_id, name, race_number, scheduled_start, course_description, course_distance_nm,
       weight, must_count, discard_first, wind_direction, wind_speed, conditions, notes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
    [
      race.id,
      race.event_id,
      race.fleet_id,
      race.name,
      race.race_number,
      race.scheduled_start,
      race.course_description,
      race.course_distance_nm,
      race.weight,
      race.must_count,
      race.discard_first,
      race.wind_direction,
      race.wind_speed,
      race.conditions,
      race.notes,
    ],
  );
  return result.rows[0]!;
}

export async function nextRaceNumber(db: Queryable, fleetId: string): Promise<number> {
  const result = await db.query<{ next: number }>('SELECT COALESCE(max(race_number), 0) + 1 AS next FROM races WHERE fleet_id = $1', [fleetId]);
  return result.rows[0]!.next;
}

/** Applies race progress from results.v1 unless a newer fact was applied already. */
export async function applyRaceProgress(
  db: Queryable,
  raceId: string,
  progress: { status: string; actualStart: Date | null; occurredAt: Date },
): Promise<void> {
  await db.query(
    `UPDATE races SET status = $2, actual_start = COALESCE($3, actual_start), progress_at = $4
     WHERE id = $1 AND (progress_at IS NULL OR progress_at <= $4)`,
    [raceId, progress.status, progress.actualStart, progress.occurredAt],
  );
}

// ---------------------------------------------------------------- documents

export async function insertDocument(db: Queryable, doc: Omit<DocumentRow, 'published_at'>): Promise<DocumentRow> {
  const result = await db.query<DocumentRow>(
    `INSERT INTO documents (id, event_id, kind, title, url, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [doc.id, doc.event_id, doc.kind, doc.title, doc.url, doc.body],
  );
  return result.rows[0]!;
}

// ---------------------------------------------------------------- boats

export async function boatById(db: Queryable, id: string): Promise<BoatRow | undefined> {
  return (await db.query<BoatRow>('SELECT * FROM boats WHERE id = $1', [id])).rows[0];
}

/** A boat of this owner with the same normalized sail number (reused instead of duplicated). */
export async function boatOfOwnerBySail(db: Queryable, ownerUserId: string, sailKeyValue: string): Promise<BoatRow | undefined> {
  return (
    await db.query<BoatRow>(
      `SELECT * FROM boats WHERE owner_user_id = $1 AND upper(regexp_replace(COALESCE(sail_number, ''), '[^A-Za-z0-9]', '', 'g')) = $2
       ORDER BY created_at LIMIT 1`,
      [ownerUserId, sailKeyValue],
    )
  ).rows[0];
}

export async function insertBoat(db: Queryable, boat: Omit<BoatRow, 'created_at' | 'updated_at'>): Promise<BoatRow> {
  const result = await db.query<BoatRow>(
    `INSERT INTO boats (id, owner_user_id, name, sail_number, model, ratings) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [boat.id, boat.owner_user_id, boat.name, boat.sail_number, boat.model, JSON.stringify(boat.ratings)],
  );
  return result.rows[0]!;
}

export async function updateBoat(
  db: Queryable,
  id: string,
  changes: { name?: string; model?: string | null; ratings?: Record<string, number> },
): Promise<BoatRow> {
  const result = await db.query<BoatRow>(
    `UPDATE boats SET name = COALESCE($2, name), model = COALESCE($3, model), ratings = ratings || COALESCE($4::jsonb, '{}'::jsonb),
       updated_at = now() WHERE id = $1 RETURNING *`,
    [id, changes.name ?? null, changes.model ?? null, changes.ratings ? JSON.stringify(changes.ratings) : null],
  );
  return result.rows[0]!;
}

// ---------------------------------------------------------------- registrations

const REGISTRATION_DETAIL = `SELECT r.*, b.name AS boat_name, b.sail_number AS boat_sail_number, b.model AS boat_model,
  b.ratings AS boat_ratings, f.name AS fleet_name
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
  boatId: string;
  sailKey: string | null;
  status: 'registered' | 'waitlisted';
  crew: string[];
  emergencyContact: string | null;
  specialRequirements: string | null;
  submittedBy: string | null;
}

export async function insertRegistration(db: Queryable, registration: NewRegistration): Promise<void> {
  await db.query(
    `INSERT INTO registrations (id, event_id, fleet_id, user_id, sailor_name, sailor_email, boat_id, sail_key, status,
       crew, emergency_contact, special_requirements, submitted_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
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
    ],
  );
}

const REGISTRATION_COLUMNS: Record<string, string> = {
  status: 'status',
  paymentStatus: 'payment_status',
  crew: 'crew',
  emergencyContact: 'emergency_contact',
  specialRequirements: 'special_requirements',
};

export async function updateRegistration(db: Queryable, id: string, changes: Record<string, unknown>): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [field, value] of Object.entries(changes)) {
    const column = REGISTRATION_COLUMNS[field];
    if (!column) throw new Error(`not an updatable registration field: ${field}`);
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  sets.push('updated_at = now()');
  await db.query(`UPDATE registrations SET ${sets.join(', ')} WHERE id = $1`, values);
}

// ---------------------------------------------------------------- series

export async function insertSeries(db: Queryable, series: Omit<SeriesRow, 'created_at'>, eventIds: string[]): Promise<SeriesRow> {
  const result = await db.query<SeriesRow>(
    `INSERT INTO series (id, organization_id, slug, name, description, year, scoring_rule, best_of, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [series.id, series.organization_id, series.slug, series.name, series.description, series.year, series.scoring_rule, series.best_of, series.created_by],
  );
  for (const [index, eventId] of eventIds.entries()) {
    await db.query('INSERT INTO series_events (series_id, event_id, position) VALUES ($1, $2, $3)', [series.id, eventId, index + 1]);
  }
  return result.rows[0]!;
}

export interface SeriesListRow extends SeriesRow {
  org_slug: string | null;
  org_name: string | null;
  event_ids: string[];
}

const SERIES_WITH_ORG = `SELECT s.*, o.slug AS org_slug, o.name AS org_name,
  COALESCE((SELECT array_agg(se.event_id ORDER BY se.position) FROM series_events se WHERE se.series_id = s.id), '{}') AS event_ids
  FROM series s LEFT JOIN organizations o ON o.id = s.organization_id`;

export async function listSeries(
  db: Queryable,
  filter: { year?: number | undefined; organizationId?: string | undefined; limit: number; offset: number },
): Promise<SeriesListRow[]> {
  const where: string[] = ['true'];
  const values: unknown[] = [];
  if (filter.year !== undefined) {
    values.push(filter.year);
    where.push(`s.year = $${values.length}`);
  }
  if (filter.organizationId !== undefined) {
    values.push(filter.organizationId);
    where.push(`s.organization_id = $${values.length}`);
  }
  values.push(filter.limit + 1, filter.offset);
  return (
    await db.query<SeriesListRow>(
      `${SERIES_WITH_ORG} WHERE ${where.join(' AND ')} ORDER BY s.year DESC, s.name, s.id LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    )
  ).rows;
}

export async function seriesBySlug(db: Queryable, slug: string): Promise<SeriesListRow | undefined> {
  return (await db.query<SeriesListRow>(`${SERIES_WITH_ORG} WHERE s.slug = $1`, [slug.toLowerCase()])).rows[0];
}

// ---------------------------------------------------------------- results (projection)

export async function upsertRaceResults(db: Queryable, row: Omit<RaceResultsRow, 'results'> & { results: StoredResultEntry[] }): Promise<void> {
  await db.query(
    `INSERT INTO race_results (race_id, event_id, fleet_id, race_number, race_name, published, results, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (race_id) DO UPDATE SET event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, race_number = EXCLUDED.race_number,
       race_name = EXCLUDED.race_name, published = EXCLUDED.published, results = EXCLUDED.results, occurred_at = EXCLUDED.occurred_at
     WHERE race_results.occurred_at <= EXCLUDED.occurred_at`,
    [row.race_id, row.event_id, row.fleet_id, row.race_number, row.race_name, row.published, JSON.stringify(row.results), row.occurred_at],
  );
}

export async function markResultsPublished(db: Queryable, raceIds: string[]): Promise<void> {
  if (raceIds.length === 0) return;
  await db.query('UPDATE race_results SET published = true WHERE race_id = ANY($1::uuid[])', [raceIds]);
}

export type { RegistrationRow };
