/**
 * Projection of the events service's registrations (registrations.v1): boats, ratings and sailors of
 * each fleet. Writes keep the newer snapshot (by the snapshot's updated_at, else the fact's occurred_at).
 */
import type { Queryable } from '@regatta/db';
import type { BoatInfo } from '../../domain/fleet-scoring.js';
import type { RegistrationProjection } from '../../domain/records.js';

export async function upsertRegistration(client: Queryable, registration: RegistrationProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO registrations (id, event_id, fleet_id, fleet_name, user_id, sailor_name, boat_id, boat_name, sail_number, ratings, status, source_updated_at, occurred_at, rating_changes, crew, boat_model)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (id) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, fleet_name = EXCLUDED.fleet_name, user_id = EXCLUDED.user_id,
       sailor_name = EXCLUDED.sailor_name, boat_id = EXCLUDED.boat_id, boat_name = EXCLUDED.boat_name, sail_number = EXCLUDED.sail_number,
       ratings = EXCLUDED.ratings, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at, occurred_at = EXCLUDED.occurred_at,
       rating_changes = EXCLUDED.rating_changes, crew = EXCLUDED.crew, boat_model = EXCLUDED.boat_model
     WHERE COALESCE(EXCLUDED.source_updated_at, EXCLUDED.occurred_at) >= COALESCE(registrations.source_updated_at, registrations.occurred_at)`,
    [
      registration.id,
      registration.eventId,
      registration.fleetId,
      registration.fleetName,
      registration.userId,
      registration.sailorName,
      registration.boatId,
      registration.boatName,
      registration.sailNumber,
      JSON.stringify(registration.ratings ?? {}),
      registration.status,
      registration.sourceUpdatedAt,
      occurredAt,
      JSON.stringify(registration.ratingChanges ?? []),
      registration.crew ?? [],
      registration.boatModel ?? null,
    ],
  );
}

/** The fleet the projection holds the registration in now (before a newer snapshot is written), or null. */
export async function projectedFleetOf(q: Queryable, registrationId: string): Promise<string | null> {
  const { rows } = await q.query<{ fleet_id: string }>(`SELECT fleet_id FROM registrations WHERE id = $1`, [registrationId]);
  return rows[0]?.fleet_id ?? null;
}

/** Of `boatIds`, those with a registration in status "registered" in the fleet. */
export async function registeredBoatIds(q: Queryable, fleetId: string, boatIds: string[]): Promise<Set<string>> {
  if (boatIds.length === 0) return new Set();
  const { rows } = await q.query<{ boat_id: string }>(
    // A boat a split series assigned to this (final or medal) fleet counts as registered in it (migration 007).
    `SELECT boat_id FROM registrations WHERE fleet_id = $1 AND status = 'registered' AND boat_id = ANY($2::text[])
     UNION SELECT boat_id FROM split_members WHERE fleet_id = $1 AND boat_id = ANY($2::text[])`,
    [fleetId, boatIds],
  );
  return new Set(rows.map((row) => row.boat_id));
}

/** Of `boatIds`, those registered (status "registered") in another fleet of the event. */
export async function boatsRegisteredElsewhere(q: Queryable, eventId: string, fleetId: string, boatIds: string[]): Promise<Set<string>> {
  if (boatIds.length === 0) return new Set();
  const { rows } = await q.query<{ boat_id: string }>(
    `SELECT DISTINCT boat_id FROM registrations
      WHERE event_id = $1 AND fleet_id <> $2 AND status = 'registered' AND boat_id = ANY($3::text[])`,
    [eventId, fleetId, boatIds],
  );
  return new Set(rows.map((row) => row.boat_id));
}

/**
 * The boats of a fleet for scoring: every boat registered (status "registered"), plus any boat holding a
 * stored result (a registration cancelled after racing keeps her scores), except a boat whose entry was
 * moved to another fleet of the event (no registration of hers left in this fleet, an active one in
 * another): her results stay recorded in this fleet's races but she is no boat of its series (A5.2's
 * count, A6.1's places move up). Details come from the boat's
 * most recent registration in the fleet. Ordered by sail number: boats that share a place are listed so.
 * A split series' final and medal fleets hold the boats assigned to them (split_members); their details
 * come from the boat's registration in the event (her qualifying fleet).
 */
export async function fleetBoats(q: Queryable, fleetId: string): Promise<BoatInfo[]> {
  const { rows } = await q.query<{
    boat_id: string;
    boat_name: string | null;
    sail_number: string | null;
    sailor_name: string | null;
    user_id: string | null;
    ratings: Record<string, number> | null;
    rating_changes: { key: string; value: number; fromRace: number }[] | null;
  }>(
    `WITH boats AS (
       SELECT boat_id FROM registrations WHERE fleet_id = $1 AND status = 'registered'
       UNION
       SELECT rr.boat_id FROM race_results rr
        WHERE rr.fleet_id = $1
          AND (EXISTS (SELECT 1 FROM registrations r WHERE r.fleet_id = $1 AND r.boat_id = rr.boat_id)
               OR NOT EXISTS (
                 SELECT 1 FROM registrations r JOIN fleets f ON f.id = $1
                  WHERE r.event_id = f.event_id AND r.fleet_id <> $1 AND r.boat_id = rr.boat_id AND r.status IN ('registered', 'waitlisted')))
       UNION
       SELECT boat_id FROM split_members WHERE fleet_id = $1
     )
     SELECT b.boat_id, COALESCE(reg.boat_name, alt.boat_name) AS boat_name, COALESCE(reg.sail_number, alt.sail_number) AS sail_number,
            COALESCE(reg.sailor_name, alt.sailor_name) AS sailor_name, COALESCE(reg.user_id, alt.user_id) AS user_id,
            COALESCE(reg.ratings, alt.ratings) AS ratings, COALESCE(reg.rating_changes, alt.rating_changes) AS rating_changes
       FROM boats b
       LEFT JOIN LATERAL (
         SELECT * FROM registrations r WHERE r.fleet_id = $1 AND r.boat_id = b.boat_id
          ORDER BY (r.status = 'registered') DESC, COALESCE(r.source_updated_at, r.occurred_at) DESC LIMIT 1
       ) reg ON true
       LEFT JOIN LATERAL (
         SELECT * FROM registrations r2
          WHERE reg.id IS NULL AND r2.boat_id = b.boat_id AND r2.event_id = (SELECT f.event_id FROM fleets f WHERE f.id = $1)
          ORDER BY (r2.status = 'registered') DESC, COALESCE(r2.source_updated_at, r2.occurred_at) DESC LIMIT 1
       ) alt ON true
      ORDER BY COALESCE(reg.sail_number, alt.sail_number) NULLS LAST, COALESCE(reg.boat_name, alt.boat_name) NULLS LAST, b.boat_id`,
    [fleetId],
  );
  return rows.map((row) => ({
    boatId: row.boat_id,
    name: row.boat_name ?? row.boat_id,
    sailNumber: row.sail_number,
    sailorName: row.sailor_name,
    userId: row.user_id,
    ratings: row.ratings ?? {},
    ...(row.rating_changes && row.rating_changes.length > 0 ? { ratingChanges: row.rating_changes } : {}),
  }));
}
