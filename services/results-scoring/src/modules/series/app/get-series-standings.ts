/**
 * GET series standings: the stored public view when the caller sees exactly its events (drafts are
 * rare) and it was computed from the standings stored now; otherwise (not rendered yet, or a change
 * that raced the series' creation) it is rendered again under the series' lock; a caller who sees a
 * draft event of the series gets standings computed for her.
 */
import { createHash } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { combineSeries, seriesRuleOf } from '../domain/multi-event-series.js';
import { eventRef } from '../../results/domain/public-views.js';
import { seriesRef, seriesStandingView } from '../domain/series-views.js';
import { isPublicEvent } from '../../shared/domain/records.js';
import { lockSeries } from '../../shared/store/locks.js';
import { findSeriesBySlug } from '../../shared/store/projections/series.js';
import { findSeriesView, seriesInputs, type SeriesViewRow } from '../../results/store/read-views.js';
import { canSeeEvent, canSeeOrganization } from '../../shared/app/access.js';
import { PROJECTION_WAIT, awaitProjection } from '../../shared/app/projection-wait.js';
import { inSeriesOrder, renderSeriesView, seriesEventInputs, seriesEvents } from './series-standings.js';
import { seriesViewText, slugSeriesVersion } from '../store/series-view-version.js';

/** JSON text of the three parts of the answer. */
export interface SeriesStandings {
  series: string;
  events: string;
  standings: string;
}

export async function getSeriesStandings(context: ServiceContext, identity: Identity, slug: string, query: { fleet?: string | undefined; includeDrops: boolean }): Promise<SeriesStandings> {
  const { pool } = context;
  const series = await awaitProjection(context, () => findSeriesBySlug(pool, slug), PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS);
  if (!series || !canSeeOrganization(identity, series.organizationId)) throw notFound('Series');
  const events = await seriesEvents(pool, series, (event) => canSeeEvent(identity, event));
  const wanted = query.fleet?.toLowerCase();
  const byFleet = <T extends { fleet: string }>(entry: T) => !wanted || entry.fleet.toLowerCase() === wanted;

  const eventIds = events.map((e) => e.id);
  const sameEvents = (view: SeriesViewRow) =>
    view.eventIds.length === eventIds.length && view.eventIds.every((id, i) => id === eventIds[i]) && view.events === JSON.stringify(events.map(eventRef));
  let [view, inputs] = await Promise.all([findSeriesView(pool, series.id), seriesInputs(pool, eventIds)]);
  if (events.every(isPublicEvent) && (!view || !sameEvents(view) || view.inputs !== inputs)) {
    view = await withTransaction(pool, async (client) => {
      await lockSeries(client, [series.id]);
      await renderSeriesView(client, series);
      return findSeriesView(client, series.id);
    });
  }
  if (view && sameEvents(view)) return viewStandings(view, query.includeDrops ? view.standings : view.standingsWithoutDrops, wanted);
  const rule = seriesRuleOf(series.scoringRule);
  const standings = combineSeries(rule, series.bestOf, await seriesEventInputs(pool, events))
    .filter(byFleet)
    .map((entry) => seriesStandingView(entry, query.includeDrops));
  return { series: JSON.stringify(seriesRef(series, rule)), events: JSON.stringify(events.map(eventRef)), standings: JSON.stringify(standings) };
}

/** The stored view's answer (its standings, of the fleet wanted when one is). */
function viewStandings(view: Pick<SeriesViewRow, 'series' | 'events'>, standings: string, wanted: string | undefined): SeriesStandings {
  if (!wanted) return { series: view.series, events: view.events, standings };
  const byFleet = (entry: { fleet: string }) => entry.fleet.toLowerCase() === wanted;
  return { series: view.series, events: view.events, standings: JSON.stringify((JSON.parse(standings) as { fleet: string }[]).filter(byFleet)) };
}

/** The current series standings by its stored view's version: no view text read. */
export interface SeriesStandingsVersion {
  seriesId: string;
  /** The view's version (migration 014). */
  etag: string;
  /** The fleet wanted, lower case. */
  fleet: string | undefined;
  includeDrops: boolean;
}

/**
 * The version of the answer GET series standings would send from the stored view, read with the
 * series and its events in one round trip; undefined when that answer is not the stored view as it
 * is (the slug unknown to the projection, a draft event the caller sees, the view missing or
 * computed from other events or other standings): the caller then reads as getSeriesStandings does.
 */
export async function seriesStandingsVersion(context: ServiceContext, identity: Identity, slug: string, query: { fleet?: string | undefined; includeDrops: boolean }): Promise<SeriesStandingsVersion | undefined> {
  const found = await slugSeriesVersion(context.pool, slug);
  if (!found) return undefined;
  const { series, view } = found;
  if (!canSeeOrganization(identity, series.organizationId)) throw notFound('Series');
  const events = inSeriesOrder(series, found.events.filter((event) => canSeeEvent(identity, event)));
  if (!view || !view.fresh || !events.every(isPublicEvent)) return undefined;
  const sameEvents =
    view.eventIds.length === events.length &&
    view.eventIds.every((id, i) => id === events[i]!.id) &&
    view.eventsMd5 === createHash('md5').update(JSON.stringify(events.map(eventRef))).digest('hex');
  if (!sameEvents) return undefined;
  return { seriesId: series.id, etag: view.etag, fleet: query.fleet?.toLowerCase() || undefined, includeDrops: query.includeDrops };
}

/** The answer of a series standings version with the view's text and the version read (undefined: the view is gone). */
export async function seriesStandingsOfVersion(context: ServiceContext, version: SeriesStandingsVersion): Promise<{ standings: SeriesStandings; etag: string } | undefined> {
  const view = await seriesViewText(context.pool, version.seriesId, version.includeDrops);
  return view && { standings: viewStandings(view, view.standings, version.fleet), etag: view.etag };
}
