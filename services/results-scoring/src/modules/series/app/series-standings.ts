/**
 * Multi-event series standings from the stored fleet standings of the series' events: the inputs of
 * `combineSeries` (shared by GET /series/{slug}/standings and series.standings.updated), the rendering
 * of the series' public view and the publisher of series.standings.updated, which carries that view
 * (events in status "draft" left out, every cell included).
 *
 * Locking: a transaction that publishes a series' standings first takes that series' lock (advisory,
 * per series, in id order, before any fleet lock), so two transactions changing standings of events of
 * one series (e.g. two fleets of one regatta) publish one after the other and the later fact sees the
 * earlier one's standings.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import { combineSeries, seriesRuleOf, type SeriesEventInput, type SeriesStandingEntry } from '../domain/multi-event-series.js';
import { eventRef } from '../../results/domain/public-views.js';
import { seriesRef, seriesStandingView } from '../domain/series-views.js';
import { isPublicEvent, type EventProjection, type SeriesProjection } from '../../shared/domain/records.js';
import { lockSeries } from '../../shared/store/locks.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { listFleets } from '../../shared/store/projections/fleets.js';
import { findSeriesContainingEvent } from '../../shared/store/projections/series.js';
import { saveSeriesView, seriesInputs } from '../../results/store/read-views.js';
import { eventStandings } from '../../results/store/standings.js';
import { seriesStandingsUpdatedFact } from './series-facts.js';

/** The series' events that `include` admits, by start date, then by their order in the series. */
export async function seriesEvents(q: Queryable, series: SeriesProjection, include: (event: EventProjection) => boolean): Promise<EventProjection[]> {
  return inSeriesOrder(series, (await findEventsByIds(q, series.eventIds)).filter(include));
}

/** The events by start date, then by their order in the series. */
export function inSeriesOrder(series: SeriesProjection, events: EventProjection[]): EventProjection[] {
  const order = new Map(series.eventIds.map((id, i) => [id, i] as const));
  return [...events]
    .sort((a, b) => (a.startDate?.getTime() ?? 0) - (b.startDate?.getTime() ?? 0) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** The `combineSeries` input of each event (in the given order): its fleets that have stored standings. */
export async function seriesEventInputs(q: Queryable, events: readonly EventProjection[]): Promise<SeriesEventInput[]> {
  const stored = await eventStandings(q, events.map((e) => e.id));
  const inputs: SeriesEventInput[] = [];
  for (const event of events) {
    const fleets = await listFleets(q, event.id);
    inputs.push({
      eventId: event.id,
      slug: event.slug,
      name: event.name,
      fleets: fleets.flatMap((fleet) => {
        const snapshot = stored.find((s) => s.fleetId === fleet.id);
        if (!snapshot) return [];
        return [
          {
            fleetName: fleet.name,
            scoringSystem: snapshot.scoringSystem,
            boatsInFleet: snapshot.entries.length,
            racesCompleted: snapshot.racesCompleted,
            appliedDrops: snapshot.appliedDrops,
            entries: snapshot.entries,
          },
        ];
      }),
    });
  }
  return inputs;
}

export interface SeriesPublishOptions {
  publish(client: PoolClient, fact: Fact): Promise<void>;
  requestId?: string | undefined;
}

/**
 * Queues one series.standings.updated (public view) per series and stores that view for GET
 * /series/{slug}/standings; the caller holds the series' locks.
 */
export async function publishSeriesStandings(client: PoolClient, seriesList: readonly SeriesProjection[], options: SeriesPublishOptions): Promise<void> {
  for (const series of seriesList) {
    const { events, standings } = await renderSeriesView(client, series);
    await options.publish(client, seriesStandingsUpdatedFact({ series, requestId: options.requestId }, events, standings));
  }
}

/** Computes and stores the series' public view (the caller holds the series' lock); returns what it stored. */
export async function renderSeriesView(client: PoolClient, series: SeriesProjection): Promise<{ events: EventProjection[]; standings: SeriesStandingEntry[] }> {
  const events = await seriesEvents(client, series, isPublicEvent);
  const inputs = await seriesInputs(client, events.map((e) => e.id));
  const rule = seriesRuleOf(series.scoringRule);
  const standings = combineSeries(rule, series.bestOf, await seriesEventInputs(client, events));
  await saveSeriesView(client, {
    seriesId: series.id,
    eventIds: events.map((e) => e.id),
    inputs,
    series: JSON.stringify(seriesRef(series, rule)),
    events: JSON.stringify(events.map(eventRef)),
    standings: JSON.stringify(standings.map((entry) => seriesStandingView(entry, true))),
    standingsWithoutDrops: JSON.stringify(standings.map((entry) => seriesStandingView(entry, false))),
  });
  return { events, standings };
}
