/** Reads behind the sailor and boat routes. */
import type { Queryable } from '@regatta/db';
import { STARTED_RESULT_STATUSES, type HistoryRow } from '../domain/history.js';
import { normalizeSailNumber } from '../domain/boats.js';

export interface Sailor {
  id: string;
  name: string | null;
}

export async function findSailor(db: Queryable, id: string): Promise<Sailor | undefined> {
  const result = await db.query<Sailor>(`SELECT id, name FROM sailors WHERE id = $1`, [id]);
  return result.rows[0];
}

export interface Boat {
  id: string;
  name: string;
  sailNumber: string | null;
  model: string | null;
  ratings: Record<string, number>;
  owner: { id: string; name: string | null } | null;
  updatedAt: Date;
}

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

interface HistorySqlRow {
  event_id: string;
  event_slug: string | null;
  event_name: string | null;
  event_status: string | null;
  start_date: Date | null;
  fleet_id: string;
  fleet_name: string | null;
  boat_id: string;
  boat_name: string | null;
  sail_number: string | null;
  final_position: number | null;
  net_points: number | null;
  fleet_size: number | null;
  races_sailed: number;
}

/**
 * Every (regatta, fleet, boat) the sailor has standings, results or an active registration for, with
 * what the projections know of it. domain/history.ts filters, orders, pages and computes stats.
 */
export async function historyRows(db: Queryable, sailorId: string): Promise<HistoryRow[]> {
  const result = await db.query<HistorySqlRow>(
    `WITH keys AS (
       SELECT event_id, fleet_id, boat_id FROM standings WHERE user_id = $1
       UNION SELECT event_id, fleet_id, boat_id FROM registrations WHERE user_id = $1 AND status = 'registered' AND boat_id IS NOT NULL
       UNION SELECT event_id, fleet_id, boat_id FROM race_results WHERE user_id = $1
     )
     SELECT k.event_id, g.slug AS event_slug, g.name AS event_name, g.status AS event_status, g.start_date,
       k.fleet_id,
       coalesce(nullif(s.fleet_name, ''),
         (SELECT nullif(r.fleet_name, '') FROM registrations r WHERE r.event_id = k.event_id AND r.fleet_id = k.fleet_id
            AND nullif(r.fleet_name, '') IS NOT NULL LIMIT 1),
         (SELECT nullif(s2.fleet_name, '') FROM standings s2 WHERE s2.event_id = k.event_id AND s2.fleet_id = k.fleet_id
            AND nullif(s2.fleet_name, '') IS NOT NULL LIMIT 1)) AS fleet_name,
       k.boat_id, coalesce(s.boat_name, b.name) AS boat_name, coalesce(s.sail_number, b.sail_number) AS sail_number,
       s.position AS final_position, s.net_points,
       CASE WHEN s.boat_id IS NULL THEN NULL
            WHEN s.boats_in_fleet > 0 THEN s.boats_in_fleet
            ELSE (SELECT count(*)::int FROM standings s3 WHERE s3.event_id = k.event_id AND s3.fleet_id = k.fleet_id) END AS fleet_size,
       (SELECT count(*)::int FROM race_results rr WHERE rr.event_id = k.event_id AND rr.fleet_id = k.fleet_id AND rr.boat_id = k.boat_id
          AND rr.race_status <> 'abandoned' AND rr.status = ANY($2)) AS races_sailed
     FROM keys k
     LEFT JOIN regattas g ON g.id = k.event_id
     LEFT JOIN standings s ON s.event_id = k.event_id AND s.fleet_id = k.fleet_id AND s.boat_id = k.boat_id
     LEFT JOIN boats b ON b.id = k.boat_id`,
    [sailorId, [...STARTED_RESULT_STATUSES]],
  );
  return result.rows.map((row) => ({
    eventId: row.event_id,
    eventSlug: row.event_slug,
    eventName: row.event_name,
    eventStatus: row.event_status,
    startDate: row.start_date,
    fleetId: row.fleet_id,
    fleetName: row.fleet_name,
    boatId: row.boat_id,
    boatName: row.boat_name,
    sailNumber: row.sail_number,
    finalPosition: row.final_position,
    netPoints: row.net_points,
    fleetSize: row.fleet_size,
    racesSailed: row.races_sailed,
  }));
}
