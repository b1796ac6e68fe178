/** The overall (combined) result's definition per event (migration 006). */
import type { Queryable } from '@regatta/db';
import type { OverallDefinition } from '../domain/overall.js';

export async function saveOverallDefinition(q: Queryable, eventId: string, definition: OverallDefinition): Promise<void> {
  await q.query(
    `INSERT INTO overall_definitions (event_id, definition) VALUES ($1, $2)
     ON CONFLICT (event_id) DO UPDATE SET definition = EXCLUDED.definition, updated_at = now()`,
    [eventId, JSON.stringify(definition)],
  );
}

export async function overallDefinition(q: Queryable, eventId: string): Promise<OverallDefinition | undefined> {
  const { rows } = await q.query<{ definition: OverallDefinition }>(`SELECT definition FROM overall_definitions WHERE event_id = $1`, [eventId]);
  return rows[0]?.definition;
}
