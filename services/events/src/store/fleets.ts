/** SQL of fleets (part of an event). */
import type { Queryable } from '@regatta/db';
import type { FleetRow } from './rows.js';
import { ENTRY_BOAT_COLUMNS } from './registrations.js';
import { isUuid } from './sql.js';

/** `createdAt` (default: the transaction's time) orders a regatta's fleets; a copy passes one per fleet to keep the source's order. */
export async function insertFleet(db: Queryable, fleet: Omit<FleetRow, 'created_at'>, createdAt: Date | null = null): Promise<FleetRow> {
  const result = await db.query<FleetRow>(
    `INSERT INTO fleets (id, event_id, name, class_id, description, max_boats, scoring_system, drop_races,
       handicap_system, handicap_params, penalty_basis, discard_thresholds, finishers_plus, proportional_discards, redress, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, COALESCE($16::timestamptz, now())) RETURNING *`,
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
      fleet.finishers_plus === null ? null : JSON.stringify(fleet.finishers_plus),
      fleet.proportional_discards === null ? null : JSON.stringify(fleet.proportional_discards),
      fleet.redress === null ? null : JSON.stringify(fleet.redress),
      createdAt,
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

/** Writes the given columns of a fleet (names from domain/fleet-fields.ts, never from input). */
export async function updateFleetColumns(db: Queryable, fleetId: string, values: Record<string, unknown>): Promise<FleetRow> {
  const columns = Object.keys(values);
  const sets = columns.map((column, index) => `${column} = $${index + 2}`);
  // Objects go to jsonb columns (handicap params, engine options) as JSON text; arrays stay PostgreSQL arrays.
  const params = columns.map((column) => {
    const value = values[column];
    return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) ? JSON.stringify(value) : value;
  });
  return (await db.query<FleetRow>(`UPDATE fleets SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [fleetId, ...params])).rows[0]!;
}

/** What hangs on a fleet: entries of any status, races, and races with results. */
export async function fleetUsage(db: Queryable, fleetId: string): Promise<{ registrations: number; races: number; racesWithResults: number }> {
  const { rows } = await db.query<{ registrations: number; races: number; races_with_results: number }>(
    `SELECT (SELECT count(*)::int FROM registrations WHERE fleet_id = $1) AS registrations,
            (SELECT count(*)::int FROM races WHERE fleet_id = $1) AS races,
            (SELECT count(*)::int FROM race_results WHERE fleet_id = $1 AND jsonb_array_length(results) > 0) AS races_with_results`,
    [fleetId],
  );
  const row = rows[0]!;
  return { registrations: row.registrations, races: row.races, racesWithResults: row.races_with_results };
}

export async function deleteFleet(db: Queryable, fleetId: string): Promise<void> {
  await db.query('DELETE FROM fleets WHERE id = $1', [fleetId]);
}

/** Locks the fleet row (serializes changes of one fleet). */
export async function lockFleetRow(db: Queryable, fleetId: string): Promise<FleetRow | undefined> {
  return (await db.query<FleetRow>('SELECT * FROM fleets WHERE id = $1 FOR UPDATE', [fleetId])).rows[0];
}

/**
 * Locks the fleet row against changes (FOR SHARE) and reads it: an entry checks the fleet's set-up
 * (rating, capacity) under it, so a concurrent PATCH of the fleet (FOR UPDATE, lockFleetRow) waits for
 * the entry to commit and then sees it, or the entry waits for the PATCH and sees the new set-up.
 */
export async function shareFleetRow(db: Queryable, fleetId: string): Promise<FleetRow | undefined> {
  return (await db.query<FleetRow>('SELECT * FROM fleets WHERE id = $1 FOR SHARE', [fleetId])).rows[0];
}

/** The boats entered (registered or waitlisted) in a fleet, as entered, with their ratings (a new handicap system must find its rating on each). */
export async function enteredBoats(db: Queryable, fleetId: string): Promise<{ name: string; sail_number: string | null; ratings: Record<string, number> }[]> {
  const { rows } = await db.query<{ boat_name: string; boat_sail_number: string | null; boat_ratings: Record<string, number> }>(
    `SELECT ${ENTRY_BOAT_COLUMNS} FROM registrations r JOIN boats b ON b.id = r.boat_id
      WHERE r.fleet_id = $1 AND r.status IN ('registered', 'waitlisted') ORDER BY r.sequence`,
    [fleetId],
  );
  return rows.map((row) => ({ name: row.boat_name, sail_number: row.boat_sail_number, ratings: row.boat_ratings }));
}
