/**
 * series.standings.updated on results.v1 (key: the organization id): the full snapshot of a series'
 * standings (proto/regatta/facts/v1/results.proto), queued by the use case in its transaction.
 */
import { newFact, type Fact } from '@regatta/contracts';
import type { EventProjection, SeriesProjection } from '../../shared/domain/records.js';
import { PRODUCER, ts } from '../../results/app/facts.js';
import { seriesRuleOf, type SeriesStandingEntry } from '../domain/multi-event-series.js';

interface SeriesMeta {
  series: SeriesProjection;
  requestId?: string | undefined;
  occurredAt?: Date;
}

/**
 * series.standings.updated: the standings of a series as `combineSeries` gives them for `events` (in
 * chronological order), every cell included (dropped ones flagged). A series spans events: no event id,
 * the organization id is the key.
 */
export function seriesStandingsUpdatedFact(meta: SeriesMeta, events: readonly EventProjection[], standings: readonly SeriesStandingEntry[]): Fact {
  const { series } = meta;
  return newFact(
    'series.standings.updated',
    'seriesStandingsUpdated',
    {
      seriesId: series.id,
      organizationId: series.organizationId ?? '',
      slug: series.slug,
      name: series.name,
      year: series.year ?? 0,
      scoringRule: seriesRuleOf(series.scoringRule),
      ...(series.bestOf !== null ? { bestOf: series.bestOf } : {}),
      events: events.map((event) => ({ id: event.id, slug: event.slug, name: event.name, ...(event.startDate ? { startDate: ts(event.startDate) } : {}) })),
      entries: standings.map((entry) => ({
        position: entry.position,
        fleet: entry.fleet,
        boatId: entry.boatId,
        boatName: entry.boatName,
        ...(entry.sailNumber != null ? { sailNumber: entry.sailNumber } : {}),
        ...(entry.sailorName != null ? { sailorName: entry.sailorName } : {}),
        totalPoints: entry.totalPoints,
        netPoints: entry.netPoints,
        eventsSailed: entry.eventsSailed,
        cells: entry.eventResults.map((cell) => ({
          eventId: cell.eventId,
          eventSlug: cell.event,
          points: cell.points,
          ...(cell.place !== null ? { place: cell.place } : {}),
          dropped: cell.dropped,
          absent: cell.absent,
        })),
      })),
    },
    {
      producer: PRODUCER,
      organizationId: series.organizationId,
      requestId: meta.requestId ?? null,
      ...(meta.occurredAt ? { occurredAt: meta.occurredAt } : {}),
    },
  );
}
