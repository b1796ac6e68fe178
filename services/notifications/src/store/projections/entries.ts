/** Entries of regattas (from registrations.v1) and members of organizing clubs (from identity.v1). */
import type { Queryable } from '@regatta/db';

export interface ProjectedEntry {
  registrationId: string;
  eventId: string;
  fleetId: string;
  userId: string;
  boatId: string | null;
  boatName: string;
  sailNumber: string | null;
  status: string;
  sourceUpdatedAt: Date | null;
}

/** Keeps the newest snapshot; `applied` is false when an older snapshot arrived after a newer one. */
export async function upsertEntry(db: Queryable, entry: ProjectedEntry): Promise<{ applied: boolean }> {
  const result = await db.query(
    `INSERT INTO entries (registration_id, event_id, fleet_id, user_id, boat_id, boat_name, sail_number, status, source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (registration_id) DO UPDATE SET event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, user_id = EXCLUDED.user_id,
       boat_id = EXCLUDED.boat_id, boat_name = EXCLUDED.boat_name, sail_number = EXCLUDED.sail_number, status = EXCLUDED.status,
       source_updated_at = EXCLUDED.source_updated_at
     WHERE entries.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= entries.source_updated_at`,
    [entry.registrationId, entry.eventId, entry.fleetId, entry.userId, entry.boatId, entry.boatName, entry.sailNumber, entry.status, entry.sourceUpdatedAt],
  );
  return { applied: (result.rowCount ?? 0) > 0 };
}

/** The people entered in a regatta (or one fleet of it) with one of `statuses`, each with their registration. */
export async function entrants(db: Queryable, eventId: string, statuses: readonly string[], fleetId: string | null): Promise<Array<{ userId: string; registrationId: string }>> {
  const result = await db.query<{ user_id: string; registration_id: string }>(
    `SELECT DISTINCT ON (user_id) user_id, registration_id FROM entries
     WHERE event_id = $1 AND status = ANY($2) AND ($3::uuid IS NULL OR fleet_id = $3) ORDER BY user_id, registration_id`,
    [eventId, [...statuses], fleetId],
  );
  return result.rows.map((row) => ({ userId: row.user_id, registrationId: row.registration_id }));
}

/** The entry of a registration: who sails it, in which regatta. */
export async function entryOf(db: Queryable, registrationId: string): Promise<{ userId: string; eventId: string } | undefined> {
  const result = await db.query<{ user_id: string; event_id: string }>('SELECT user_id, event_id FROM entries WHERE registration_id = $1', [registrationId]);
  const row = result.rows[0];
  return row ? { userId: row.user_id, eventId: row.event_id } : undefined;
}

/** The people sailing the given boats (or registrations) in a regatta, with the boat they sail. */
export async function entrantsOfBoats(
  db: Queryable,
  eventId: string,
  ids: { boatIds?: readonly string[]; registrationIds?: readonly string[] },
): Promise<Array<{ userId: string; registrationId: string; boatName: string; sailNumber: string | null }>> {
  const result = await db.query<{ user_id: string; registration_id: string; boat_name: string; sail_number: string | null }>(
    `SELECT DISTINCT ON (user_id) user_id, registration_id, boat_name, sail_number FROM entries
     WHERE event_id = $1 AND status <> 'cancelled' AND (boat_id = ANY($2::text[]) OR registration_id = ANY($3::uuid[]))
     ORDER BY user_id, registration_id`,
    [eventId, [...(ids.boatIds ?? [])], [...(ids.registrationIds ?? [])]],
  );
  return result.rows.map((row) => ({ userId: row.user_id, registrationId: row.registration_id, boatName: row.boat_name, sailNumber: row.sail_number }));
}

export async function upsertMember(db: Queryable, organizationId: string, userId: string, role: string): Promise<void> {
  await db.query(
    `INSERT INTO members (organization_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [organizationId, userId, role],
  );
}

export async function deleteMember(db: Queryable, organizationId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM members WHERE organization_id = $1 AND user_id = $2', [organizationId, userId]);
}

export async function memberUserIds(db: Queryable, organizationId: string): Promise<string[]> {
  const result = await db.query<{ user_id: string }>('SELECT user_id FROM members WHERE organization_id = $1', [organizationId]);
  return result.rows.map((row) => row.user_id);
}

/** Adds boats to a protest case's parties (lodged, hearing scheduled) and answers them all. */
export async function addCaseParties(db: Queryable, protestId: string, eventId: string, boatIds: readonly string[]): Promise<string[]> {
  const result = await db.query<{ party_boat_ids: string[] }>(
    `INSERT INTO cases (protest_id, event_id, party_boat_ids) VALUES ($1, $2, $3::text[])
     ON CONFLICT (protest_id) DO UPDATE SET party_boat_ids = ARRAY(SELECT DISTINCT unnest(cases.party_boat_ids || EXCLUDED.party_boat_ids))
     RETURNING party_boat_ids`,
    [protestId, eventId, [...boatIds]],
  );
  return result.rows[0]?.party_boat_ids ?? [...boatIds];
}
