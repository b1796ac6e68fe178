/**
 * GET standings: each fleet's stored view (summary and standings), all fleets or one (id or name).
 * With `asOf`, the views as they were shown at that moment (their history, migration 003).
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { FleetSummary } from '../domain/public-views.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { eventFleetVersions, eventFleetViews, fleetViewBodies, slugFleetVersions } from '../store/read-views.js';
import { canSeeEvent } from '../../shared/app/access.js';
import { fleetViewsAsOf } from '../store/view-history.js';
import { visibleEvent } from '../../shared/app/find-event.js';
import { renderMissingViews } from './render-views.js';

export interface EventStandings {
  event: EventProjection;
  fleets: FleetSummary[];
  /** JSON text of each fleet's standings array (with or without dropped races, as asked). */
  standings: string[];
  /** Time of the latest revision included (ISO), null when none. */
  asOf: string | null;
}

export async function getStandings(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  query: { fleet?: string | undefined; includeDrops: boolean; asOf?: string | undefined },
): Promise<EventStandings> {
  const { pool } = context;
  const event = await visibleEvent(context, identity, slug);
  let fleets = await eventFleetViews(pool, event.id);
  if (query.asOf) {
    // The fleets as the projection lists them now, each with its view as shown then (none: not shown yet).
    const then = await fleetViewsAsOf(pool, event.id, new Date(query.asOf));
    fleets = fleets.map((f) => ({ ...f, view: then.get(f.fleetId) ?? null }));
  } else {
    const missing = fleets.filter((f) => f.view === null);
    if (missing.length > 0) {
      await renderMissingViews(context, missing.map((f) => f.fleetId));
      fleets = await eventFleetViews(pool, event.id);
    }
  }
  const rendered = selectFleet(fleets, query.fleet).flatMap((f) => (f.view ? [f.view] : []));
  const summaries = rendered.map((view) => view.summary);
  return {
    event,
    fleets: summaries,
    standings: rendered.map((view) => (query.includeDrops ? view.standings : view.standingsWithoutDrops)),
    asOf: latestOf(summaries),
  };
}

/** All fleets, or the one named (id or name). */
function selectFleet<T extends { fleetId: string; name: string }>(fleets: T[], wanted: string | undefined): T[] {
  if (!wanted) return fleets;
  const lower = wanted.toLowerCase();
  const fleet = fleets.find((f) => f.fleetId === wanted) ?? fleets.find((f) => f.name.toLowerCase() === lower);
  if (!fleet) throw notFound('Fleet');
  return [fleet];
}

const latestOf = (summaries: FleetSummary[]) => summaries.map((s) => s.asOf ?? null).reduce<string | null>((max, at) => (at && (!max || at > max) ? at : max), null);

/** The current (not asOf) standings of the event by their stored views' versions: no view's text read. */
export interface StandingsVersion {
  event: EventProjection;
  includeDrops: boolean;
  /** The fleets shown, in order, each with its stored view's version. */
  fleets: { fleetId: string; etag: string }[];
}

export async function standingsVersion(context: ServiceContext, identity: Identity, slug: string, query: { fleet?: string | undefined; includeDrops: boolean }): Promise<StandingsVersion> {
  const { pool } = context;
  // The event and the versions in one round trip; a slug the projection does not know waits as every read does.
  const found = await slugFleetVersions(pool, slug);
  const event = found?.event ?? (await visibleEvent(context, identity, slug));
  if (!canSeeEvent(identity, event)) throw notFound('Event');
  let fleets = found?.fleets ?? (await eventFleetVersions(pool, event.id));
  const missing = fleets.filter((f) => f.etag === null);
  if (missing.length > 0) {
    await renderMissingViews(context, missing.map((f) => f.fleetId));
    fleets = await eventFleetVersions(pool, event.id);
  }
  const selected = selectFleet(fleets, query.fleet);
  return { event, includeDrops: query.includeDrops, fleets: selected.flatMap((f) => (f.etag === null ? [] : [{ fleetId: f.fleetId, etag: f.etag }])) };
}

/**
 * The answer of a standings version with its views' text, and the versions of the text read (a view
 * stored again since the version was read is sent as it is now, under its new version).
 */
export async function standingsOfVersion(context: ServiceContext, version: StandingsVersion): Promise<{ standings: EventStandings; etags: string[] }> {
  const bodies = await fleetViewBodies(context.pool, version.fleets.map((f) => f.fleetId), version.includeDrops);
  const rendered = version.fleets.flatMap((f) => {
    const view = bodies.get(f.fleetId);
    return view ? [view] : [];
  });
  const summaries = rendered.map((view) => view.summary);
  return {
    standings: { event: version.event, fleets: summaries, standings: rendered.map((view) => view.standings), asOf: latestOf(summaries) },
    etags: rendered.map((view) => view.etag),
  };
}
