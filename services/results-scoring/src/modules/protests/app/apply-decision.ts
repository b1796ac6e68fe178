/**
 * Applies a decision's consequences to the scores, INSIDE the caller's transaction (the one that
 * records the decision), as one unit of work over the races' fleets (unit-of-work/fleet-change.ts):
 * per race, the current entries → the consequences (domain/protests) → a change of the race's results
 * with kind 'decision' and the decision's id; the unit re-scores each fleet once, writes the revisions
 * and queues results.updated / standings.updated / results.revised. Either all of it commits with the
 * decision, or none of it.
 */
import type { PoolClient } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { applyConsequences, blankEntry, ConsequenceError, type Consequence } from '../domain/consequence.js';
import type { RevisionRef } from '../domain/records.js';
import { needsRatings, ratingFor } from '../../shared/domain/fleet-setup.js';
import { consequenceRefusals } from '../domain/applicability.js';
import { redressMethodOf } from '../../shared/domain/race-entries.js';
import type { EventProjection, RaceWithProgress, SubmittedEntry } from '../../shared/domain/records.js';
import { findRace } from '../../shared/store/projections/fleets.js';
import { fleetBoats, registeredBoatIds } from '../../shared/store/projections/registrations.js';
import { getRaceEntries } from '../../results/store/results.js';
import { getSplitDefinition } from '../../series/store/split-series.js';
import { changeFleets, type FleetChange } from '../../results/app/unit-of-work/fleet-change.js';
import type { RevisionActor } from '../../results/app/unit-of-work/revision-builder.js';

export interface DecisionToApply {
  event: EventProjection;
  decisionId: string;
  protestNumber: number;
  consequences: Consequence[];
  actor: RevisionActor;
  requestId: string | undefined;
}

export async function applyDecision(context: ServiceContext, client: PoolClient, decision: DecisionToApply): Promise<RevisionRef[]> {
  const { event } = decision;
  const raceIds = [...new Set(decision.consequences.map((c) => c.raceId))];
  const fleetIds = [];
  for (const raceId of raceIds) {
    const race = await findRace(client, raceId);
    if (race) fleetIds.push(race.fleetId);
  }
  // One unit of work over the races' fleets: the event's series, then the fleets in id order, locked
  // before the entries are read, so nobody changes them between this read and the revision.
  const done = await changeFleets(context, client, { event, fleetIds, requestId: decision.requestId }, async (change) => {
    const races = raceIds.flatMap((raceId) => change.race(raceId) ?? []).sort((a, b) => a.fleetId.localeCompare(b.fleetId) || a.number - b.number);
    await refuseInapplicable(client, change, races, decision.consequences);
    for (const race of races) {
      let entries: SubmittedEntry[];
      try {
        entries = applyConsequences(await getRaceEntries(client, race.id), race.id, decision.consequences, blankEntry);
      } catch (error) {
        if (error instanceof ConsequenceError) throw problem('inapplicable_consequence', error.message, { errors: [{ field: error.field, message: error.message }] });
        throw error;
      }
      await change.changeResults(race, entries, { kind: 'decision', reason: `Decision of protest ${decision.protestNumber}`, actor: decision.actor, decisionId: decision.decisionId });
    }
    return races;
  });
  return done.value.map((race) => {
    const revision = done.revisions.get(race.id)!;
    return { raceId: race.id, revisionId: revision.id, seq: revision.seq ?? 0 };
  });
}

/** The checks a finish sheet gets (boat in the race's fleet, finish after the start, a rating), on the consequences. */
async function refuseInapplicable(client: PoolClient, change: FleetChange, races: readonly RaceWithProgress[], consequences: readonly Consequence[]): Promise<void> {
  const errors = [];
  const finals = await splitFinalFleets(client, change.event.id);
  for (const race of races) {
    const fleet = change.fleet(race.fleetId);
    if (!fleet) continue;
    const boatIds = [...new Set(consequences.filter((c) => c.raceId === race.id).map((c) => c.boatId))];
    const registered = await registeredBoatIds(client, fleet.id, boatIds);
    const boats = needsRatings(fleet) ? new Map((await fleetBoats(client, fleet.id)).map((b) => [b.boatId, b] as const)) : undefined;
    const rated = boats ? (boatId: string) => ratingFor(fleet, boats.get(boatId)?.ratings ?? {}) !== undefined : undefined;
    // Only redress asks whether races were sailed before this one (A9(b)); the fleet's races are read then.
    const redress = consequences.some((c) => c.raceId === race.id && c.action === 'rdg');
    const racesBefore = !redress || finals.has(fleet.id) || change.races(fleet.id).some((r) => r.number < race.number && r.hasResults && r.status !== 'abandoned');
    errors.push(...consequenceRefusals(consequences, { raceId: race.id, fleetName: fleet.name, actualStart: race.actualStart, registered, rated, racesBefore, defaultRedress: redressMethodOf(fleet, { redressMethod: null }) }));
  }
  if (errors.length > 0) throw problem('inapplicable_consequence', "A consequence cannot be applied to the race's record.", { errors });
}

/** The final and medal fleets of the event's split series: their boats sailed the qualifying series before. */
async function splitFinalFleets(client: PoolClient, eventId: string): Promise<Set<string>> {
  const split = await getSplitDefinition(client, eventId);
  return new Set(split ? [...split.definition.finalFleets, ...(split.definition.medal ? [split.definition.medal.fleetId] : [])] : []);
}
