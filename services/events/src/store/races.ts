/** SQL of races (part of an event); their progress comes from results.v1 (projections/results.ts). */
import type { Queryable } from '@regatta/db';
import type { RaceRow } from './rows.js';
import { isUuid } from './sql.js';

export async function insertRace(db: Queryable, race: Omit<RaceRow, 'created_at' | 'actual_start' | 'status' | 'progress_at'>): Promise<RaceRow> {
  const result = await db.query<RaceRow>(
    `INSERT INTO races (id, event_id, fleet_id, name, race_number, scheduled_start, course_description, course_distance_nm,
       weight, must_count, discard_first, wind_direction, wind_speed, conditions, notes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
    [
      race.id,
      race.event_id,
      race.fleet_id,
      race.name,
      race.race_number,
      race.scheduled_start,
      race.course_description,
      race.course_distance_nm,
      race.weight,
      race.must_count,
      race.discard_first,
      race.wind_direction,
      race.wind_speed,
      race.conditions,
      race.notes,
    ],
  );
  return result.rows[0]!;
}

export async function nextRaceNumber(db: Queryable, fleetId: string): Promise<number> {
  const result = await db.query<{ next: number }>('SELECT COALESCE(max(race_number), 0) + 1 AS next FROM races WHERE fleet_id = $1', [fleetId]);
  return result.rows[0]!.next;
}

export async function raceOfEvent(db: Queryable, eventId: string, raceId: string, lock = false): Promise<RaceRow | undefined> {
  if (!isUuid(raceId)) return undefined;
  return (await db.query<RaceRow>(`SELECT * FROM races WHERE event_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [eventId, raceId])).rows[0];
}

/** Results of the race as results-scoring last reported them (its results.updated facts). */
export async function raceHasResults(db: Queryable, raceId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM race_results WHERE race_id = $1 AND jsonb_array_length(results) > 0', [raceId]);
  return rows.length > 0;
}

/** Writes the given columns of a race (names from the use case's own table, never from input). */
export async function updateRaceColumns(db: Queryable, raceId: string, values: Record<string, unknown>): Promise<RaceRow> {
  const columns = Object.keys(values);
  const sets = columns.map((column, index) => `${column} = $${index + 2}`);
  return (await db.query<RaceRow>(`UPDATE races SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [raceId, ...columns.map((c) => values[c])])).rows[0]!;
}

export async function deleteRace(db: Queryable, raceId: string): Promise<void> {
  await db.query('DELETE FROM race_results WHERE race_id = $1', [raceId]);
  await db.query('DELETE FROM races WHERE id = $1', [raceId]);
}

/** Every race of a fleet with its number and course distance (a time-on-distance set-up needs each distance). */
export async function fleetRaceDistances(db: Queryable, fleetId: string): Promise<{ race_number: number; course_distance_nm: number | null }[]> {
  return (await db.query<{ race_number: number; course_distance_nm: number | null }>('SELECT race_number, course_distance_nm FROM races WHERE fleet_id = $1 ORDER BY race_number', [fleetId])).rows;
}
