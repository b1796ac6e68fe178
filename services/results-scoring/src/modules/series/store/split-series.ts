/** SQL of the split series an event defines and the membership its splits produced (migration 007). */
import type { Queryable } from '@regatta/db';
import type { SplitSeriesDefinition } from '../domain/split-series-setup.js';

export interface StoredSplit {
  stage: 'final' | 'medal';
  method: string;
  fleets: Record<string, string[]>;
  assignedAt: Date;
}

export async function getSplitDefinition(q: Queryable, eventId: string): Promise<{ definition: SplitSeriesDefinition; updatedAt: Date } | undefined> {
  const { rows } = await q.query<{ definition: SplitSeriesDefinition; updated_at: Date }>(`SELECT definition, updated_at FROM split_series WHERE event_id = $1`, [eventId]);
  return rows[0] ? { definition: rows[0].definition, updatedAt: rows[0].updated_at } : undefined;
}

export async function saveSplitDefinition(q: Queryable, eventId: string, definition: SplitSeriesDefinition, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO split_series (event_id, definition, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (event_id) DO UPDATE SET definition = EXCLUDED.definition, updated_at = EXCLUDED.updated_at`,
    [eventId, JSON.stringify(definition), at],
  );
}

/** Serializes the committee's changes to one event's split series (definition and splits). */
export async function lockSplit(q: Queryable, eventId: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('split_series'), hashtext($1))`, [eventId]);
}

export async function getSplits(q: Queryable, eventId: string): Promise<StoredSplit[]> {
  const { rows } = await q.query<{ stage: 'final' | 'medal'; method: string; fleets: Record<string, string[]>; assigned_at: Date }>(
    `SELECT stage, method, fleets, assigned_at FROM split_assignments WHERE event_id = $1 ORDER BY stage DESC`,
    [eventId],
  );
  return rows.map((r) => ({ stage: r.stage, method: r.method, fleets: r.fleets, assignedAt: r.assigned_at }));
}

/** Replaces one stage's split (and its members); `null` removes it. */
export async function saveSplit(q: Queryable, eventId: string, stage: 'final' | 'medal', split: Omit<StoredSplit, 'stage'> | null): Promise<void> {
  await q.query(`DELETE FROM split_members WHERE event_id = $1 AND stage = $2`, [eventId, stage]);
  await q.query(`DELETE FROM split_assignments WHERE event_id = $1 AND stage = $2`, [eventId, stage]);
  if (split === null) return;
  await q.query(`INSERT INTO split_assignments (event_id, stage, method, fleets, assigned_at) VALUES ($1, $2, $3, $4, $5)`, [eventId, stage, split.method, JSON.stringify(split.fleets), split.assignedAt]);
  const fleetIds: string[] = [];
  const boatIds: string[] = [];
  for (const [fleetId, boats] of Object.entries(split.fleets)) for (const boat of boats) (fleetIds.push(fleetId), boatIds.push(boat));
  await q.query(
    `INSERT INTO split_members (event_id, stage, fleet_id, boat_id) SELECT $1, $2, f, b FROM unnest($3::text[], $4::text[]) AS t(f, b)`,
    [eventId, stage, fleetIds, boatIds],
  );
}

/** Of these fleets, whether any race has stored results (the split is then locked). */
export async function fleetsHaveResults(q: Queryable, fleetIds: string[]): Promise<boolean> {
  if (fleetIds.length === 0) return false;
  const { rows } = await q.query(`SELECT 1 FROM race_results WHERE fleet_id = ANY($1::text[]) LIMIT 1`, [fleetIds]);
  return rows.length > 0;
}

/** Boats registered (status "registered") in the qualifying fleets, in entry order (first registration first). */
export async function qualifyingEntries(q: Queryable, fleetIds: string[]): Promise<{ boatId: string; fleetId: string; boatName: string; sailNumber: string | null }[]> {
  const { rows } = await q.query<{ boat_id: string; fleet_id: string; boat_name: string; sail_number: string | null }>(
    `SELECT boat_id, fleet_id, boat_name, sail_number FROM (
       SELECT DISTINCT ON (boat_id) boat_id, fleet_id, boat_name, sail_number, COALESCE(source_updated_at, occurred_at) AS at, id
         FROM registrations WHERE fleet_id = ANY($1::text[]) AND status = 'registered'
        ORDER BY boat_id, COALESCE(source_updated_at, occurred_at), id
     ) first ORDER BY at, id`,
    [fleetIds],
  );
  return rows.map((r) => ({ boatId: r.boat_id, fleetId: r.fleet_id, boatName: r.boat_name, sailNumber: r.sail_number }));
}
