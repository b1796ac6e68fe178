/**
 * Multi-event series standings from the stored fleet standings of the series' events: the inputs of
 * `combineSeries` (shared by GET /series/{slug}/standings and series.standings.updated) and the
 * publisher of series.standings.updated, which carries the public view (events in status "draft" left
 * out, every cell included).
 *
 * Locking: a transaction that publishes a series' standings first takes that series' lock (advisory,
 * per series, in id order, before any fleet lock), so two transactions changing standings of events of
 * one series (e.g. two fleets of one regatta) publish one after the other and the later fact sees the
 * earlier one's standings.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import { combineSeries, seriesRuleOf, type SeriesEventInput } from '../scoring-adapter.js';
import { findEventsByIds, findSeriesContainingEvent, listFleets, type EventProjection, type SeriesProjection } from '../store/projections.js';
import { eventStandings } from '../store/results.js';
import { seriesStandingsUpdatedFact } from './facts.js';

/** Events in status "draft" are visible to their organization's members only. */
export const isPublicEvent = (event: EventProjection): boolean => event.status !== 'draft';

/** The series' events that `include` admits, by start date, then by their order in the series. */
export async function seriesEvents(q: Queryable, series: SeriesProjection, include: (event: EventProjection) => boolean): Promise<EventProjection[]> {
  const order = new Map(series.eventIds.map((id, i) => [id, i] as const));
  return (await findEventsByIds(q, series.eventIds))
    .filter(include)
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

/** Takes the series' locks (in id order) for the rest of the transaction. */
export async function lockSeries(client: PoolClient, seriesIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(seriesIds)].sort()) {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`results-scoring:series:${id}`]);
  }
}

/** The series that contain the event, locked; call before taking the lock of any of the event's fleets. */
export async function lockSeriesOfEvent(client: PoolClient, eventId: string): Promise<SeriesProjection[]> {
  const series = await findSeriesContainingEvent(client, eventId);
  await lockSeries(client, series.map((s) => s.id));
  return series;
}

export interface SeriesPublishOptions {
  publish(client: PoolClient, fact: Fact): Promise<void>;
  requestId?: string | undefined;
}

/** Queues one series.standings.updated (public view) per series; the caller holds the series' locks. */
export async function publishSeriesStandings(client: PoolClient, seriesList: readonly SeriesProjection[], options: SeriesPublishOptions): Promise<void> {
  for (const series of seriesList) {
    const events = await seriesEvents(client, series, isPublicEvent);
    const standings = combineSeries(seriesRuleOf(series.scoringRule), series.bestOf, await seriesEventInputs(client, events));
    await options.publish(client, seriesStandingsUpdatedFact({ series, requestId: options.requestId }, events, standings));
  }
}
