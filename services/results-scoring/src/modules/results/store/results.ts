/**
 * What results-scoring owns about races: their progress (actual start, status, publication) and the
 * submitted results with the numbers the engine computed for them.
 */
import type { RaceStatus, RedressMethod, ResultStatus } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import type { ComputedResult } from '../../shared/domain/fleet-scoring.js';
import type { RaceProgress, ResultRow, SubmittedEntry } from '../../shared/domain/records.js';

export async function getProgress(q: Queryable, raceId: string): Promise<RaceProgress | undefined> {
  const { rows } = await q.query<{
    race_id: string;
    event_id: string;
    fleet_id: string;
    actual_start: Date | null;
    status: RaceStatus;
    results_submitted_at: Date | null;
    published: boolean;
    published_at: Date | null;
  }>(`SELECT * FROM race_progress WHERE race_id = $1`, [raceId]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    raceId: row.race_id,
    eventId: row.event_id,
    fleetId: row.fleet_id,
    actualStart: row.actual_start,
    status: row.status,
    resultsSubmittedAt: row.results_submitted_at,
    published: row.published,
    publishedAt: row.published_at,
  };
}

export async function saveProgress(client: Queryable, progress: RaceProgress): Promise<void> {
  await client.query(
    `INSERT INTO race_progress (race_id, event_id, fleet_id, actual_start, status, results_submitted_at, published, published_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
     ON CONFLICT (race_id) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, actual_start = EXCLUDED.actual_start, status = EXCLUDED.status,
       results_submitted_at = EXCLUDED.results_submitted_at, published = EXCLUDED.published, published_at = EXCLUDED.published_at,
       updated_at = now()`,
    [progress.raceId, progress.eventId, progress.fleetId, progress.actualStart, progress.status, progress.resultsSubmittedAt, progress.published, progress.publishedAt],
  );
}

/** Replaces the race's results: rows of boats no longer listed go, the others keep their ids. */
export async function replaceResults(client: Queryable, scope: { raceId: string; eventId: string; fleetId: string }, entries: SubmittedEntry[]): Promise<void> {
  await client.query(`DELETE FROM race_results WHERE race_id = $1 AND NOT (boat_id = ANY($2::text[]))`, [scope.raceId, entries.map((e) => e.boatId)]);
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO race_results (race_id, event_id, fleet_id, boat_id, seq, status, code, finish_time, penalty_percent, penalty_points, redress_method, redress_points, notes,
                               recorded_place, position, elapsed_seconds, corrected_seconds, points)
     SELECT $1, $2, $3, e.boat_id, e.seq, e.status, e.code, e.finish_time, e.penalty_percent, e.penalty_points, e.redress_method, e.redress_points, e.notes,
            e.recorded_place, NULL, NULL, NULL, NULL
       FROM unnest($4::text[], $5::int[], $6::text[], $7::text[], $8::timestamptz[], $9::float8[], $10::float8[], $11::text[], $12::float8[], $13::text[], $14::int[])
         AS e(boat_id, seq, status, code, finish_time, penalty_percent, penalty_points, redress_method, redress_points, notes, recorded_place)
     ON CONFLICT (race_id, boat_id) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, seq = EXCLUDED.seq, status = EXCLUDED.status, code = EXCLUDED.code,
       finish_time = EXCLUDED.finish_time, penalty_percent = EXCLUDED.penalty_percent, penalty_points = EXCLUDED.penalty_points,
       redress_method = EXCLUDED.redress_method, redress_points = EXCLUDED.redress_points, notes = EXCLUDED.notes,
       recorded_place = EXCLUDED.recorded_place, updated_at = now()`,
    [
      scope.raceId,
      scope.eventId,
      scope.fleetId,
      entries.map((e) => e.boatId),
      entries.map((e) => e.seq),
      entries.map((e) => e.status),
      entries.map((e) => e.code),
      entries.map((e) => e.finishTime),
      entries.map((e) => e.penaltyPercent),
      entries.map((e) => e.penaltyPoints),
      entries.map((e) => e.redressMethod),
      entries.map((e) => e.redressPoints),
      entries.map((e) => e.notes),
      entries.map((e) => e.recordedPlace ?? null),
    ],
  );
}

interface ResultRowDb {
  id: string;
  race_id: string;
  event_id: string;
  fleet_id: string;
  boat_id: string;
  seq: number;
  status: ResultStatus;
  code: string | null;
  finish_time: Date | null;
  penalty_percent: number | null;
  penalty_points: number | null;
  redress_method: RedressMethod | null;
  redress_points: number | null;
  notes: string | null;
  recorded_place: number | null;
  position: number | null;
  elapsed_seconds: number | null;
  corrected_seconds: number | null;
  points: number | null;
  rating: number | null;
}

const resultOf = (row: ResultRowDb): ResultRow => ({
  id: row.id,
  raceId: row.race_id,
  eventId: row.event_id,
  fleetId: row.fleet_id,
  boatId: row.boat_id,
  seq: row.seq,
  status: row.status,
  code: row.code,
  finishTime: row.finish_time,
  penaltyPercent: row.penalty_percent,
  penaltyPoints: row.penalty_points,
  redressMethod: row.redress_method,
  redressPoints: row.redress_points,
  notes: row.notes,
  recordedPlace: row.recorded_place ?? null,
  position: row.position,
  elapsedSeconds: row.elapsed_seconds,
  correctedSeconds: row.corrected_seconds,
  points: row.points,
  rating: row.rating ?? null,
});

/** Stored entries of every race of the fleet, by race id (submission order). */
export async function fleetEntries(q: Queryable, fleetId: string): Promise<Map<string, ResultRow[]>> {
  const { rows } = await q.query<ResultRowDb>(`SELECT * FROM race_results WHERE fleet_id = $1 ORDER BY race_id, seq`, [fleetId]);
  const map = new Map<string, ResultRow[]>();
  for (const row of rows) {
    const list = map.get(row.race_id) ?? [];
    list.push(resultOf(row));
    map.set(row.race_id, list);
  }
  return map;
}

export async function raceResults(q: Queryable, raceId: string): Promise<ResultRow[]> {
  const { rows } = await q.query<ResultRowDb>(
    `SELECT * FROM race_results WHERE race_id = $1 ORDER BY position NULLS LAST, points NULLS LAST, seq`,
    [raceId],
  );
  return rows.map(resultOf);
}

/** Results of every race of the fleet, each race's rows in display order (as raceResults has them). */
export async function fleetResults(q: Queryable, fleetId: string): Promise<Map<string, ResultRow[]>> {
  const { rows } = await q.query<ResultRowDb>(
    `SELECT * FROM race_results WHERE fleet_id = $1 ORDER BY race_id, position NULLS LAST, points NULLS LAST, seq`,
    [fleetId],
  );
  const map = new Map<string, ResultRow[]>();
  for (const row of rows) {
    const list = map.get(row.race_id) ?? [];
    list.push(resultOf(row));
    map.set(row.race_id, list);
  }
  return map;
}

/** Writes the computed numbers; returns the ids of races where any number changed. */
export async function applyComputed(client: Queryable, results: Map<string, Map<string, ComputedResult>>): Promise<Set<string>> {
  const raceIds: string[] = [];
  const boatIds: string[] = [];
  const positions: (number | null)[] = [];
  const elapsed: (number | null)[] = [];
  const corrected: (number | null)[] = [];
  const points: (number | null)[] = [];
  const ratings: (number | null)[] = [];
  for (const [raceId, byBoat] of results) {
    for (const [boatId, computed] of byBoat) {
      raceIds.push(raceId);
      boatIds.push(boatId);
      positions.push(computed.position);
      elapsed.push(computed.elapsedSeconds);
      corrected.push(computed.correctedSeconds);
      points.push(computed.points);
      ratings.push(computed.rating ?? null);
    }
  }
  if (raceIds.length === 0) return new Set();
  const { rows } = await client.query<{ race_id: string }>(
    `UPDATE race_results r SET position = c.position, elapsed_seconds = c.elapsed, corrected_seconds = c.corrected, points = c.points, rating = c.rating, updated_at = now()
       FROM unnest($1::text[], $2::text[], $3::int[], $4::float8[], $5::float8[], $6::float8[], $7::float8[]) AS c(race_id, boat_id, position, elapsed, corrected, points, rating)
      WHERE r.race_id = c.race_id AND r.boat_id = c.boat_id
        AND (r.position IS DISTINCT FROM c.position OR r.elapsed_seconds IS DISTINCT FROM c.elapsed
             OR r.corrected_seconds IS DISTINCT FROM c.corrected OR r.points IS DISTINCT FROM c.points OR r.rating IS DISTINCT FROM c.rating)
      RETURNING r.race_id`,
    [raceIds, boatIds, positions, elapsed, corrected, points, ratings],
  );
  return new Set(rows.map((row) => row.race_id));
}

/** True when results were submitted for any race of the fleet (its standings exist and may need a recompute). */
export async function fleetHasResults(q: Queryable, fleetId: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM race_progress WHERE fleet_id = $1 AND results_submitted_at IS NOT NULL LIMIT 1`, [fleetId]);
  return rows.length > 0;
}


/** The fleets of the event: projected, or holding results of races (the order of shared/store/locks.ts). */
export async function eventFleetIds(q: Queryable, eventId: string): Promise<string[]> {
  const { rows } = await q.query<{ fleet_id: string }>(
    `SELECT id AS fleet_id FROM fleets WHERE event_id = $1 UNION SELECT fleet_id FROM race_progress WHERE event_id = $1 ORDER BY fleet_id`,
    [eventId],
  );
  return rows.map((row) => row.fleet_id);
}

/**
 * Marks every race of the event's fleets named (the caller holds their locks) that has results as
 * official; returns the races that changed.
 */
export async function markEventOfficial(q: Queryable, eventId: string, fleetIds: readonly string[], at: Date): Promise<{ raceId: string; fleetId: string }[]> {
  const { rows } = await q.query<{ race_id: string; fleet_id: string }>(
    `UPDATE race_progress SET published = true, published_at = $2, official_reason = 'committee', updated_at = now()
      WHERE event_id = $1 AND fleet_id = ANY($3::text[]) AND results_submitted_at IS NOT NULL AND NOT published
      RETURNING race_id, fleet_id`,
    [eventId, at, fleetIds],
  );
  return rows.map((row) => ({ raceId: row.race_id, fleetId: row.fleet_id }));
}

/** The race's current stored entries (submission order), without the computed numbers. */
export async function getRaceEntries(q: Queryable, raceId: string): Promise<SubmittedEntry[]> {
  const { rows } = await q.query<ResultRowDb>(`SELECT * FROM race_results WHERE race_id = $1 ORDER BY seq`, [raceId]);
  return rows.map((row) => {
    const { id: _id, raceId: _r, eventId: _e, fleetId: _f, position: _p, elapsedSeconds: _el, correctedSeconds: _c, points: _pt, rating: _rt, ...entry } = resultOf(row);
    return entry;
  });
}

/** Records that the race's results changed (a revision) and that they are provisional again. */
/**
 * A re-score's revisions change the races' latest revision time (what `asOf` answers say) without
 * reopening them: a committee's set-up or entry change keeps their publication state.
 */
export async function markRescored(client: Queryable, raceIds: readonly string[], at: Date): Promise<void> {
  if (raceIds.length === 0) return;
  await client.query(`UPDATE race_progress SET revised_at = $2, updated_at = now() WHERE race_id = ANY($1::text[])`, [raceIds, at]);
}

export async function markRevised(client: Queryable, scope: { raceId: string; eventId: string; fleetId: string; status: RaceStatus }, at: Date): Promise<void> {
  await client.query(
    `INSERT INTO race_progress (race_id, event_id, fleet_id, status, results_submitted_at, published, revised_at)
     VALUES ($1, $2, $3, $4, $5, false, $5)
     ON CONFLICT (race_id) DO UPDATE SET
       results_submitted_at = COALESCE(race_progress.results_submitted_at, EXCLUDED.results_submitted_at),
       published = false, published_at = NULL, official_reason = NULL, revised_at = EXCLUDED.revised_at, updated_at = now()`,
    [scope.raceId, scope.eventId, scope.fleetId, scope.status, at],
  );
}
