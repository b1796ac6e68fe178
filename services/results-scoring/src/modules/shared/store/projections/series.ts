/**
 * Projection of the events service's series (events.v1 series.created): which events a series spans and
 * how it is scored. Writes keep the newer snapshot (by the fact's occurred_at).
 */
import type { Queryable } from '@regatta/db';
import type { SeriesProjection } from '../../domain/records.js';

export async function upsertSeries(client: Queryable, series: SeriesProjection, occurredAt: Date): Promise<void> {
  await client.query(
    `INSERT INTO series (id, organization_id, slug, name, year, event_ids, scoring_rule, best_of, created_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO UPDATE SET
       organization_id = EXCLUDED.organization_id, slug = EXCLUDED.slug, name = EXCLUDED.name, year = EXCLUDED.year,
       event_ids = EXCLUDED.event_ids, scoring_rule = EXCLUDED.scoring_rule, best_of = EXCLUDED.best_of,
       created_at = EXCLUDED.created_at, occurred_at = EXCLUDED.occurred_at
     WHERE EXCLUDED.occurred_at >= series.occurred_at`,
    [series.id, series.organizationId, series.slug, series.name, series.year, series.eventIds, series.scoringRule || 'sum_of_net', series.bestOf, series.createdAt, occurredAt],
  );
}

export interface SeriesRow {
  id: string;
  organization_id: string | null;
  slug: string;
  name: string;
  year: number | null;
  event_ids: string[];
  scoring_rule: string;
  best_of: number | null;
  created_at: Date | null;
}

export const seriesOf = (row: SeriesRow): SeriesProjection => ({
  id: row.id,
  organizationId: row.organization_id,
  slug: row.slug,
  name: row.name,
  year: row.year,
  eventIds: row.event_ids ?? [],
  scoringRule: row.scoring_rule,
  bestOf: row.best_of,
  createdAt: row.created_at,
});

export async function findSeriesBySlug(q: Queryable, slug: string): Promise<SeriesProjection | undefined> {
  const { rows } = await q.query<SeriesRow>(`SELECT * FROM series WHERE slug = $1 ORDER BY occurred_at DESC LIMIT 1`, [slug]);
  return rows[0] ? seriesOf(rows[0]) : undefined;
}

export async function findSeriesById(q: Queryable, id: string): Promise<SeriesProjection | undefined> {
  const { rows } = await q.query<SeriesRow>(`SELECT * FROM series WHERE id = $1`, [id]);
  return rows[0] ? seriesOf(rows[0]) : undefined;
}

/** Every series that lists the event, ordered by id. */
export async function findSeriesContainingEvent(q: Queryable, eventId: string): Promise<SeriesProjection[]> {
  const { rows } = await q.query<SeriesRow>(`SELECT * FROM series WHERE event_ids @> ARRAY[$1::text] ORDER BY id`, [eventId]);
  return rows.map(seriesOf);
}
