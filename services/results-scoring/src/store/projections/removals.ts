/**
 * Removing what the events service deleted (issue 15 §2: fleet.deleted, race.deleted, series.deleted,
 * event.deleted) from the projections and the data kept about it. The events service deletes only
 * what has no results, so nothing of record goes; a race's results that raced the deletion go with it.
 */
import type { Queryable } from '@regatta/db';

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
