/** registrations.v1 → the entry list of a regatta, and its boats' names for the notice board. */
import type { PoolClient } from '@regatta/db';
import type { PublicEntry } from '../../domain/model.js';

/**
 * Keeps the newest snapshot; answers whether it was applied. `entryOrder` is the events service's
 * order of entries (null when the fact did not carry it): the entry list and waitlist follow it.
 */
export async function upsertEntry(client: PoolClient, eventId: string, entry: PublicEntry, updatedAt: Date, entryOrder: number | null): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO registrations (id, event_id, fleet_id, status, data, updated_at, entry_order) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET fleet_id = EXCLUDED.fleet_id, status = EXCLUDED.status, data = EXCLUDED.data, updated_at = EXCLUDED.updated_at,
       entry_order = EXCLUDED.entry_order
     WHERE registrations.updated_at <= EXCLUDED.updated_at`,
    [entry.id, eventId, entry.fleetId, entry.status, JSON.stringify(entry), updatedAt, entryOrder],
  );
  return (rowCount ?? 0) > 0;
}

/** A boat's public names by id (the protest room's facts name boats by id only). */
export async function upsertBoat(client: PoolClient, eventId: string, boat: { id: string; sailNumber: string | null; name: string }): Promise<void> {
  await client.query(
    `INSERT INTO boats (id, event_id, sail_number, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (event_id, id) DO UPDATE SET sail_number = EXCLUDED.sail_number, name = EXCLUDED.name`,
    [boat.id, eventId, boat.sailNumber, boat.name],
  );
}
