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
import { eventFleetSummaries, eventRaceViews, eventResultsVersions, raceViewBodies, slugResultsVersions, type RaceViewVersion } from '../store/read-views.js';
import { canSeeEvent } from '../../shared/app/access.js';
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

type RaceKey = Pick<RaceRow, 'raceId' | 'fleetId' | 'raceNumber' | 'fleetName'>;

/** The races the filter names (fleet by id or name, race by id or number), in race-number then fleet order. */
async function selectRaces<T extends RaceKey>(context: ServiceContext, eventId: string, rows: T[], filter: ResultsFilter): Promise<T[]> {
  let selected = rows;
  if (filter.fleet) {
    const fleets = await listFleets(context.pool, eventId);
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
  return [...selected].sort((a, b) => a.raceNumber - b.raceNumber || a.fleetName.localeCompare(b.fleetName) || a.raceId.localeCompare(b.raceId));
}

/** The status of each fleet of the races shown (those with a stored summary). */
function fleetsOf(summaries: Map<string, FleetSummary>, selected: readonly RaceKey[]): EventResults['fleets'] {
  const fleetIds = [...new Set(selected.map((r) => r.fleetId))];
  return fleetIds.flatMap((id) => {
    const s = summaries.get(id);
    return s ? [{ id: s.id, name: s.name, status: s.status ?? null, asOf: s.asOf ?? null, protestDeadline: s.protestDeadline ?? null }] : [];
  });
}

const latestAsOf = (bodies: string[]) => bodies.map(raceAsOf).reduce<string | null>((max, at) => (at && (!max || at > max) ? at : max), null);

export async function listResults(context: ServiceContext, identity: Identity, slug: string, filter: ResultsFilter): Promise<EventResults> {
  const event = await visibleEvent(context, identity, slug);
  const asOf = filter.asOf ? new Date(filter.asOf) : undefined;
  const selected = await selectRaces(context, event.id, await raceRows(context, event.id, asOf), filter);
  const fleets = fleetsOf(await fleetSummaries(context, event.id, asOf), selected);

  // The stored bodies are sent as they are; only a boat filter needs them parsed.
  const boatFilter = filter.boat?.toLowerCase().replace(/\s+/g, '');
  if (!boatFilter) {
    const races = selected.map((r) => r.body ?? 'null');
    return { event, races, asOf: latestAsOf(races), fleets };
  }
  const matches = (boat: { id: string; sail: string | null }) =>
    boat.id.toLowerCase() === boatFilter || (!!boat.sail && boat.sail.toLowerCase().replace(/\s+/g, '') === boatFilter);
  const races = selected.flatMap((r) => {
    const item = JSON.parse(r.body ?? 'null') as { race: unknown; results: { boat: { id: string; sail: string | null } }[] } | null;
    if (!item) return [];
    const results = item.results.filter((result) => matches(result.boat));
    return results.length > 0 ? [JSON.stringify({ race: item.race, results })] : [];
  });
  return { event, races, asOf: latestAsOf(races), fleets };
}

/** The current (not asOf) results of the event, every boat, by their stored views' versions: no view's text read. */
export interface ResultsVersion {
  event: EventProjection;
  /** The races shown, in order, each with its stored view's version. */
  races: RaceViewVersion[];
  fleets: EventResults['fleets'];
}

export async function resultsVersion(context: ServiceContext, identity: Identity, slug: string, filter: Pick<ResultsFilter, 'fleet' | 'race'>): Promise<ResultsVersion> {
  // The event and the versions in one round trip; a slug the projection does not know waits as every read does.
  let versions = await slugResultsVersions(context.pool, slug);
  if (!versions) {
    const event = await visibleEvent(context, identity, slug);
    versions = { event, ...(await eventResultsVersions(context.pool, event.id)) };
  }
  const { event } = versions;
  if (!canSeeEvent(identity, event)) throw notFound('Event');
  const missing = versions.races.filter((r) => r.etag === null);
  if (missing.length > 0) {
    await renderMissingViews(context, missing.map((r) => r.fleetId));
    versions = { event, ...(await eventResultsVersions(context.pool, event.id)) };
  }
  const races = await selectRaces(context, event.id, versions.races, filter);
  return { event, races, fleets: fleetsOf(versions.summaries, races) };
}

/**
 * The answer of a results version with its views' text, and the versions of the text read (a view
 * stored again since the version was read is sent as it is now, under its new version).
 */
export async function resultsOfVersion(context: ServiceContext, version: ResultsVersion): Promise<{ results: EventResults; etags: string[] }> {
  const bodies = await raceViewBodies(context.pool, version.races.map((r) => r.raceId));
  const stored = version.races.map((r) => bodies.get(r.raceId) ?? { body: 'null', etag: 'null' });
  const races = stored.map((view) => view.body);
  return { results: { event: version.event, races, asOf: latestAsOf(races), fleets: version.fleets }, etags: stored.map((view) => view.etag) };
}
