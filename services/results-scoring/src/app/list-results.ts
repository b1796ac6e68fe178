/**
 * GET results: each race's stored view (rendered when results change), filtered by fleet (id or name),
 * race (id or number) and boat (id or sail number, blanks ignored), in race-number then fleet order.
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection } from '../domain/records.js';
import { listFleets } from '../store/projections/fleets.js';
import { eventRaceViews } from '../store/read-views.js';
import { visibleEvent } from './find-event.js';
import { renderMissingViews } from './render-views.js';

export interface ResultsFilter {
  fleet?: string | undefined;
  race?: string | undefined;
  boat?: string | undefined;
}

export interface EventResults {
  event: EventProjection;
  /** JSON text of each race item ({"race": …, "results": […]}), as stored or narrowed to the boat. */
  races: string[];
}

export async function listResults(context: ServiceContext, identity: Identity, slug: string, filter: ResultsFilter): Promise<EventResults> {
  const { pool } = context;
  const event = await visibleEvent(context, identity, slug);
  let races = await eventRaceViews(pool, event.id);
  const missing = races.filter((r) => r.body === null);
  if (missing.length > 0) {
    await renderMissingViews(context, missing.map((r) => r.fleetId));
    races = await eventRaceViews(pool, event.id);
  }

  let selected = races;
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

  // The stored bodies are sent as they are; only a boat filter needs them parsed.
  const boatFilter = filter.boat?.toLowerCase().replace(/\s+/g, '');
  if (!boatFilter) return { event, races: selected.map((r) => r.body ?? 'null') };
  const matches = (boat: { id: string; sail: string | null }) =>
    boat.id.toLowerCase() === boatFilter || (!!boat.sail && boat.sail.toLowerCase().replace(/\s+/g, '') === boatFilter);
  return {
    event,
    races: selected.flatMap((r) => {
      const item = JSON.parse(r.body ?? 'null') as { race: unknown; results: { boat: { id: string; sail: string | null } }[] } | null;
      if (!item) return [];
      const results = item.results.filter((result) => matches(result.boat));
      return results.length > 0 ? [JSON.stringify({ race: item.race, results })] : [];
    }),
  };
}
