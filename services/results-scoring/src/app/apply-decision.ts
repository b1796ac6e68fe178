/**
 * Applies a decision's consequences to the scores, INSIDE the caller's transaction (the one that
 * records the decision): per race, the current entries → the consequences (domain/protests) → R's
 * reviseRace with kind 'decision' and the decision's id, which stores them, writes the revision,
 * re-scores the fleet and queues results.updated / results.revised. Either all of it commits with
 * the decision, or none of it.
 */
import type { PoolClient } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { applyConsequences, ConsequenceError, type Consequence } from '../domain/protests/consequence.js';
import type { RevisionRef } from '../domain/protests/records.js';
import { needsRatings, ratingFor } from '../domain/fleet-setup.js';
import { consequenceRefusals } from '../domain/protests/applicability.js';
import { redressMethodOf } from '../domain/race-entries.js';
import type { RaceWithProgress, SubmittedEntry } from '../domain/records.js';
import { lockFleet } from '../store/locks.js';
import { findFleet, findRace, listFleetRaces } from '../store/projections/fleets.js';
import { fleetBoats, registeredBoatIds } from '../store/projections/registrations.js';
import { getRaceEntries } from '../store/results.js';
import { getSplitDefinition } from '../store/split-series.js';
import { reviseRace, type RevisionActor } from './revise-race.js';
import { lockSeriesOfEvent } from './series-standings.js';

export interface DecisionToApply {
  eventId: string;
  decisionId: string;
  protestNumber: number;
  consequences: Consequence[];
  actor: RevisionActor;
  requestId: string | undefined;
}

/** The entry a consequence gets for a boat the race has none for (she scored DNC implicitly). */
export const blankEntry = (boatId: string, seq: number): SubmittedEntry => ({
  boatId,
  seq,
  status: 'dnc',
  code: 'DNC',
  finishTime: null,
  penaltyPercent: null,
  penaltyPoints: null,
  redressMethod: null,
  redressPoints: null,
  notes: null,
});

export async function applyDecision(context: ServiceContext, client: PoolClient, decision: DecisionToApply): Promise<RevisionRef[]> {
  const raceIds = [...new Set(decision.consequences.map((c) => c.raceId))];
  const races = [];
  for (const raceId of raceIds) {
    const race = await findRace(client, raceId);
    if (race) races.push(race);
  }
  // Locks in the order every path takes: the event's series, then fleets in id order (store/locks.ts),
  // before reading the entries, so nobody changes them between this read and the revision.
  races.sort((a, b) => a.fleetId.localeCompare(b.fleetId) || a.number - b.number);
  await lockSeriesOfEvent(client, decision.eventId);
  for (const fleetId of [...new Set(races.map((race) => race.fleetId))]) await lockFleet(client, fleetId);

  await refuseInapplicable(client, decision.eventId, races, decision.consequences);
  const revisions: RevisionRef[] = [];
  for (const race of races) {
    const current = await getRaceEntries(client, race.id);
    let entries: SubmittedEntry[];
    try {
      entries = applyConsequences(current, race.id, decision.consequences, blankEntry);
    } catch (error) {
      if (error instanceof ConsequenceError) throw problem('inapplicable_consequence', error.message, { errors: [{ field: error.field, message: error.message }] });
      throw error;
    }
    const revised = await reviseRace(context, client, {
      eventId: decision.eventId,
      raceId: race.id,
      entries,
      actor: decision.actor,
      reason: `Decision of protest ${decision.protestNumber}`,
      kind: 'decision',
      decisionId: decision.decisionId,
      requestId: decision.requestId,
    });
    revisions.push({ raceId: race.id, revisionId: revised.revisionId, seq: revised.seq });
  }
  return revisions;
}

/** The checks a finish sheet gets (boat in the race's fleet, finish after the start, a rating), on the consequences. */
async function refuseInapplicable(client: PoolClient, eventId: string, races: readonly RaceWithProgress[], consequences: readonly Consequence[]): Promise<void> {
  const errors = [];
  const finals = await splitFinalFleets(client, eventId);
  for (const race of races) {
    const fleet = await findFleet(client, race.fleetId);
    if (!fleet) continue;
    const boatIds = [...new Set(consequences.filter((c) => c.raceId === race.id).map((c) => c.boatId))];
    const registered = await registeredBoatIds(client, fleet.id, boatIds);
    const boats = needsRatings(fleet) ? new Map((await fleetBoats(client, fleet.id)).map((b) => [b.boatId, b] as const)) : undefined;
    const rated = boats ? (boatId: string) => ratingFor(fleet, boats.get(boatId)?.ratings ?? {}) !== undefined : undefined;
    // Only redress asks whether races were sailed before this one (A9(b)); the fleet's races are read then.
    const redress = consequences.some((c) => c.raceId === race.id && c.action === 'rdg');
    const racesBefore = !redress || finals.has(fleet.id) || (await listFleetRaces(client, fleet.id)).some((r) => r.number < race.number && r.hasResults && r.status !== 'abandoned');
    errors.push(...consequenceRefusals(consequences, { raceId: race.id, fleetName: fleet.name, actualStart: race.actualStart, registered, rated, racesBefore, defaultRedress: redressMethodOf(fleet, { redressMethod: null }) }));
  }
  if (errors.length > 0) throw problem('inapplicable_consequence', "A consequence cannot be applied to the race's record.", { errors });
}

/** The final and medal fleets of the event's split series: their boats sailed the qualifying series before. */
async function splitFinalFleets(client: PoolClient, eventId: string): Promise<Set<string>> {
  const split = await getSplitDefinition(client, eventId);
  return new Set(split ? [...split.definition.finalFleets, ...(split.definition.medal ? [split.definition.medal.fleetId] : [])] : []);
}
