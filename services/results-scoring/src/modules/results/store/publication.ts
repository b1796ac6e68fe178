/**
 * Publication per fleet and race (migration 003): posting with the protest time limit, becoming
 * official, and the event's limit in minutes.
 */
import type { Queryable } from '@regatta/db';

export interface PostableRace {
  raceId: string;
  number: number;
  published: boolean;
  postedAt: Date | null;
  deadlineExplicit: boolean;
  protestDeadline: Date | null;
  /** Latest finish time of the race's results, else when they were recorded. */
  lastFinish: Date | null;
}

/** The fleet's races that have results, with what the time limit needs. */
export async function fleetRacesWithResults(q: Queryable, fleetId: string): Promise<PostableRace[]> {
  const { rows } = await q.query<{
    race_id: string;
    race_number: number;
    published: boolean;
    posted_at: Date | null;
    deadline_explicit: boolean;
    protest_deadline: Date | null;
    last_finish: Date | null;
  }>(
    `SELECT p.race_id, r.race_number, p.published, p.posted_at, p.deadline_explicit, p.protest_deadline,
            COALESCE((SELECT max(finish_time) FROM race_results rr WHERE rr.race_id = p.race_id), p.results_submitted_at) AS last_finish
       FROM race_progress p JOIN races r ON r.id = p.race_id
      WHERE p.fleet_id = $1 AND p.results_submitted_at IS NOT NULL
      ORDER BY r.race_number, p.race_id`,
    [fleetId],
  );
  return rows.map((row) => ({
    raceId: row.race_id,
    number: row.race_number,
    published: row.published,
    postedAt: row.posted_at,
    deadlineExplicit: row.deadline_explicit,
    protestDeadline: row.protest_deadline,
    lastFinish: row.last_finish,
  }));
}

export async function savePosting(q: Queryable, races: { raceId: string; protestDeadline: Date | null; explicit: boolean; postedAt: Date | null }[]): Promise<void> {
  if (races.length === 0) return;
  await q.query(
    `UPDATE race_progress p SET posted_at = COALESCE(u.posted_at, p.posted_at), protest_deadline = u.deadline, deadline_explicit = u.explicit, updated_at = now()
       FROM unnest($1::text[], $2::timestamptz[], $3::boolean[], $4::timestamptz[]) AS u(race_id, deadline, explicit, posted_at)
      WHERE p.race_id = u.race_id`,
    [races.map((r) => r.raceId), races.map((r) => r.protestDeadline), races.map((r) => r.explicit), races.map((r) => r.postedAt)],
  );
}

/** Marks the races official (those not already); returns the ones that changed. */
export async function markOfficial(q: Queryable, raceIds: string[], at: Date, reason: 'time_limit' | 'committee'): Promise<string[]> {
  if (raceIds.length === 0) return [];
  const { rows } = await q.query<{ race_id: string }>(
    `UPDATE race_progress SET published = true, published_at = $2, official_reason = $3, updated_at = now()
      WHERE race_id = ANY($1::text[]) AND NOT published AND results_submitted_at IS NOT NULL
      RETURNING race_id`,
    [raceIds, at, reason],
  );
  return rows.map((row) => row.race_id).sort();
}

/** Fleets with posted, not yet official races whose protest time limit has passed. */
export async function fleetsPastDeadline(q: Queryable, now: Date): Promise<{ eventId: string; fleetId: string }[]> {
  const { rows } = await q.query<{ event_id: string; fleet_id: string }>(
    `SELECT DISTINCT event_id, fleet_id FROM race_progress
      WHERE NOT published AND posted_at IS NOT NULL AND protest_deadline <= $1 AND results_submitted_at IS NOT NULL
      ORDER BY fleet_id`,
    [now],
  );
  return rows.map((row) => ({ eventId: row.event_id, fleetId: row.fleet_id }));
}

/** The event's protest time limit and the venue's time zone (null: UTC days); undefined when none is set. */
export async function protestTimeLimit(q: Queryable, eventId: string): Promise<{ minutes: number; timeZone: string | null } | undefined> {
  const { rows } = await q.query<{ minutes: number; time_zone: string | null }>(
    `SELECT protest_time_limit_minutes AS minutes, time_zone FROM event_result_settings WHERE event_id = $1`,
    [eventId],
  );
  return rows[0] ? { minutes: rows[0].minutes, timeZone: rows[0].time_zone } : undefined;
}

export async function saveProtestTimeLimit(q: Queryable, eventId: string, minutes: number, timeZone: string | null): Promise<void> {
  await q.query(
    `INSERT INTO event_result_settings (event_id, protest_time_limit_minutes, time_zone) VALUES ($1, $2, $3)
     ON CONFLICT (event_id) DO UPDATE SET protest_time_limit_minutes = EXCLUDED.protest_time_limit_minutes, time_zone = EXCLUDED.time_zone, updated_at = now()`,
    [eventId, minutes, timeZone],
  );
}
