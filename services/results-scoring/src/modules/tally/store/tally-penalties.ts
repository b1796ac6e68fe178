/** The tally penalties already applied (each boat's breach of a day once). */
import type { Queryable } from '@regatta/db';
import type { Breach, TallyPenaltyKind } from '../domain/tally-penalty.js';

export async function appliedBreaches(q: Queryable, eventId: string, day: string): Promise<Set<string>> {
  const { rows } = await q.query<{ boat_id: string; breach: Breach }>('SELECT boat_id, breach FROM tally_penalties WHERE event_id = $1 AND day = $2', [eventId, day]);
  return new Set(rows.map((row) => `${row.boat_id}:${row.breach}`));
}

export async function recordPenalty(
  q: Queryable,
  penalty: { eventId: string; day: string; boatId: string; breach: Breach; kind: TallyPenaltyKind; points: number | null; raceIds: string[]; closingId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO tally_penalties (event_id, day, boat_id, breach, penalty, points, race_ids, closing_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [penalty.eventId, penalty.day, penalty.boatId, penalty.breach, penalty.kind, penalty.points, penalty.raceIds, penalty.closingId],
  );
}
