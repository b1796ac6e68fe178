/** SQL of fleets (part of an event). */
import type { Queryable } from '@regatta/db';
import type { FleetRow } from './rows.js';
import { isUuid } from './sql.js';

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
