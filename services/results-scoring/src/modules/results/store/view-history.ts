/**
 * The read views as they were shown at a moment (migration 003's history tables): for each race and
 * fleet of the event, the latest version valid at or before that moment.
 */
import type { Queryable } from '@regatta/db';
import type { FleetSummary } from '../domain/public-views.js';
import type { FleetViewRow, RaceViewRow } from './read-views.js';

/** The event's race views shown at `at` (removed ones left out). */
export async function raceViewsAsOf(q: Queryable, eventId: string, at: Date): Promise<RaceViewRow[]> {
  const { rows } = await q.query<{ race_id: string; event_id: string; fleet_id: string; race_number: number; fleet_name: string; body: string | null }>(
    `SELECT DISTINCT ON (race_id) race_id, event_id, fleet_id, race_number, fleet_name, body
       FROM race_view_history WHERE event_id = $1 AND valid_from <= $2
      ORDER BY race_id, valid_from DESC`,
    [eventId, at],
  );
  return rows.flatMap((row) =>
    row.body === null ? [] : [{ raceId: row.race_id, eventId: row.event_id, fleetId: row.fleet_id, raceNumber: row.race_number, fleetName: row.fleet_name, body: row.body }],
  );
}

/** The event's fleet views shown at `at`, by fleet id. */
export async function fleetViewsAsOf(q: Queryable, eventId: string, at: Date): Promise<Map<string, Omit<FleetViewRow, 'fleetId' | 'eventId'>>> {
  const { rows } = await q.query<{ fleet_id: string; summary: string; standings: string; standings_without_drops: string }>(
    `SELECT DISTINCT ON (fleet_id) fleet_id, summary, standings, standings_without_drops
       FROM fleet_view_history WHERE event_id = $1 AND valid_from <= $2
      ORDER BY fleet_id, valid_from DESC`,
    [eventId, at],
  );
  return new Map(rows.map((row) => [row.fleet_id, { summary: JSON.parse(row.summary) as FleetSummary, standings: row.standings, standingsWithoutDrops: row.standings_without_drops }] as const));
}
