/**
 * PUT / GET /events/{slug}/overall: the committee defines the overall (combined) result across fleets;
 * anyone who may see the event reads it, computed from the fleets' stored results (domain/overall.ts).
 */
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { overallHandicap, scoreOverall, OverallSetupError, type OverallDefinition, type OverallResult } from '../domain/overall.js';
import type { EventProjection, FleetProjection } from '../../shared/domain/records.js';
import { overallDefinition, saveOverallDefinition } from '../store/overall.js';
import { listFleetRaces, listFleets } from '../../shared/store/projections/fleets.js';
import { fleetBoats } from '../../shared/store/projections/registrations.js';
import { fleetEntries } from '../../results/store/results.js';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug, visibleEvent } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';

export interface OverallInput {
  name?: string | undefined;
  fleets: string[];
  method: OverallDefinition['method'];
  handicap?: { system: string; params?: Record<string, number> | undefined } | null | undefined;
  pointsFormula: OverallDefinition['pointsFormula'];
  dropRaces: number;
}

export interface Overall {
  event: EventProjection;
  definition: OverallDefinition;
  fleets: FleetProjection[];
  result: OverallResult;
}

/** The listed fleets of the event (by id or name), in the order listed; 400 unknown_fleet otherwise. */
function listedFleets(all: FleetProjection[], refs: string[]): FleetProjection[] {
  return refs.map((ref, i) => {
    const fleet = all.find((f) => f.id === ref) ?? all.find((f) => f.name.toLowerCase() === ref.toLowerCase());
    if (!fleet) throw problem('unknown_fleet', `The event has no fleet ${ref}.`, { errors: [{ field: `fleets.${i}`, message: 'not a fleet of this event' }] });
    return fleet;
  });
}

async function compute(context: ServiceContext, event: EventProjection, definition: OverallDefinition, fleets: FleetProjection[]): Promise<Overall> {
  const { pool } = context;
  const inputs = await Promise.all(
    fleets.map(async (fleet) => {
      const [races, entries, boats] = await Promise.all([listFleetRaces(pool, fleet.id), fleetEntries(pool, fleet.id), fleetBoats(pool, fleet.id)]);
      return { fleet, races, entries, boats };
    }),
  );
  try {
    return { event, definition, fleets, result: scoreOverall(definition, inputs) };
  } catch (error) {
    if (error instanceof OverallSetupError) throw problem(error.code, error.message);
    throw error;
  }
}

export async function defineOverall(context: ServiceContext, identity: Identity, slug: string, input: OverallInput): Promise<Overall> {
  const event = await eventBySlug(context, slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  const fleets = listedFleets(await listFleets(context.pool, event.id), [...new Set(input.fleets)]);
  const definition: OverallDefinition = {
    name: input.name ?? 'Overall',
    fleetIds: fleets.map((f) => f.id),
    method: input.method,
    handicap: input.handicap ? { system: input.handicap.system, params: input.handicap.params ?? {} } : null,
    pointsFormula: input.pointsFormula,
    dropRaces: input.dropRaces,
  };
  if (definition.method === 'corrected_time') {
    try {
      overallHandicap(definition, fleets);
    } catch (error) {
      if (error instanceof OverallSetupError) throw problem(error.code, error.message);
      throw error;
    }
  }
  const overall = await compute(context, event, definition, fleets);
  // Race N of the overall weighs and discards as the fleets' race N do: they must agree.
  if (overall.result.settingConflicts.length > 0) {
    throw problem('overall_not_comparable', `The fleets' races cannot be merged into one overall race: ${overall.result.settingConflicts.join('; ')}.`);
  }
  await saveOverallDefinition(context.pool, event.id, definition);
  return overall;
}

export async function getOverall(context: ServiceContext, identity: Identity, slug: string): Promise<Overall> {
  const event = await visibleEvent(context, identity, slug);
  const definition = await overallDefinition(context.pool, event.id);
  if (!definition) throw notFound('Overall result (none defined for this event)');
  const all = await listFleets(context.pool, event.id);
  // A fleet deleted since the definition is left out.
  const fleets = definition.fleetIds.map((id) => all.find((f) => f.id === id)).filter((f): f is FleetProjection => f !== undefined);
  return compute(context, event, definition, fleets);
}
