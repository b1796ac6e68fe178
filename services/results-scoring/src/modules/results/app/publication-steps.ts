/**
 * What publishing provisional results and making them official share (inside the caller's
 * transaction, fleet lock held): the fleet's races checked against the ones named, the revision of the
 * step, the re-rendered views and the facts.
 */
import type { PoolClient } from '@regatta/db';
import { notFound, problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection } from '../../shared/domain/records.js';
import { lockFleet, lockSeriesOfEvent } from '../../shared/store/locks.js';
import { findFleet } from '../../shared/store/projections/fleets.js';
import { markOfficial, type PostableRace } from '../store/publication.js';
import { resultsPublishedFact } from './facts.js';
import { renderFleetViews } from './render-views.js';
import { recordStepRevision, type RevisionActor } from './unit-of-work/revision-builder.js';
import { resultsOfficialFact } from './revision-facts.js';

/** The fleet of the event (404 Fleet otherwise). */
export async function fleetOfEvent(client: PoolClient, event: EventProjection, fleetId: string): Promise<FleetProjection> {
  const fleet = await findFleet(client, fleetId);
  if (!fleet || fleet.eventId !== event.id) throw notFound('Fleet');
  // The order every path takes (store/locks.ts): the event's series, then the fleet. Posting and making
  // official do not touch series standings today; holding the series locks first keeps a later step
  // that does (or a caller that goes on to re-score) from inverting the order.
  await lockSeriesOfEvent(client, event.id);
  await lockFleet(client, fleet.id);
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
  event: EventProjection;
  fleetId: string;
  raceIds: string[];
  at: Date;
  reason: 'time_limit' | 'committee';
  note: string;
  actor: RevisionActor;
  requestId: string | undefined;
}

/** Makes the races official; records the revision, renders the views and queues results.official and results.published. */
export async function recordOfficial(context: ServiceContext, client: PoolClient, step: OfficialStep): Promise<string[]> {
  const changed = await markOfficial(client, step.raceIds, step.at, step.reason);
  if (changed.length === 0) return changed;
  await recordStepRevision(client, { eventId: step.event.id, fleetId: step.fleetId }, 'official', changed, step.note, step.actor, step.at);
  await renderFleetViews(client, step.fleetId);
  const meta = { event: step.event, requestId: step.requestId };
  await context.publish(client, resultsOfficialFact(meta, step.fleetId, step.at, changed, step.reason, step.actor.userId));
  // Integrators of results.published ("these races are official") hear of it the same way as before.
  await context.publish(client, resultsPublishedFact(meta, step.at, changed, [step.fleetId]));
  return changed;
}
