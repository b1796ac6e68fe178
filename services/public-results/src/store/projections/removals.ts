/** events.v1 deletions (races, fleets, documents withdrawn, series, regattas) out of the public read model. */
import type { PoolClient } from '@regatta/db';
import { catalogChanged, notify, touchEvent } from './changes.js';

export async function removeRace(client: PoolClient, eventId: string, raceId: string): Promise<void> {
  // A tombstone: results or progress of this race arriving later (another topic) are not shown.
  await client.query('INSERT INTO deleted_races (race_id, event_id) VALUES ($1, $2) ON CONFLICT (race_id) DO NOTHING', [raceId, eventId]);
  await client.query('DELETE FROM race_results WHERE race_id = $1', [raceId]);
  await client.query('DELETE FROM races WHERE id = $1', [raceId]);
  await touchEvent(client, eventId);
}

export async function removeFleet(client: PoolClient, eventId: string, fleetId: string): Promise<void> {
  await client.query('DELETE FROM standings WHERE fleet_id = $1', [fleetId]);
  await client.query('DELETE FROM fleets WHERE id = $1', [fleetId]);
  await touchEvent(client, eventId);
}

/** A withdrawn document leaves the notice board (its versions stay readable through the events API). */
export async function removeDocument(client: PoolClient, eventId: string, documentId: string): Promise<void> {
  await client.query('DELETE FROM documents WHERE id = $1', [documentId]);
  await touchEvent(client, eventId);
}

export async function removeSeries(client: PoolClient, seriesId: string): Promise<void> {
  await client.query('DELETE FROM series WHERE id = $1', [seriesId]);
  await notify(client, `s:${seriesId}`);
}

export async function removeEvent(client: PoolClient, eventId: string): Promise<void> {
  for (const table of ['race_results', 'standings', 'races', 'documents', 'registrations', 'fleets']) {
    await client.query(`DELETE FROM ${table} WHERE event_id = $1`, [eventId]);
  }
  await client.query('DELETE FROM events WHERE id = $1', [eventId]);
  await touchEvent(client, eventId);
  await catalogChanged(client);
}
