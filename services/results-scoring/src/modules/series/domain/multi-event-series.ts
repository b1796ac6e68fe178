/**
 * Multi-event series standings from each event's stored fleet standings (GET /series/{slug}/standings
 * and series.standings.updated). No I/O here.
 */
import { SERIES_SCORING_RULES, type SeriesScoringRule } from '@regatta/contracts';
import { rankItems, selectDiscards, sumPoints, type RankItem } from '@regatta/scoring-engine';
import type { StandingEntrySnapshot } from '../../shared/domain/fleet-scoring.js';

/**
 * Series rules. `sum_of_net`: a boat's series score for an event is her net points there; a boat that
 * did not sail an event scores as DNC in each of its counted races: (event fleet entries + 1) × (races
 * completed − discards applied). `event_places`: her final place in the event; a boat that did not sail
 * it scores (boats in the series fleet + 1). With `bestOf` N only the N best event scores count (the
 * others are dropped, worst first, the earlier event first among equals). Lowest total wins (highest
 * for sum_of_net over high-point fleets). Ties: A8.1 over the counted event scores (best to worst, first
 * difference), then A8.2 (the most recent event, then the one before, dropped scores included); boats
 * still tied share the place. Boats are matched across events by boat id, fleets by name (case-blind).
 */
export type SeriesRule = SeriesScoringRule;

/** The events service's series rules are SERIES_SCORING_RULES; anything else falls back to net points. */
export function seriesRuleOf(raw: string | null | undefined): SeriesRule {
  return (SERIES_SCORING_RULES as readonly string[]).includes(raw ?? '') ? (raw as SeriesRule) : 'sum_of_net';
}

export interface SeriesEventFleet {
  fleetName: string;
  scoringSystem: string;
  boatsInFleet: number;
  racesCompleted: number;
  appliedDrops: number;
  entries: readonly StandingEntrySnapshot[];
}

export interface SeriesEventInput {
  eventId: string;
  slug: string;
  name: string;
  fleets: readonly SeriesEventFleet[];
}

export interface SeriesEventCell {
  eventId: string;
  event: string;
  points: number;
  place: number | null;
  dropped: boolean;
  /** The boat did not sail this event (scored by the rule for absent boats). */
  absent: boolean;
}

export interface SeriesStandingEntry {
  position: number;
  fleet: string;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  sailorName: string | null;
  userId: string | null;
  totalPoints: number;
  netPoints: number;
  eventsSailed: number;
  eventResults: SeriesEventCell[];
}

/** `events` in chronological order. */
export function combineSeries(rule: SeriesRule, bestOf: number | null, events: readonly SeriesEventInput[]): SeriesStandingEntry[] {
  const byFleet = new Map<string, { name: string; events: { event: SeriesEventInput; fleet: SeriesEventFleet }[] }>();
  for (const event of events) {
    for (const fleet of event.fleets) {
      if (fleet.racesCompleted <= 0 || fleet.entries.length === 0) continue;
      const key = fleet.fleetName.trim().toLowerCase();
      const group = byFleet.get(key) ?? { name: fleet.fleetName, events: [] };
      group.events.push({ event, fleet });
      byFleet.set(key, group);
    }
  }
  const out: SeriesStandingEntry[] = [];
  for (const group of [...byFleet.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const higherIsBetter = rule === 'sum_of_net' && group.events.every(({ fleet }) => fleet.scoringSystem.startsWith('high_point'));
    const boats = new Map<string, StandingEntrySnapshot>();
    for (const { fleet } of group.events) for (const entry of fleet.entries) boats.set(entry.boatId, entry);
    const competitors = boats.size;
    type Item = RankItem & { boatId: string; total: number; cells: SeriesEventCell[]; sailed: number };
    const items: Item[] = [...boats.keys()].map((boatId) => {
      const cells: SeriesEventCell[] = group.events.map(({ event, fleet }) => {
        const entry = fleet.entries.find((e) => e.boatId === boatId);
        const absentPoints =
          rule === 'event_places'
            ? competitors + 1
            : fleet.scoringSystem.startsWith('high_point')
              ? 0
              : (fleet.boatsInFleet + 1) * Math.max(0, fleet.racesCompleted - fleet.appliedDrops);
        const points = entry ? (rule === 'event_places' ? entry.position : entry.netPoints) : absentPoints;
        return { eventId: event.eventId, event: event.slug, points, place: entry ? entry.position : null, dropped: false, absent: !entry };
      });
      const keep = bestOf && bestOf > 0 ? Math.min(bestOf, cells.length) : cells.length;
      const dropped = selectDiscards(
        cells.map((c, index) => ({ index, points: c.points, first: false })),
        cells.length - keep,
        higherIsBetter,
      );
      cells.forEach((c, i) => (c.dropped = dropped.has(i)));
      const all = cells.map((c) => c.points);
      const kept = cells.filter((c) => !c.dropped).map((c) => c.points);
      return { boatId, cells, all, kept, total: sumPoints(all), net: sumPoints(kept), sailed: cells.filter((c) => !c.absent).length };
    });
    for (const { item, rank } of rankItems(items, higherIsBetter)) {
      const boat = boats.get(item.boatId)!;
      out.push({
        position: rank,
        fleet: group.name,
        boatId: item.boatId,
        boatName: boat.boatName,
        sailNumber: boat.sailNumber,
        sailorName: boat.sailorName,
        userId: boat.userId,
        totalPoints: item.total,
        netPoints: item.net,
        eventsSailed: item.sailed,
        eventResults: item.cells,
      });
    }
  }
  return out;
}
