/**
 * Projection of the events service's events (events.v1 event.created / event.updated). Every write is
 * an upsert that keeps the newer snapshot (by the snapshot's updated_at, else the fact's occurred_at),
 * so replays and duplicates change nothing.
 */
import type { Queryable } from '@regatta/db';
import type { EventProjection } from '../../domain/records.js';

export async function upsertEvent(client: Queryable, event: EventProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO events (id, slug, name, organization_id, organization_slug, organization_name, status, start_date, source_updated_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO UPDATE SET
       slug = EXCLUDED.slug, name = EXCLUDED.name, organization_id = EXCLUDED.organization_id,
       organization_slug = EXCLUDED.organization_slug, organization_name = EXCLUDED.organization_name,
       status = EXCLUDED.status, start_date = EXCLUDED.start_date, source_updated_at = EXCLUDED.source_updated_at,
       occurred_at = EXCLUDED.occurred_at
     WHERE COALESCE(EXCLUDED.source_updated_at, EXCLUDED.occurred_at) >= COALESCE(events.source_updated_at, events.occurred_at)`,
    [event.id, event.slug, event.name, event.organizationId, event.organizationSlug, event.organizationName, event.status, event.startDate, event.sourceUpdatedAt, occurredAt],
  );
}

/** A row of the events projection (read with `SELECT *` or `e.*`). */
export interface EventRow {
  id: string;
  slug: string;
  name: string;
  organization_id: string | null;
  organization_slug: string | null;
  organization_name: string | null;
  status: string;
  start_date: Date | null;
  source_updated_at: Date | null;
}

export const eventOf = (row: EventRow): EventProjection => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  organizationId: row.organization_id,
  organizationSlug: row.organization_slug,
  organizationName: row.organization_name,
  status: row.status,
  startDate: row.start_date,
  sourceUpdatedAt: row.source_updated_at,
});

export async function findEventBySlug(q: Queryable, slug: string): Promise<EventProjection | undefined> {
  const { rows } = await q.query<EventRow>(`SELECT * FROM events WHERE slug = $1 ORDER BY COALESCE(source_updated_at, occurred_at) DESC LIMIT 1`, [slug]);
  return rows[0] ? eventOf(rows[0]) : undefined;
}

export async function findEventsByIds(q: Queryable, ids: string[]): Promise<EventProjection[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<EventRow>(`SELECT * FROM events WHERE id = ANY($1::text[])`, [ids]);
  return rows.map(eventOf);
}
