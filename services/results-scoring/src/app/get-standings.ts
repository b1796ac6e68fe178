/** GET standings: each fleet's stored view (summary and standings), all fleets or one (id or name). */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { FleetSummary } from '../domain/public-views.js';
import type { EventProjection } from '../domain/records.js';
import { eventFleetViews } from '../store/read-views.js';
import { visibleEvent } from './find-event.js';
import { renderMissingViews } from './render-views.js';

export interface EventStandings {
  event: EventProjection;
  fleets: FleetSummary[];
  /** JSON text of each fleet's standings array (with or without dropped races, as asked). */
  standings: string[];
}

export async function getStandings(context: ServiceContext, identity: Identity, slug: string, query: { fleet?: string | undefined; includeDrops: boolean }): Promise<EventStandings> {
  const { pool } = context;
  const event = await visibleEvent(context, identity, slug);
  let fleets = await eventFleetViews(pool, event.id);
  const missing = fleets.filter((f) => f.view === null);
  if (missing.length > 0) {
    await renderMissingViews(context, missing.map((f) => f.fleetId));
    fleets = await eventFleetViews(pool, event.id);
  }
  let selected = fleets;
  if (query.fleet) {
    const wanted = query.fleet.toLowerCase();
    const fleet = fleets.find((f) => f.fleetId === query.fleet) ?? fleets.find((f) => f.name.toLowerCase() === wanted);
    if (!fleet) throw notFound('Fleet');
    selected = [fleet];
  }
  const rendered = selected.flatMap((f) => (f.view ? [f.view] : []));
  return {
    event,
    fleets: rendered.map((view) => view.summary),
    standings: rendered.map((view) => (query.includeDrops ? view.standings : view.standingsWithoutDrops)),
  };
}
