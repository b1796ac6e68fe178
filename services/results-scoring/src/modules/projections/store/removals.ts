/**
 * Removing what the events service deleted (complete resources: fleet.deleted, race.deleted, series.deleted,
 * event.deleted) from the projections and the data kept about it. The events service deletes only
 * what has no results as far as it knows; results submitted in the moment before a race's deletion
 * (before their fact reached the events service) are read here first (raceBeingRemoved) and recorded
 * as a revision by app/project-removals.ts, then removed with the race. Revisions are never removed.
 */
import type { Queryable } from '@regatta/db';
import type { ResultRow, SubmittedEntry } from '../../shared/domain/records.js';
import { getRaceEntries, raceResults } from '../../results/store/results.js';

/** What a race about to be removed holds: its number (null when never projected), results and stored entries. */
export async function raceBeingRemoved(q: Queryable, raceId: string): Promise<{ raceNumber: number | null; results: ResultRow[]; entries: SubmittedEntry[] }> {
  const { rows } = await q.query<{ race_number: number }>('SELECT race_number FROM races WHERE id = $1', [raceId]);
  return { raceNumber: rows[0]?.race_number ?? null, results: await raceResults(q, raceId), entries: await getRaceEntries(q, raceId) };
}

export async function removeRace(q: Queryable, raceId: string): Promise<void> {
  await q.query('DELETE FROM race_results WHERE race_id = $1', [raceId]);
  await q.query('DELETE FROM race_progress WHERE race_id = $1', [raceId]);
  await q.query('DELETE FROM races WHERE id = $1', [raceId]);
}

export async function removeFleet(q: Queryable, fleetId: string): Promise<void> {
  await q.query('DELETE FROM race_views WHERE fleet_id = $1', [fleetId]);
  await q.query('DELETE FROM fleet_views WHERE fleet_id = $1', [fleetId]);
  await q.query('DELETE FROM fleet_standings WHERE fleet_id = $1', [fleetId]);
  await q.query('DELETE FROM fleets WHERE id = $1', [fleetId]);
}

export async function removeSeries(q: Queryable, seriesId: string): Promise<void> {
  await q.query('DELETE FROM series_views WHERE series_id = $1', [seriesId]);
  await q.query('DELETE FROM series WHERE id = $1', [seriesId]);
}

export async function removeEvent(q: Queryable, eventId: string): Promise<void> {
  for (const table of ['race_results', 'race_progress', 'race_views', 'fleet_views', 'fleet_standings', 'races', 'registrations']) {
    await q.query(`DELETE FROM ${table} WHERE event_id = $1`, [eventId]);
  }
  await q.query('DELETE FROM fleets WHERE event_id = $1', [eventId]);
  await q.query('DELETE FROM events WHERE id = $1', [eventId]);
}
