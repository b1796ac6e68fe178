/**
 * Read-only projections of the regatta a record is checked against: the event (slug, organization,
 * time zone, days), its fleets and races (events.v1) and its entries (registrations.v1). Never written
 * by requests. Snapshots older than the stored one are ignored.
 */
import type { Queryable } from '@regatta/db';
import type { CaptureEntry, CaptureEvent, CaptureFleet, CaptureRace } from '../../domain/regatta.js';

export async function upsertEvent(client: Queryable, event: CaptureEvent & { sourceUpdatedAt: Date | null }): Promise<void> {
  await client.query(
    `INSERT INTO capture_events (id, organization_id, slug, name, time_zone, start_date, end_date, status, source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET organization_id = EXCLUDED.organization_id, slug = EXCLUDED.slug, name = EXCLUDED.name,
       time_zone = EXCLUDED.time_zone, start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, status = EXCLUDED.status,
       source_updated_at = EXCLUDED.source_updated_at
     WHERE capture_events.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= capture_events.source_updated_at`,
    [event.id, event.organizationId, event.slug, event.name, event.timeZone, event.startDate, event.endDate, event.status, event.sourceUpdatedAt],
  );
}

export async function deleteEvent(client: Queryable, eventId: string): Promise<void> {
  await client.query('DELETE FROM capture_events WHERE id = $1', [eventId]);
}

export async function upsertFleet(client: Queryable, fleet: CaptureFleet & { eventId: string }): Promise<void> {
  await client.query(
    `INSERT INTO capture_fleets (id, event_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`,
    [fleet.id, fleet.eventId, fleet.name],
  );
}

export async function deleteFleet(client: Queryable, fleetId: string): Promise<void> {
  await client.query('DELETE FROM capture_fleets WHERE id = $1', [fleetId]);
}

export async function upsertRace(client: Queryable, race: CaptureRace & { eventId: string }): Promise<void> {
  await client.query(
    `INSERT INTO capture_races (id, event_id, fleet_id, name, race_number, scheduled_start, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET fleet_id = EXCLUDED.fleet_id, name = EXCLUDED.name, race_number = EXCLUDED.race_number,
       scheduled_start = EXCLUDED.scheduled_start, status = EXCLUDED.status`,
    [race.id, race.eventId, race.fleetId, race.name, race.raceNumber, race.scheduledStart, race.status],
  );
}

export async function deleteRace(client: Queryable, raceId: string): Promise<void> {
  await client.query('DELETE FROM capture_races WHERE id = $1', [raceId]);
}

export interface EntrantDetails {
  userId: string | null;
  sailorName: string | null;
  crew: string[];
  emergencyContact: string | null;
}

export async function upsertEntry(
  client: Queryable,
  entry: CaptureEntry & { eventId: string; status: string; sailKey: string | null; sourceUpdatedAt: Date | null; entrant: EntrantDetails },
): Promise<void> {
  await client.query(
    `INSERT INTO capture_entries (registration_id, event_id, fleet_id, sail_number, sail_key, boat_name, status, source_updated_at, boat_id, user_id, sailor_name, crew, emergency_contact)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (registration_id) DO UPDATE SET fleet_id = EXCLUDED.fleet_id, sail_number = EXCLUDED.sail_number, sail_key = EXCLUDED.sail_key, boat_id = EXCLUDED.boat_id,
       boat_name = EXCLUDED.boat_name, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at,
       user_id = EXCLUDED.user_id, sailor_name = EXCLUDED.sailor_name, crew = EXCLUDED.crew, emergency_contact = EXCLUDED.emergency_contact
     WHERE capture_entries.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= capture_entries.source_updated_at`,
    [
      entry.registrationId, entry.eventId, entry.fleetId, entry.sailNumber, entry.sailKey, entry.boatName, entry.status, entry.sourceUpdatedAt, entry.boatId,
      entry.entrant.userId, entry.entrant.sailorName, entry.entrant.crew, entry.entrant.emergencyContact,
    ],
  );
}
