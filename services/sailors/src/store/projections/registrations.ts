/** registrations.v1 → the sailor's registrations (history entries before any standings exist). Replays change nothing. */
import type { Queryable } from '@regatta/db';

export interface RegistrationSnapshot {
  id: string;
  eventId: string;
  fleetId: string;
  fleetName: string | null;
  userId: string;
  boatId: string | null;
  status: string;
  registrationTime: Date | null;
  sourceUpdatedAt: Date | null;
}

export async function upsertRegistration(db: Queryable, registration: RegistrationSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO registrations (id, event_id, fleet_id, fleet_name, user_id, boat_id, status, registration_time, source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id,
       fleet_name = coalesce(EXCLUDED.fleet_name, registrations.fleet_name), user_id = EXCLUDED.user_id, boat_id = EXCLUDED.boat_id,
       status = EXCLUDED.status, registration_time = EXCLUDED.registration_time, source_updated_at = EXCLUDED.source_updated_at
     WHERE registrations.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL
        OR EXCLUDED.source_updated_at >= registrations.source_updated_at`,
    [
      registration.id,
      registration.eventId,
      registration.fleetId,
      registration.fleetName,
      registration.userId,
      registration.boatId,
      registration.status,
      registration.registrationTime,
      registration.sourceUpdatedAt,
    ],
  );
}
