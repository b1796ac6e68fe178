/** SQL of series (regattas scored together) and their events. */
import type { Queryable } from '@regatta/db';
import type { SeriesRow } from './rows.js';

export async function insertSeries(db: Queryable, series: Omit<SeriesRow, 'created_at'>, eventIds: string[]): Promise<SeriesRow> {
  const result = await db.query<SeriesRow>(
    `INSERT INTO series (id, organization_id, slug, name, description, year, scoring_rule, best_of, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [series.id, series.organization_id, series.slug, series.name, series.description, series.year, series.scoring_rule, series.best_of, series.created_by],
  );
  for (const [index, eventId] of eventIds.entries()) {
    await db.query('INSERT INTO series_events (series_id, event_id, position) VALUES ($1, $2, $3)', [series.id, eventId, index + 1]);
  }
  return result.rows[0]!;
}

export interface SeriesListRow extends SeriesRow {
  org_slug: string | null;
  org_name: string | null;
  event_ids: string[];
}

const SERIES_WITH_ORG = `SELECT s.*, o.slug AS org_slug, o.name AS org_name,
  COALESCE((SELECT array_agg(se.event_id ORDER BY se.position) FROM series_events se WHERE se.series_id = s.id), '{}') AS event_ids
  FROM series s LEFT JOIN organizations o ON o.id = s.organization_id`;

export async function listSeries(
  db: Queryable,
  filter: { year?: number | undefined; organizationId?: string | undefined; limit: number; offset: number },
): Promise<SeriesListRow[]> {
  const where: string[] = ['true'];
  const values: unknown[] = [];
  if (filter.year !== undefined) {
    values.push(filter.year);
    where.push(`s.year = $${values.length}`);
  }
  if (filter.organizationId !== undefined) {
    values.push(filter.organizationId);
    where.push(`s.organization_id = $${values.length}`);
  }
  values.push(filter.limit + 1, filter.offset);
  return (
    await db.query<SeriesListRow>(
      `${SERIES_WITH_ORG} WHERE ${where.join(' AND ')} ORDER BY s.year DESC, s.name, s.id LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    )
  ).rows;
}

export async function seriesBySlug(db: Queryable, slug: string): Promise<SeriesListRow | undefined> {
  return (await db.query<SeriesListRow>(`${SERIES_WITH_ORG} WHERE s.slug = $1`, [slug.toLowerCase()])).rows[0];
}

/** Writes the given columns of a series (names from the use case's table, never from input) and, when given, its events in order. */
export async function updateSeries(db: Queryable, seriesId: string, values: Record<string, unknown>, eventIds?: string[]): Promise<void> {
  const columns = Object.keys(values);
  if (columns.length > 0) {
    const sets = columns.map((column, index) => `${column} = $${index + 2}`);
    await db.query(`UPDATE series SET ${sets.join(', ')} WHERE id = $1`, [seriesId, ...columns.map((c) => values[c])]);
  }
  if (eventIds) {
    await db.query('DELETE FROM series_events WHERE series_id = $1', [seriesId]);
    for (const [index, eventId] of eventIds.entries())
      await db.query('INSERT INTO series_events (series_id, event_id, position) VALUES ($1, $2, $3)', [seriesId, eventId, index + 1]);
  }
}

/** Locks the series row for this transaction; false when it is gone (deleted since it was read). */
export async function lockSeriesRow(db: Queryable, seriesId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM series WHERE id = $1 FOR UPDATE', [seriesId]);
  return (rowCount ?? 0) > 0;
}

export async function deleteSeries(db: Queryable, seriesId: string): Promise<void> {
  await db.query('DELETE FROM series_events WHERE series_id = $1', [seriesId]);
  await db.query('DELETE FROM series WHERE id = $1', [seriesId]);
}
