/**
 * Projection of the events service's fleets (scoring set-up) and races (schedule), joined with the race
 * progress this service records. Writes keep the newer snapshot (by the fact's occurred_at).
 */
import type { Queryable } from '@regatta/db';
import type { RaceStatus } from '@regatta/contracts';
import type { FleetProjection, RaceProjection, RaceWithProgress } from '../../domain/records.js';

export async function upsertFleet(client: Queryable, fleet: FleetProjection, createdAt: Date | null, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO fleets (id, event_id, name, scoring_system, drop_races, handicap_system, handicap_params, penalty_basis, discard_thresholds, created_at, occurred_at,
                         finishers_plus, proportional_discards, redress)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (id) DO UPDATE SET
       event_id = EXCLUDED.event_id, name = EXCLUDED.name, scoring_system = EXCLUDED.scoring_system, drop_races = EXCLUDED.drop_races,
       handicap_system = EXCLUDED.handicap_system, handicap_params = EXCLUDED.handicap_params, penalty_basis = EXCLUDED.penalty_basis,
       discard_thresholds = EXCLUDED.discard_thresholds, created_at = EXCLUDED.created_at, occurred_at = EXCLUDED.occurred_at,
       finishers_plus = EXCLUDED.finishers_plus, proportional_discards = EXCLUDED.proportional_discards, redress = EXCLUDED.redress
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
      jsonOrNull(fleet.options?.finishersPlus),
      jsonOrNull(fleet.options?.proportionalDiscards),
      jsonOrNull(fleet.options?.redress),
    ],
  );
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

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
  finishers_plus?: { dnf: number; dnc: number } | null;
  proportional_discards?: { firstAt: number; everyRaces: number } | null;
  redress?: { defaultMethod?: 'average_all' | 'average_before'; excludeDnc?: boolean } | null;
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
  ...optionsOf(row),
});

/** The engine options, present only when the fleet uses one (older fleets read exactly as before). */
function optionsOf(row: FleetRow): Pick<FleetProjection, 'options'> {
  const options: NonNullable<FleetProjection['options']> = {};
  if (row.finishers_plus) options.finishersPlus = row.finishers_plus;
  if (row.proportional_discards) options.proportionalDiscards = row.proportional_discards;
  if (row.redress) options.redress = row.redress;
  return Object.keys(options).length > 0 ? { options } : {};
}

export async function listFleets(q: Queryable, eventId: string): Promise<FleetProjection[]> {
  const { rows } = await q.query<FleetRow>(`SELECT * FROM fleets WHERE event_id = $1 ORDER BY created_at NULLS LAST, name, id`, [eventId]);
  return rows.map(fleetOf);
}

export async function findFleet(q: Queryable, fleetId: string): Promise<FleetProjection | undefined> {
  const { rows } = await q.query<FleetRow>(`SELECT * FROM fleets WHERE id = $1`, [fleetId]);
  return rows[0] ? fleetOf(rows[0]) : undefined;
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
  revised_at: Date | null;
  posted_at: Date | null;
  protest_deadline: Date | null;
}

const RACE_SELECT = `SELECT r.*, p.status AS progress_status, p.actual_start, p.results_submitted_at, p.published, p.published_at,
       p.revised_at, p.posted_at, p.protest_deadline
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
  revisedAt: row.revised_at,
  postedAt: row.posted_at,
  protestDeadline: row.protest_deadline,
});

export async function findRace(q: Queryable, raceId: string): Promise<RaceWithProgress | undefined> {
  const { rows } = await q.query<RaceRow>(`${RACE_SELECT} WHERE r.id = $1`, [raceId]);
  return rows[0] ? raceOf(rows[0]) : undefined;
}

export async function listFleetRaces(q: Queryable, fleetId: string): Promise<RaceWithProgress[]> {
  const { rows } = await q.query<RaceRow>(`${RACE_SELECT} WHERE r.fleet_id = $1 ORDER BY r.race_number, r.id`, [fleetId]);
  return rows.map(raceOf);
}
