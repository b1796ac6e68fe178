/**
 * The boat registry: reads behind the boat routes and a sailor's boats, and the writes of the
 * projections (the boat entered with a registration; boats named in results and standings).
 */
import type { Queryable } from '@regatta/db';
import { normalizeSailNumber, type Boat } from '../domain/boats.js';
import { lockProfiles } from './profiles-lock.js';

interface BoatRow {
  id: string;
  name: string;
  sail_number: string | null;
  model: string | null;
  ratings: Record<string, number>;
  owner_id: string | null;
  owner_name: string | null;
  updated_at: Date;
}

const BOAT_SELECT = `SELECT b.id, b.name, b.sail_number, b.model, b.ratings, b.owner_id, s.name AS owner_name, b.updated_at
  FROM boats b LEFT JOIN sailors s ON s.id = b.owner_id`;

function toBoat(row: BoatRow): Boat {
  return {
    id: row.id,
    name: row.name,
    sailNumber: row.sail_number,
    model: row.model,
    ratings: row.ratings ?? {},
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name } : null,
    updatedAt: row.updated_at,
  };
}

export async function findBoat(db: Queryable, id: string): Promise<Boat | undefined> {
  const result = await db.query<BoatRow>(`${BOAT_SELECT} WHERE b.id = $1`, [id]);
  return result.rows[0] ? toBoat(result.rows[0]) : undefined;
}

/** Boats a sailor owns or has entered (registrations, standings, results), by name. */
export async function boatsOfSailor(db: Queryable, sailorId: string): Promise<Boat[]> {
  const result = await db.query<BoatRow>(
    `${BOAT_SELECT}
     WHERE b.owner_id = $1
        OR b.id IN (SELECT boat_id FROM registrations WHERE user_id = $1 AND boat_id IS NOT NULL)
        OR b.id IN (SELECT boat_id FROM standings WHERE user_id = $1)
        OR b.id IN (SELECT boat_id FROM race_results WHERE user_id = $1)
     ORDER BY lower(b.name), b.id`,
    [sailorId],
  );
  return result.rows.map(toBoat);
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listBoats(
  db: Queryable,
  filters: { sailNumber?: string | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<{ items: Boat[]; hasMore: boolean }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.sailNumber !== undefined) {
    params.push(normalizeSailNumber(filters.sailNumber));
    where.push(`upper(regexp_replace(b.sail_number, '[^A-Za-z0-9]', '', 'g')) = $${params.length}`);
  }
  if (filters.q !== undefined) {
    params.push(likePattern(filters.q));
    where.push(`(b.name ILIKE $${params.length} OR b.sail_number ILIKE $${params.length})`);
  }
  params.push(filters.limit + 1, filters.offset);
  const result = await db.query<BoatRow>(
    `${BOAT_SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY lower(b.name), b.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items: result.rows.slice(0, filters.limit).map(toBoat), hasMore: result.rows.length > filters.limit };
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
