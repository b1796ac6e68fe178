/** results.v1 projection: each race's results (for include=results) and race progress (status, actual start). */
import type { Queryable } from '@regatta/db';
import type { RaceResultsRow, StoredResultEntry } from '../rows.js';

/** Applies race progress from results.v1 unless a newer fact was applied already. */
export async function applyRaceProgress(
  db: Queryable,
  raceId: string,
  progress: { status: string; actualStart: Date | null; occurredAt: Date },
): Promise<void> {
  await db.query(
    `UPDATE races SET status = $2, actual_start = COALESCE($3, actual_start), progress_at = $4
     WHERE id = $1 AND (progress_at IS NULL OR progress_at <= $4)`,
    [raceId, progress.status, progress.actualStart, progress.occurredAt],
  );
}


/**
 * Keeps the race's latest results. Only for a race this service still has: results recorded a moment
 * before the race was deleted arrive after the deletion and would otherwise show under a race that no
 * longer exists (results-scoring keeps them as a revision). Every race is created here before
 * results-scoring can score it, so a missing race is a deleted one.
 */
export async function upsertRaceResults(db: Queryable, row: Omit<RaceResultsRow, 'results'> & { results: StoredResultEntry[] }): Promise<void> {
  await db.query(
    `INSERT INTO race_results (race_id, event_id, fleet_id, race_number, race_name, published, results, occurred_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE EXISTS (SELECT 1 FROM races WHERE id = $1)
     ON CONFLICT (race_id) DO UPDATE SET event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, race_number = EXCLUDED.race_number,
       race_name = EXCLUDED.race_name, published = EXCLUDED.published, results = EXCLUDED.results, occurred_at = EXCLUDED.occurred_at
     WHERE race_results.occurred_at <= EXCLUDED.occurred_at`,
    [row.race_id, row.event_id, row.fleet_id, row.race_number, row.race_name, row.published, JSON.stringify(row.results), row.occurred_at],
  );
}

/** The races' results made official (the column keeps its first name, `published`). */
export async function markResultsOfficial(db: Queryable, raceIds: string[]): Promise<void> {
  if (raceIds.length === 0) return;
  await db.query('UPDATE race_results SET published = true WHERE race_id = ANY($1::uuid[])', [raceIds]);
}
