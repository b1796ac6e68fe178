/**
 * Writes of the projections, called only by the consumers (inside the inbox transaction). Every write
 * is an upsert or a full replacement of a snapshot's rows, so replays change nothing; snapshots older
 * than the stored one are ignored where the fact carries an updatedAt.
 */
import type { Queryable } from '@regatta/db';

/**
 * Sailors and boats are shared by every regatta, so the consumers' chunk transactions (up to 100
 * facts, several partitions and topics applied side by side) met on the same rows in different
 * orders and deadlocked ("deadlock detected" in noteSailor, each costing a second and a retry).
 * No order can be imposed across the facts of a chunk, so every write to these two tables first
 * takes one transaction-level advisory lock: writers of shared rows take turns (until their commit),
 * and a transaction waiting for it holds no sailor or boat row, so no cycle can form. Writes that
 * would change nothing are skipped without any lock (the common case once profiles exist).
 */
const PROFILES_LOCK = 'sailors.profiles';

async function lockProfiles(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [PROFILES_LOCK]);
}

export async function upsertUser(db: Queryable, user: { id: string; name: string | null; email: string | null; registeredAt: Date | null }): Promise<void> {
  await lockProfiles(db);
  await db.query(
    `INSERT INTO sailors (id, name, name_source, email, registered_at) VALUES ($1, $2, 'identity', $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = coalesce(EXCLUDED.name, sailors.name), name_source = 'identity',
       email = coalesce(EXCLUDED.email, sailors.email), registered_at = coalesce(EXCLUDED.registered_at, sailors.registered_at),
       updated_at = now()`,
    [user.id, user.name, user.email, user.registeredAt],
  );
}

/** A sailor named in a registration or a result: creates the profile, fills a missing name. */
export async function noteSailor(db: Queryable, id: string, name: string | null): Promise<void> {
  // Nothing to change (known sailor and no new name, the same name, or a name from the account,
  // which wins): no write, so no row lock held until the end of the consumer's chunk.
  const known = await db.query<{ name: string | null; name_source: string }>(`SELECT name, name_source FROM sailors WHERE id = $1`, [id]);
  const row = known.rows[0];
  if (row && (name === null || row.name === name || (row.name_source === 'identity' && row.name !== null))) return;
  await lockProfiles(db);
  await db.query(
    `INSERT INTO sailors (id, name, name_source) VALUES ($1, $2, 'registration')
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
     WHERE sailors.name IS DISTINCT FROM EXCLUDED.name AND EXCLUDED.name IS NOT NULL
       AND NOT (sailors.name_source = 'identity' AND sailors.name IS NOT NULL)`,
    [id, name],
  );
}

/**
 * The sailors named in one results or standings fact, in one round trip: known ones that would not
 * change are skipped; the rest are written in one statement, in id order, under the profiles lock.
 * Within the list the last non-empty name of a sailor wins (as one noteSailor per entry would).
 */
export async function noteSailors(db: Queryable, sailors: ReadonlyArray<{ id: string; name: string | null }>): Promise<void> {
  const wanted = new Map<string, string | null>();
  for (const sailor of sailors) if (!wanted.has(sailor.id) || sailor.name !== null) wanted.set(sailor.id, sailor.name);
  if (wanted.size === 0) return;
  const known = await db.query<{ id: string; name: string | null; name_source: string }>(`SELECT id, name, name_source FROM sailors WHERE id = ANY($1::uuid[])`, [[...wanted.keys()]]);
  const byId = new Map(known.rows.map((row) => [row.id, row]));
  const writes = [...wanted]
    .filter(([id, name]) => {
      const row = byId.get(id);
      return !row || (name !== null && row.name !== name && !(row.name_source === 'identity' && row.name !== null));
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (writes.length === 0) return;
  await lockProfiles(db);
  await db.query(
    `INSERT INTO sailors (id, name, name_source) SELECT id, name, 'registration' FROM unnest($1::uuid[], $2::text[]) AS t(id, name)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
     WHERE sailors.name IS DISTINCT FROM EXCLUDED.name AND EXCLUDED.name IS NOT NULL
       AND NOT (sailors.name_source = 'identity' AND sailors.name IS NOT NULL)`,
    [writes.map(([id]) => id), writes.map(([, name]) => name)],
  );
}

export interface BoatSnapshot {
  id: string;
  name: string;
  sailNumber: string | null;
  model: string | null;
  ratings: Record<string, number>;
  ownerId: string | null;
  sourceUpdatedAt: Date | null;
}

/** The boat as entered with a registration: replaces the registry entry unless it is older. */
export async function upsertBoat(db: Queryable, boat: BoatSnapshot): Promise<void> {
  await lockProfiles(db);
  await db.query(
    `INSERT INTO boats (id, name, sail_number, model, ratings, owner_id, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, sail_number = EXCLUDED.sail_number, model = EXCLUDED.model,
       ratings = EXCLUDED.ratings, owner_id = coalesce(EXCLUDED.owner_id, boats.owner_id),
       source_updated_at = EXCLUDED.source_updated_at, updated_at = now()
     WHERE boats.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= boats.source_updated_at`,
    [boat.id, boat.name, boat.sailNumber, boat.model, JSON.stringify(boat.ratings), boat.ownerId, boat.sourceUpdatedAt],
  );
}

/** The boats of one results or standings fact: registers the unknown ones (first description wins), one round trip when all are known. */
export async function noteBoats(db: Queryable, boats: ReadonlyArray<{ id: string; name: string; sailNumber: string | null; ownerId: string | null }>): Promise<void> {
  const wanted = new Map<string, (typeof boats)[number]>();
  for (const boat of boats) if (!wanted.has(boat.id)) wanted.set(boat.id, boat);
  if (wanted.size === 0) return;
  const known = await db.query<{ id: string }>(`SELECT id FROM boats WHERE id = ANY($1::uuid[])`, [[...wanted.keys()]]);
  for (const row of known.rows) wanted.delete(row.id);
  if (wanted.size === 0) return;
  const missing = [...wanted.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await lockProfiles(db);
  await db.query(
    `INSERT INTO boats (id, name, sail_number, owner_id) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[])
     ON CONFLICT (id) DO NOTHING`,
    [missing.map((boat) => boat.id), missing.map((boat) => boat.name), missing.map((boat) => boat.sailNumber), missing.map((boat) => boat.ownerId)],
  );
}

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

export interface RegattaSnapshot {
  id: string;
  slug: string;
  name: string;
  startDate: Date | null;
  endDate: Date | null;
  status: string;
  sourceUpdatedAt: Date | null;
}

export async function upsertRegatta(db: Queryable, regatta: RegattaSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO regattas (id, slug, name, start_date, end_date, status, source_updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, start_date = EXCLUDED.start_date,
       end_date = EXCLUDED.end_date, status = EXCLUDED.status, source_updated_at = EXCLUDED.source_updated_at
     WHERE regattas.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL
        OR EXCLUDED.source_updated_at >= regattas.source_updated_at`,
    [regatta.id, regatta.slug, regatta.name, regatta.startDate, regatta.endDate, regatta.status, regatta.sourceUpdatedAt],
  );
}

export interface RaceResultRow {
  boatId: string;
  userId: string | null;
  position: number | null;
  points: number;
  status: string;
}

/** Replaces the results of one race with the complete list of a results.updated fact. */
export async function replaceRaceResults(
  db: Queryable,
  race: { raceId: string; eventId: string; fleetId: string; raceNumber: number; raceStatus: string },
  results: readonly RaceResultRow[],
): Promise<void> {
  await db.query(`DELETE FROM race_results WHERE race_id = $1`, [race.raceId]);
  if (results.length === 0) return;
  await db.query(
    `INSERT INTO race_results (race_id, boat_id, event_id, fleet_id, race_number, race_status, user_id, position, points, status)
     SELECT $1, r.boat_id, $2, $3, $4, $5, r.user_id, r.position, r.points, r.status
     FROM unnest($6::uuid[], $7::uuid[], $8::int[], $9::float8[], $10::text[]) AS r(boat_id, user_id, position, points, status)
     ON CONFLICT (race_id, boat_id) DO NOTHING`,
    [
      race.raceId,
      race.eventId,
      race.fleetId,
      race.raceNumber,
      race.raceStatus,
      results.map((result) => result.boatId),
      results.map((result) => result.userId),
      results.map((result) => result.position),
      results.map((result) => result.points),
      results.map((result) => result.status),
    ],
  );
}

export interface StandingRow {
  boatId: string;
  userId: string | null;
  sailorName: string | null;
  boatName: string;
  sailNumber: string | null;
  position: number;
  totalPoints: number;
  netPoints: number;
  racesCompleted: number;
}

/** Replaces a fleet's standings with the complete list of a standings.updated fact. */
export async function replaceStandings(
  db: Queryable,
  fleet: { eventId: string; fleetId: string; fleetName: string | null; boatsInFleet: number },
  entries: readonly StandingRow[],
): Promise<void> {
  await db.query(`DELETE FROM standings WHERE event_id = $1 AND fleet_id = $2`, [fleet.eventId, fleet.fleetId]);
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO standings (event_id, fleet_id, fleet_name, boats_in_fleet, boat_id, user_id, sailor_name, boat_name, sail_number,
       position, total_points, net_points, races_completed)
     SELECT $1, $2, $3, $4, s.boat_id, s.user_id, s.sailor_name, s.boat_name, s.sail_number, s.position, s.total_points,
       s.net_points, s.races_completed
     FROM unnest($5::uuid[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::int[], $11::float8[], $12::float8[], $13::int[])
       AS s(boat_id, user_id, sailor_name, boat_name, sail_number, position, total_points, net_points, races_completed)
     ON CONFLICT (event_id, fleet_id, boat_id) DO NOTHING`,
    [
      fleet.eventId,
      fleet.fleetId,
      fleet.fleetName,
      fleet.boatsInFleet,
      entries.map((entry) => entry.boatId),
      entries.map((entry) => entry.userId),
      entries.map((entry) => entry.sailorName),
      entries.map((entry) => entry.boatName),
      entries.map((entry) => entry.sailNumber),
      entries.map((entry) => entry.position),
      entries.map((entry) => entry.totalPoints),
      entries.map((entry) => entry.netPoints),
      entries.map((entry) => entry.racesCompleted),
    ],
  );
}
