/** SQL of removing a regatta without entries (its fleets, races, documents and their versions go with it) and of cancelling one. */
import type { Queryable } from '@regatta/db';
import type { EventRow } from './rows.js';

/** What stands in the way of deleting an event: registrations of any status and series it belongs to. */
export async function eventUsage(db: Queryable, eventId: string): Promise<{ registrations: number; series: number }> {
  const { rows } = await db.query<{ registrations: number; series: number }>(
    `SELECT (SELECT count(*)::int FROM registrations WHERE event_id = $1) AS registrations,
            (SELECT count(*)::int FROM series_events WHERE event_id = $1) AS series`,
    [eventId],
  );
  return rows[0]!;
}

export async function deleteEventCascade(db: Queryable, eventId: string): Promise<void> {
  await db.query('DELETE FROM document_versions WHERE document_id IN (SELECT id FROM documents WHERE event_id = $1)', [eventId]);
  await db.query('DELETE FROM documents WHERE event_id = $1', [eventId]);
  await db.query('DELETE FROM race_results WHERE event_id = $1', [eventId]);
  await db.query('DELETE FROM races WHERE event_id = $1', [eventId]);
  await db.query('DELETE FROM fleets WHERE event_id = $1', [eventId]);
  await db.query('DELETE FROM events WHERE id = $1', [eventId]);
}

export async function cancelEventRow(db: Queryable, eventId: string, reason: string | null): Promise<EventRow> {
  const { rows } = await db.query<EventRow>(
    `UPDATE events SET status = 'cancelled', cancelled_reason = $2, updated_at = now() WHERE id = $1 RETURNING *`,
    [eventId, reason],
  );
  return rows[0]!;
}
