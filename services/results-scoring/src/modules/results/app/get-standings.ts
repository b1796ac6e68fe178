/**
 * GET standings: each fleet's stored view (summary and standings), all fleets or one (id or name).
 * With `asOf`, the views as they were shown at that moment (their history, migration 003).
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { FleetSummary } from '../domain/public-views.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { eventFleetViews } from '../store/read-views.js';
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
  let selected = fleets;
  if (query.fleet) {
    const wanted = query.fleet.toLowerCase();
    const fleet = fleets.find((f) => f.fleetId === query.fleet) ?? fleets.find((f) => f.name.toLowerCase() === wanted);
    if (!fleet) throw notFound('Fleet');
    selected = [fleet];
  }
  const rendered = selected.flatMap((f) => (f.view ? [f.view] : []));
  const summaries = rendered.map((view) => view.summary);
  return {
    event,
    fleets: summaries,
    standings: rendered.map((view) => (query.includeDrops ? view.standings : view.standingsWithoutDrops)),
    asOf: summaries.map((s) => s.asOf ?? null).reduce<string | null>((max, at) => (at && (!max || at > max) ? at : max), null),
  };
}
