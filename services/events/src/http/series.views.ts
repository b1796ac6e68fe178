/** Series records to the public JSON shapes. */
import type { SeriesWithEvents } from '../app/series-events.js';
import { eventSummaryJson, iso } from './events.views.js';

export function seriesSummaryJson({ series: row, events, span }: SeriesWithEvents) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    year: row.year,
    organization: { id: row.organization_id, name: row.org_name ?? '', slug: row.org_slug ?? '' },
    scoringRule: row.scoring_rule,
    bestOf: row.best_of,
    eventCount: events.length,
    startDate: iso(span.start),
    endDate: iso(span.end),
    createdAt: iso(row.created_at),
  };
}

export function seriesDetailJson(item: SeriesWithEvents) {
  return { ...seriesSummaryJson(item), events: item.events.map(eventSummaryJson) };
}
