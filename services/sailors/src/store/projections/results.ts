/** results.v1 → per-race results (races sailed) and fleet standings, each replaced by the complete list of its fact. */
import type { Queryable } from '@regatta/db';

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
