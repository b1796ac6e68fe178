/** SQL of races (part of an event); their progress comes from results.v1 (projections/results.ts). */
import type { Queryable } from '@regatta/db';
import type { RaceRow } from './rows.js';

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
