/**
 * Read-only projections of the events service's facts (events.v1, registrations.v1). Every write is an
 * upsert that keeps the newer snapshot (by the fact's occurred_at, or the snapshot's own updated_at),
 * so replays and duplicates change nothing.
 */
import type { Queryable } from '@regatta/db';
import type { BoatInfo, FleetSetup, RaceStatus } from '../scoring-adapter.js';

export interface EventProjection {
  id: string;
  slug: string;
  name: string;
  organizationId: string | null;
  organizationSlug: string | null;
  organizationName: string | null;
  status: string;
  startDate: Date | null;
  sourceUpdatedAt: Date | null;
}

export interface FleetProjection extends FleetSetup {
  eventId: string;
}

export interface RaceProjection {
  id: string;
  eventId: string;
  fleetId: string;
  name: string;
  number: number;
  scheduledStart: Date | null;
  scheduledStatus: string;
  distanceNm: number | null;
  weight: number;
  mustCount: boolean;
  discardFirst: boolean;
}

export interface RegistrationProjection {
  id: string;
  eventId: string;
  fleetId: string;
  fleetName: string | null;
  userId: string | null;
  sailorName: string | null;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  ratings: Record<string, number>;
  status: string;
  sourceUpdatedAt: Date | null;
}

export interface SeriesProjection {
  id: string;
  organizationId: string | null;
  slug: string;
  name: string;
  year: number | null;
  eventIds: string[];
  scoringRule: string;
  bestOf: number | null;
  createdAt: Date | null;
}

// ---------------------------------------------------------------------------------------------
// Writes (consumer)
// ---------------------------------------------------------------------------------------------

export async function upsertEvent(client: Queryable, event: EventProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO events (id, slug, name, organization_id, organization_slug, organization_name, status, start_date, source_updated_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO UPDATE SET
       slug = EXCLUDED.slug, name = EXCLUDED.name, organization_id = EXCLUDED.organization_id,
       organization_slug = EXCLUDED.organization_slug, organization_name = EXCLUDED.organization_name,
       status = EXCLUDED.status, start_date = EXCLUDED.start_date, source_updated_at = EXCLUDED.source_updated_at,
       occurred_at = EXCLUDED.occurred_at
     WHERE COALESCE(EXCLUDED.source_updated_at, EXCLUDED.occurred_at) >= COALESCE(events.source_updated_at, events.occurred_at)`,
    [event.id, event.slug, event.name, event.organizationId, event.organizationSlug, event.organizationName, event.status, event.startDate, event.sourceUpdatedAt, occurredAt],
  );
}

export async function upsertFleet(client: Queryable, fleet: FleetProjection, createdAt: Date | null, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO fleets (id, event_id, name, scoring_system, drop_races, handicap_system, handicap_params, penalty_basis, discard_thresholds, created_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO UPDATE SET
       event_id = EXCLUDED.event_id, name = EXCLUDED.name, scoring_system = EXCLUDED.scoring_system, drop_races = EXCLUDED.drop_races,
       handicap_system = EXCLUDED.handicap_system, handicap_params = EXCLUDED.handicap_params, penalty_basis = EXCLUDED.penalty_basis,
       discard_thresholds = EXCLUDED.discard_thresholds, created_at = EXCLUDED.created_at, occurred_at = EXCLUDED.occurred_at
     WHERE EXCLUDED.occurred_at >= fleets.occurred_at`,
    [
      fleet.id,
      fleet.eventId,
      fleet.name,
      fleet.scoringSystem || 'low_point',
      fleet.dropRaces,
      fleet.handicapSystem || 'one_design',
      JSON.stringify(fleet.handicapParams ?? {}),
      fleet.penaltyBasis || 'series_entries',
      fleet.discardThresholds,
      createdAt,
      occurredAt,
    ],
  );
}

export async function upsertRace(client: Queryable, race: RaceProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO races (id, event_id, fleet_id, name, race_number, scheduled_start, scheduled_status, course_distance_nm, weight, must_count, discard_first, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (id) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, name = EXCLUDED.name, race_number = EXCLUDED.race_number,
       scheduled_start = EXCLUDED.scheduled_start, scheduled_status = EXCLUDED.scheduled_status,
       course_distance_nm = EXCLUDED.course_distance_nm, weight = EXCLUDED.weight, must_count = EXCLUDED.must_count,
       discard_first = EXCLUDED.discard_first, occurred_at = EXCLUDED.occurred_at
     WHERE EXCLUDED.occurred_at >= races.occurred_at`,
    [
      race.id,
      race.eventId,
      race.fleetId,
      race.name,
      race.number,
      race.scheduledStart,
      race.scheduledStatus || 'scheduled',
      race.distanceNm,
      race.weight > 0 ? race.weight : 1,
      race.mustCount,
      race.discardFirst,
      occurredAt,
    ],
  );
}

export async function upsertRegistration(client: Queryable, registration: RegistrationProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO registrations (id, event_id, fleet_id, fleet_name, user_id, sailor_name, boat_id, boat_name, sail_number, ratings, status, source_updated_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (id) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, fleet_name = EXCLUDED.fleet_name, user_id = EXCLUDED.user_id,
       sailor_name = EXCLUDED.sailor_name, boat_id = EXCLUDED.boat_id, boat_name = EXCLUDED.boat_name, sail_number = EXCLUDED.sail_number,
       ratings = EXCLUDED.ratings, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at, occurred_at = EXCLUDED.occurred_at
     WHERE COALESCE(EXCLUDED.source_updated_at, EXCLUDED.occurred_at) >= COALESCE(registrations.source_updated_at, registrations.occurred_at)`,
    [
      registration.id,
      registration.eventId,
      registration.fleetId,
      registration.fleetName,
      registration.userId,
      registration.sailorName,
      registration.boatId,
      registration.boatName,
      registration.sailNumber,
      JSON.stringify(registration.ratings ?? {}),
      registration.status,
      registration.sourceUpdatedAt,
      occurredAt,
    ],
  );
}

export async function upsertSeries(client: Queryable, series: SeriesProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO series (id, organization_id, slug, name, year, event_ids, scoring_rule, best_of, created_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO UPDATE SET
       organization_id = EXCLUDED.organization_id, slug = EXCLUDED.slug, name = EXCLUDED.name, year = EXCLUDED.year,
       event_ids = EXCLUDED.event_ids, scoring_rule = EXCLUDED.scoring_rule, best_of = EXCLUDED.best_of,
       created_at = EXCLUDED.created_at, occurred_at = EXCLUDED.occurred_at
     WHERE EXCLUDED.occurred_at >= series.occurred_at`,
    [series.id, series.organizationId, series.slug, series.name, series.year, series.eventIds, series.scoringRule || 'sum_of_net', series.bestOf, series.createdAt, occurredAt],
  );
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

interface EventRow {
  id: string;
  slug: string;
  name: string;
  organization_id: string | null;
  organization_slug: string | null;
  organization_name: string | null;
  status: string;
  start_date: Date | null;
  source_updated_at: Date | null;
}

const eventOf = (row: EventRow): EventProjection => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  organizationId: row.organization_id,
  organizationSlug: row.organization_slug,
  organizationName: row.organization_name,
  status: row.status,
  startDate: row.start_date,
  sourceUpdatedAt: row.source_updated_at,
});

export async function findEventBySlug(q: Queryable, slug: string): Promise<EventProjection | undefined> {
  const { rows } = await q.query<EventRow>(`SELECT * FROM events WHERE slug = $1 ORDER BY COALESCE(source_updated_at, occurred_at) DESC LIMIT 1`, [slug]);
  return rows[0] ? eventOf(rows[0]) : undefined;
}

export async function findEventsByIds(q: Queryable, ids: string[]): Promise<EventProjection[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<EventRow>(`SELECT * FROM events WHERE id = ANY($1::text[])`, [ids]);
  return rows.map(eventOf);
}

interface FleetRow {
  id: string;
  event_id: string;
  name: string;
  scoring_system: string;
  drop_races: number;
  handicap_system: string;
  handicap_params: Record<string, number>;
  penalty_basis: string;
  discard_thresholds: number[];
}

const fleetOf = (row: FleetRow): FleetProjection => ({
  id: row.id,
  eventId: row.event_id,
  name: row.name,
  scoringSystem: row.scoring_system,
  dropRaces: row.drop_races,
  handicapSystem: row.handicap_system,
  handicapParams: row.handicap_params ?? {},
  penaltyBasis: row.penalty_basis,
  discardThresholds: row.discard_thresholds ?? [],
});

export async function listFleets(q: Queryable, eventId: string): Promise<FleetProjection[]> {
  const { rows } = await q.query<FleetRow>(`SELECT * FROM fleets WHERE event_id = $1 ORDER BY created_at NULLS LAST, name, id`, [eventId]);
  return rows.map(fleetOf);
}

export async function findFleet(q: Queryable, fleetId: string): Promise<FleetProjection | undefined> {
  const { rows } = await q.query<FleetRow>(`SELECT * FROM fleets WHERE id = $1`, [fleetId]);
  return rows[0] ? fleetOf(rows[0]) : undefined;
}

/** A race as the schedule has it, joined with the progress this service recorded. */
export interface RaceWithProgress extends RaceProjection {
  status: RaceStatus;
  actualStart: Date | null;
  hasResults: boolean;
  published: boolean;
  publishedAt: Date | null;
}

interface RaceRow {
  id: string;
  event_id: string;
  fleet_id: string;
  name: string;
  race_number: number;
  scheduled_start: Date | null;
  scheduled_status: string;
  course_distance_nm: number | null;
  weight: number;
  must_count: boolean;
  discard_first: boolean;
  progress_status: string | null;
  actual_start: Date | null;
  results_submitted_at: Date | null;
  published: boolean | null;
  published_at: Date | null;
}

const RACE_SELECT = `SELECT r.*, p.status AS progress_status, p.actual_start, p.results_submitted_at, p.published, p.published_at
  FROM races r LEFT JOIN race_progress p ON p.race_id = r.id`;

const raceOf = (row: RaceRow): RaceWithProgress => ({
  id: row.id,
  eventId: row.event_id,
  fleetId: row.fleet_id,
  name: row.name,
  number: row.race_number,
  scheduledStart: row.scheduled_start,
  scheduledStatus: row.scheduled_status,
  distanceNm: row.course_distance_nm,
  weight: row.weight,
  mustCount: row.must_count,
  discardFirst: row.discard_first,
  status: (row.progress_status ?? row.scheduled_status ?? 'scheduled') as RaceStatus,
  actualStart: row.actual_start,
  hasResults: row.results_submitted_at !== null,
  published: row.published === true,
  publishedAt: row.published_at,
});

export async function findRace(q: Queryable, raceId: string): Promise<RaceWithProgress | undefined> {
  const { rows } = await q.query<RaceRow>(`${RACE_SELECT} WHERE r.id = $1`, [raceId]);
  return rows[0] ? raceOf(rows[0]) : undefined;
}

export async function listRaces(q: Queryable, eventId: string): Promise<RaceWithProgress[]> {
  const { rows } = await q.query<RaceRow>(`${RACE_SELECT} WHERE r.event_id = $1 ORDER BY r.race_number, r.scheduled_start NULLS LAST, r.id`, [eventId]);
  return rows.map(raceOf);
}

export async function listFleetRaces(q: Queryable, fleetId: string): Promise<RaceWithProgress[]> {
  const { rows } = await q.query<RaceRow>(`${RACE_SELECT} WHERE r.fleet_id = $1 ORDER BY r.race_number, r.id`, [fleetId]);
  return rows.map(raceOf);
}

/** Of `boatIds`, those with a registration in status "registered" in the fleet. */
export async function registeredBoatIds(q: Queryable, fleetId: string, boatIds: string[]): Promise<Set<string>> {
  if (boatIds.length === 0) return new Set();
  const { rows } = await q.query<{ boat_id: string }>(
    `SELECT DISTINCT boat_id FROM registrations WHERE fleet_id = $1 AND status = 'registered' AND boat_id = ANY($2::text[])`,
    [fleetId, boatIds],
  );
  return new Set(rows.map((row) => row.boat_id));
}

/** Of `boatIds`, those registered (status "registered") in another fleet of the event. */
export async function boatsRegisteredElsewhere(q: Queryable, eventId: string, fleetId: string, boatIds: string[]): Promise<Set<string>> {
  if (boatIds.length === 0) return new Set();
  const { rows } = await q.query<{ boat_id: string }>(
    `SELECT DISTINCT boat_id FROM registrations
      WHERE event_id = $1 AND fleet_id <> $2 AND status = 'registered' AND boat_id = ANY($3::text[])`,
    [eventId, fleetId, boatIds],
  );
  return new Set(rows.map((row) => row.boat_id));
}

/**
 * The boats of a fleet for scoring: every boat registered (status "registered"), plus any boat holding a
 * stored result (a registration cancelled after racing keeps her scores). Details come from the boat's
 * most recent registration in the fleet. Ordered by sail number: boats that share a place are listed so.
 */
export async function fleetBoats(q: Queryable, fleetId: string): Promise<BoatInfo[]> {
  const { rows } = await q.query<{
    boat_id: string;
    boat_name: string | null;
    sail_number: string | null;
    sailor_name: string | null;
    user_id: string | null;
    ratings: Record<string, number> | null;
  }>(
    `WITH boats AS (
       SELECT boat_id FROM registrations WHERE fleet_id = $1 AND status = 'registered'
       UNION
       SELECT boat_id FROM race_results WHERE fleet_id = $1
     )
     SELECT b.boat_id, reg.boat_name, reg.sail_number, reg.sailor_name, reg.user_id, reg.ratings
       FROM boats b
       LEFT JOIN LATERAL (
         SELECT * FROM registrations r WHERE r.fleet_id = $1 AND r.boat_id = b.boat_id
          ORDER BY (r.status = 'registered') DESC, COALESCE(r.source_updated_at, r.occurred_at) DESC LIMIT 1
       ) reg ON true
      ORDER BY reg.sail_number NULLS LAST, reg.boat_name NULLS LAST, b.boat_id`,
    [fleetId],
  );
  return rows.map((row) => ({
    boatId: row.boat_id,
    name: row.boat_name ?? row.boat_id,
    sailNumber: row.sail_number,
    sailorName: row.sailor_name,
    userId: row.user_id,
    ratings: row.ratings ?? {},
  }));
}

/** Boat details for display, by boat id, from the event's registrations (registered first, newest first). */
export async function eventBoats(q: Queryable, eventId: string): Promise<Map<string, BoatInfo & { fleetId: string }>> {
  const { rows } = await q.query<{
    boat_id: string;
    fleet_id: string;
    boat_name: string;
    sail_number: string | null;
    sailor_name: string | null;
    user_id: string | null;
    ratings: Record<string, number> | null;
  }>(
    `SELECT DISTINCT ON (fleet_id, boat_id) boat_id, fleet_id, boat_name, sail_number, sailor_name, user_id, ratings
       FROM registrations WHERE event_id = $1
      ORDER BY fleet_id, boat_id, (status = 'registered') DESC, COALESCE(source_updated_at, occurred_at) DESC`,
    [eventId],
  );
  const map = new Map<string, BoatInfo & { fleetId: string }>();
  for (const row of rows) {
    map.set(`${row.fleet_id}/${row.boat_id}`, {
      boatId: row.boat_id,
      fleetId: row.fleet_id,
      name: row.boat_name,
      sailNumber: row.sail_number,
      sailorName: row.sailor_name,
      userId: row.user_id,
      ratings: row.ratings ?? {},
    });
  }
  return map;
}

/** True when results were submitted for any race of the fleet (its standings exist and may need a recompute). */
export async function fleetHasResults(q: Queryable, fleetId: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM race_progress WHERE fleet_id = $1 AND results_submitted_at IS NOT NULL LIMIT 1`, [fleetId]);
  return rows.length > 0;
}

interface SeriesRow {
  id: string;
  organization_id: string | null;
  slug: string;
  name: string;
  year: number | null;
  event_ids: string[];
  scoring_rule: string;
  best_of: number | null;
  created_at: Date | null;
}

const seriesOf = (row: SeriesRow): SeriesProjection => ({
  id: row.id,
  organizationId: row.organization_id,
  slug: row.slug,
  name: row.name,
  year: row.year,
  eventIds: row.event_ids ?? [],
  scoringRule: row.scoring_rule,
  bestOf: row.best_of,
  createdAt: row.created_at,
});

export async function findSeriesBySlug(q: Queryable, slug: string): Promise<SeriesProjection | undefined> {
  const { rows } = await q.query<SeriesRow>(`SELECT * FROM series WHERE slug = $1 ORDER BY occurred_at DESC LIMIT 1`, [slug]);
  return rows[0] ? seriesOf(rows[0]) : undefined;
}

export async function findSeriesById(q: Queryable, id: string): Promise<SeriesProjection | undefined> {
  const { rows } = await q.query<SeriesRow>(`SELECT * FROM series WHERE id = $1`, [id]);
  return rows[0] ? seriesOf(rows[0]) : undefined;
}

/** Every series that lists the event, ordered by id. */
export async function findSeriesContainingEvent(q: Queryable, eventId: string): Promise<SeriesProjection[]> {
  const { rows } = await q.query<SeriesRow>(`SELECT * FROM series WHERE event_ids @> ARRAY[$1::text] ORDER BY id`, [eventId]);
  return rows.map(seriesOf);
}
