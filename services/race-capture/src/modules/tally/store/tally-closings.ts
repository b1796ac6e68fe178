/** Closed tally days (by hand or automatically at the deadline), their lock, and the days still open of regattas with a deadline. */
import type { Queryable } from '@regatta/db';
import type { Miss, TallyPolicy } from '../domain/tally.js';
import type { CloseCandidate } from '../domain/tally-time.js';

/** Serializes the closings of one regatta day (a hand closing and the loops of several replicas). */
export async function lockDay(q: Queryable, eventId: string, day: string): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('tally-close:' || $1 || ':' || $2))`, [eventId, day]);
}

/**
 * Keeps a closing. An automatic one is kept at most once per regatta day (a unique index): when one
 * exists already, nothing is kept and null is answered.
 */
export async function insertClosing(
  q: Queryable,
  closing: { id: string; eventId: string; day: string; misses: Miss[]; policy: TallyPolicy; closedBy: string; automatic: boolean },
): Promise<Date | null> {
  const { rows } = await q.query<{ closed_at: Date }>(
    `INSERT INTO tally_closings (id, event_id, day, misses, policy, closed_by, automatic) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (event_id, day) WHERE automatic DO NOTHING RETURNING closed_at`,
    [closing.id, closing.eventId, closing.day, JSON.stringify(closing.misses), JSON.stringify(closing.policy), closing.closedBy, closing.automatic],
  );
  return rows[0]?.closed_at ?? null;
}

export async function lastClosing(q: Queryable, eventId: string, day: string): Promise<{ closedAt: Date; automatic: boolean } | null> {
  const { rows } = await q.query<{ closed_at: Date; automatic: boolean }>('SELECT closed_at, automatic FROM tally_closings WHERE event_id = $1 AND day = $2 ORDER BY closed_at DESC LIMIT 1', [eventId, day]);
  return rows[0] ? { closedAt: rows[0].closed_at, automatic: rows[0].automatic } : null;
}

/**
 * The regatta days not closed yet of the regattas whose organizer set a sign-in deadline, from
 * `sinceDay` on: the days with a sign-out or sign-in, and the days a race started (its start in
 * force, else its scheduled start, on the regatta's clock). A day with neither has nothing to close.
 */
export async function closeCandidates(q: Queryable, sinceDay: string): Promise<CloseCandidate[]> {
  const { rows } = await q.query<{ event_id: string; day: string; sign_in_deadline: string; time_zone: string | null }>(
    `WITH days AS (
       SELECT m.event_id, m.day FROM tally_movements m JOIN tally_settings s ON s.event_id = m.event_id
        WHERE s.sign_in_deadline IS NOT NULL AND m.day >= $1::date
       UNION
       SELECT r.event_id, (COALESCE(started.at, r.scheduled_start) AT TIME ZONE COALESCE(e.time_zone, 'UTC'))::date
         FROM capture_races r
         JOIN tally_settings s ON s.event_id = r.event_id
         JOIN capture_events e ON e.id = r.event_id
         LEFT JOIN LATERAL (SELECT g.at FROM race_signals g WHERE r.id = ANY(g.race_ids) AND g.kind = 'start' ORDER BY g.seq DESC LIMIT 1) started ON true
        WHERE s.sign_in_deadline IS NOT NULL AND r.status <> 'abandoned' AND COALESCE(started.at, r.scheduled_start) >= $1::date - 1
     )
     SELECT d.event_id, to_char(d.day, 'YYYY-MM-DD') AS day, s.sign_in_deadline, e.time_zone
       FROM days d
       JOIN tally_settings s ON s.event_id = d.event_id
       JOIN capture_events e ON e.id = d.event_id
      WHERE d.day >= $1::date AND NOT EXISTS (SELECT 1 FROM tally_closings c WHERE c.event_id = d.event_id AND c.day = d.day)
      ORDER BY d.day, d.event_id`,
    [sinceDay],
  );
  return rows.map((row) => ({ eventId: row.event_id, day: row.day, signInDeadline: row.sign_in_deadline, timeZone: row.time_zone }));
}
