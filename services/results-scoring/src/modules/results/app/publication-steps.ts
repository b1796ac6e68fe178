/**
 * What publishing provisional results and making them official share, inside a unit of work
 * (unit-of-work/fleet-change.ts: the series and fleet locks once, the step's revision, the views and the
 * facts in the declared order): the fleet as read under its lock, the races named, the official step.
 */
import { notFound, problem } from '@regatta/http';
import type { EventProjection, FleetProjection } from '../../shared/domain/records.js';
import { markOfficial, type PostableRace } from '../store/publication.js';
import { resultsPublishedFact } from './facts.js';
import { resultsOfficialFact } from './revision-facts.js';
import type { FleetChange } from './unit-of-work/fleet-change.js';
import type { RevisionActor } from './unit-of-work/revision-builder.js';

/** The fleet as the unit of work read it under its lock, if it is of the event (404 Fleet otherwise). */
export function fleetOfEvent(change: FleetChange, event: EventProjection, fleetId: string): FleetProjection {
  const fleet = change.fleet(fleetId);
  if (!fleet || fleet.eventId !== event.id) throw notFound('Fleet');
  return fleet;
}

/** The races named (all that have results when none is named); 409 results_not_submitted for a race without results. */
export function namedRaces(all: PostableRace[], raceIds: string[] | undefined): PostableRace[] {
  if (!raceIds) return all;
  const byId = new Map(all.map((r) => [r.raceId, r] as const));
  const missing = raceIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw problem('results_not_submitted', `These races of the fleet have no results: ${missing.join(', ')}.`);
  return [...new Set(raceIds)].map((id) => byId.get(id)!);
}

export interface OfficialStep {
  fleetId: string;
  raceIds: string[];
  reason: 'time_limit' | 'committee';
  note: string;
  actor: RevisionActor;
}

/** Makes the races official at the change's time; records the step (revision, views) and results.official and results.published. */
export async function recordOfficial(change: FleetChange, step: OfficialStep): Promise<string[]> {
  const changed = await markOfficial(change.client, step.raceIds, change.at, step.reason);
  if (changed.length === 0) return changed;
  change.recordStep(step.fleetId, { kind: 'official', raceIds: changed, reason: step.note, actor: step.actor });
  const meta = { event: change.event, requestId: change.requestId };
  change.publish(resultsOfficialFact(meta, step.fleetId, change.at, changed, step.reason, step.actor.userId));
  // Integrators of results.published ("these races are official") hear of it the same way as before.
  change.publish(resultsPublishedFact(meta, change.at, changed, [step.fleetId]));
  return changed;
}
