/**
 * What the current GET series standings is made of, read by its stored view's version (migration
 * 014) instead of its text: the series of a slug, its events and its view's version and freshness, in
 * one round trip; then, only when needed, the view's text.
 */
import type { Queryable } from '@regatta/db';
import type { EventProjection, SeriesProjection } from '../../shared/domain/records.js';
import { eventOf, type EventRow } from '../../shared/store/projections/events.js';
import { seriesOf } from '../../shared/store/projections/series.js';
import { seriesInputsOf } from '../../results/store/read-views.js';

/** The stored series view as a version: which events it shows, the MD5 of its events' text, whether its inputs are the stored ones now. */
export interface SeriesViewVersion {
  eventIds: string[];
  eventsMd5: string;
  etag: string;
  fresh: boolean;
}

interface Row extends Partial<EventRow> {
  series_id: string;
  series_organization_id: string | null;
  series_slug: string;
  series_name: string;
  series_year: number | null;
  series_event_ids: string[];
  series_scoring_rule: string;
  series_best_of: number | null;
  series_created_at: Date | null;
  view_event_ids: string[] | null;
  view_events_md5: string | null;
  view_etag: string | null;
  view_fresh: boolean | null;
}

/** The series of a slug (as findSeriesBySlug picks it), its events and its view's version; undefined when the projection does not know the slug. */
export async function slugSeriesVersion(q: Queryable, slug: string): Promise<{ series: SeriesProjection; events: EventProjection[]; view: SeriesViewVersion | undefined } | undefined> {
  const { rows } = await q.query<Row>(
    `WITH ser AS (SELECT * FROM series WHERE slug = $1 ORDER BY occurred_at DESC LIMIT 1),
          vw AS (SELECT sv.event_ids, md5(sv.events) AS events_md5, sv.etag, sv.inputs = ${seriesInputsOf('sv.event_ids')} AS fresh
                   FROM series_views sv JOIN ser ON sv.series_id = ser.id)
     SELECT ser.id AS series_id, ser.organization_id AS series_organization_id, ser.slug AS series_slug, ser.name AS series_name,
            ser.year AS series_year, ser.event_ids AS series_event_ids, ser.scoring_rule AS series_scoring_rule,
            ser.best_of AS series_best_of, ser.created_at AS series_created_at,
            vw.event_ids AS view_event_ids, vw.events_md5 AS view_events_md5, vw.etag AS view_etag, vw.fresh AS view_fresh, e.*
       FROM ser LEFT JOIN vw ON true LEFT JOIN events e ON e.id = ANY(ser.event_ids)`,
    [slug],
  );
  const first = rows[0];
  if (!first) return undefined;
  const series = seriesOf({
    id: first.series_id,
    organization_id: first.series_organization_id,
    slug: first.series_slug,
    name: first.series_name,
    year: first.series_year,
    event_ids: first.series_event_ids,
    scoring_rule: first.series_scoring_rule,
    best_of: first.series_best_of,
    created_at: first.series_created_at,
  });
  const events = rows.flatMap((row) => (row.id ? [eventOf(row as EventRow)] : []));
  const view =
    first.view_etag !== null && first.view_event_ids && first.view_events_md5 !== null
      ? { eventIds: first.view_event_ids, eventsMd5: first.view_events_md5, etag: first.view_etag, fresh: first.view_fresh === true }
      : undefined;
  return { series, events, view };
}

/** The stored text of a series view (the standings with or without dropped cells) and its version; undefined when gone. */
export async function seriesViewText(
  q: Queryable,
  seriesId: string,
  includeDrops: boolean,
): Promise<{ series: string; events: string; standings: string; etag: string } | undefined> {
  const { rows } = await q.query<{ series: string; events: string; standings: string; etag: string }>(
    `SELECT series, events, ${includeDrops ? 'standings' : 'standings_without_drops'} AS standings, etag FROM series_views WHERE series_id = $1`,
    [seriesId],
  );
  return rows[0];
}
