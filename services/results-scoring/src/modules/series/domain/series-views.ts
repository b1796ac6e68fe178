/** The series' public views: its reference and a standings entry as GET /series/{slug}/standings shows them. */
import type { SeriesProjection } from '../../shared/domain/records.js';
import { boatRef } from '../../results/domain/public-views.js';
import type { SeriesStandingEntry } from './multi-event-series.js';

/** The series standings entry as GET /series/{slug}/standings shows it. */
export function seriesStandingView(entry: SeriesStandingEntry, includeDrops: boolean) {
  return {
    position: entry.position,
    boat: boatRef(entry.boatId, { name: entry.boatName, sailNumber: entry.sailNumber }),
    skipper: entry.sailorName,
    fleet: entry.fleet,
    totalPoints: entry.totalPoints,
    netPoints: entry.netPoints,
    eventsSailed: entry.eventsSailed,
    eventResults: entry.eventResults
      .filter((cell) => includeDrops || !cell.dropped)
      .map((cell) => ({ event: cell.event, eventId: cell.eventId, points: cell.points, place: cell.place, dropped: cell.dropped, absent: cell.absent })),
  };
}

export const seriesRef = (series: SeriesProjection, rule: string) => ({ id: series.id, slug: series.slug, name: series.name, year: series.year, scoringRule: rule, bestOf: series.bestOf });
