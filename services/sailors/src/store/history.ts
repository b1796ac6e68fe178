/** The rows of a sailor's racing history, joined from every projection (domain/history.ts pages them). */
import type { Queryable } from '@regatta/db';
import { STARTED_RESULT_STATUSES, type HistoryRow } from '../domain/history.js';

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
