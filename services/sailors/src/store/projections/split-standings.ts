/** results.v1 split.standings.updated → a regatta's split series and its overall standings, replaced whole. */
import type { Queryable } from '@regatta/db';

export interface SplitSeriesRow {
  eventId: string;
  qualifyingFleetIds: string[];
  finalFleetIds: string[];
  medalFleetId: string | null;
  stage: string;
  boatsInSplit: number;
  occurredAt: Date;
}

export interface SplitStandingRow {
  boatId: string;
  userId: string | null;
  sailorName: string | null;
  rank: number;
  qualifyingFleetId: string | null;
  finalFleetId: string | null;
  medal: boolean | null;
  netPoints: number;
}

/** Replaces the event's split series and overall standings, unless a newer snapshot is stored; false when skipped. */
export async function replaceSplitStandings(db: Queryable, split: SplitSeriesRow, entries: readonly SplitStandingRow[]): Promise<boolean> {
  const written = await db.query(
    `INSERT INTO split_series (event_id, qualifying_fleet_ids, final_fleet_ids, medal_fleet_id, stage, boats_in_split, source_occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (event_id) DO UPDATE SET qualifying_fleet_ids = EXCLUDED.qualifying_fleet_ids, final_fleet_ids = EXCLUDED.final_fleet_ids,
       medal_fleet_id = EXCLUDED.medal_fleet_id, stage = EXCLUDED.stage, boats_in_split = EXCLUDED.boats_in_split,
       source_occurred_at = EXCLUDED.source_occurred_at
     WHERE split_series.source_occurred_at <= EXCLUDED.source_occurred_at`,
    [split.eventId, split.qualifyingFleetIds, split.finalFleetIds, split.medalFleetId, split.stage, split.boatsInSplit, split.occurredAt],
  );
  if ((written.rowCount ?? 0) === 0) return false;
  await db.query(`DELETE FROM split_standings WHERE event_id = $1`, [split.eventId]);
  if (entries.length === 0) return true;
  await db.query(
    `INSERT INTO split_standings (event_id, boat_id, user_id, sailor_name, rank, qualifying_fleet_id, final_fleet_id, medal, net_points)
     SELECT $1, s.boat_id, s.user_id, s.sailor_name, s.rank, s.qualifying_fleet_id, s.final_fleet_id, s.medal, s.net_points
     FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::uuid[], $7::uuid[], $8::boolean[], $9::float8[])
       AS s(boat_id, user_id, sailor_name, rank, qualifying_fleet_id, final_fleet_id, medal, net_points)
     ON CONFLICT (event_id, boat_id) DO NOTHING`,
    [
      split.eventId,
      entries.map((entry) => entry.boatId),
      entries.map((entry) => entry.userId),
      entries.map((entry) => entry.sailorName),
      entries.map((entry) => entry.rank),
      entries.map((entry) => entry.qualifyingFleetId),
      entries.map((entry) => entry.finalFleetId),
      entries.map((entry) => entry.medal),
      entries.map((entry) => entry.netPoints),
    ],
  );
  return true;
}
