/**
 * GET results: each race's stored view (rendered when results change), filtered by fleet (id or name),
 * race (id or number) and boat (id or sail number, blanks ignored), in race-number then fleet order.
 * With `asOf`, the views as they were shown at that moment (their history, migration 003). The answer
 * carries the time of the latest revision it includes and the status of each fleet it shows.
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { FleetSummary } from '../domain/public-views.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { listFleets } from '../../shared/store/projections/fleets.js';
import { eventFleetSummaries, eventRaceViews } from '../store/read-views.js';
import { fleetViewsAsOf, raceViewsAsOf } from '../store/view-history.js';
import { visibleEvent } from '../../shared/app/find-event.js';
import { renderMissingViews } from './render-views.js';

export interface ResultsFilter {
  fleet?: string | undefined;
  race?: string | undefined;
  boat?: string | undefined;
  asOf?: string | undefined;
}

export interface EventResults {
  event: EventProjection;
  /** JSON text of each race item ({"race": …, "results": […]}), as stored or narrowed to the boat. */
  races: string[];
  /** Time of the latest revision included (ISO), null when none. */
  asOf: string | null;
  /** The fleets of the races shown, with their status. */
  fleets: Pick<FleetSummary, 'id' | 'name' | 'status' | 'asOf' | 'protestDeadline'>[];
}

type RaceRow = Awaited<ReturnType<typeof eventRaceViews>>[number];

async function raceRows(context: ServiceContext, eventId: string, asOf: Date | undefined): Promise<RaceRow[]> {
  if (asOf) return raceViewsAsOf(context.pool, eventId, asOf);
  let races = await eventRaceViews(context.pool, eventId);
  const missing = races.filter((r) => r.body === null);
  if (missing.length > 0) {
    await renderMissingViews(context, missing.map((r) => r.fleetId));
    races = await eventRaceViews(context.pool, eventId);
  }
  return races;
}

async function fleetSummaries(context: ServiceContext, eventId: string, asOf: Date | undefined): Promise<Map<string, FleetSummary>> {
  if (asOf) return new Map([...(await fleetViewsAsOf(context.pool, eventId, asOf))].map(([id, view]) => [id, view.summary] as const));
  return eventFleetSummaries(context.pool, eventId);
}

// The race object comes first in a stored item, so the first asOf is the race's (results have none).
const raceAsOf = (body: string): string | null => /"asOf":"([^"]*)"/.exec(body)?.[1] ?? null;

export async function listResults(context: ServiceContext, identity: Identity, slug: string, filter: ResultsFilter): Promise<EventResults> {
  const { pool } = context;
  const event = await visibleEvent(context, identity, slug);
  const asOf = filter.asOf ? new Date(filter.asOf) : undefined;
  let selected = await raceRows(context, event.id, asOf);
  if (filter.fleet) {
    const fleets = await listFleets(pool, event.id);
    const wanted = filter.fleet.toLowerCase();
    const fleet = fleets.find((f) => f.id === filter.fleet) ?? fleets.find((f) => f.name.toLowerCase() === wanted);
    if (!fleet) throw notFound('Fleet');
    selected = selected.filter((r) => r.fleetId === fleet.id);
  }
  if (filter.race) {
    const byId = selected.filter((r) => r.raceId === filter.race);
    const number = /^\d+$/.test(filter.race) ? Number(filter.race) : undefined;
    selected = byId.length > 0 ? byId : selected.filter((r) => r.raceNumber === number);
    if (selected.length === 0) throw notFound('Race');
  }
  selected = [...selected].sort((a, b) => a.raceNumber - b.raceNumber || a.fleetName.localeCompare(b.fleetName) || a.raceId.localeCompare(b.raceId));

  const summaries = await fleetSummaries(context, event.id, asOf);
  const fleetIds = [...new Set(selected.map((r) => r.fleetId))];
  const fleets = fleetIds.flatMap((id) => {
    const s = summaries.get(id);
    return s ? [{ id: s.id, name: s.name, status: s.status ?? null, asOf: s.asOf ?? null, protestDeadline: s.protestDeadline ?? null }] : [];
  });
  const latest = (bodies: string[]) => bodies.map(raceAsOf).reduce<string | null>((max, at) => (at && (!max || at > max) ? at : max), null);

  // The stored bodies are sent as they are; only a boat filter needs them parsed.
  const boatFilter = filter.boat?.toLowerCase().replace(/\s+/g, '');
  if (!boatFilter) {
    const races = selected.map((r) => r.body ?? 'null');
    return { event, races, asOf: latest(races), fleets };
  }
  const matches = (boat: { id: string; sail: string | null }) =>
    boat.id.toLowerCase() === boatFilter || (!!boat.sail && boat.sail.toLowerCase().replace(/\s+/g, '') === boatFilter);
  const races = selected.flatMap((r) => {
    const item = JSON.parse(r.body ?? 'null') as { race: unknown; results: { boat: { id: string; sail: string | null } }[] } | null;
    if (!item) return [];
    const results = item.results.filter((result) => matches(result.boat));
    return results.length > 0 ? [JSON.stringify({ race: item.race, results })] : [];
  });
  return { event, races, asOf: latest(races), fleets };
}
