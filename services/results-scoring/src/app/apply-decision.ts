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
import type { SubmittedEntry } from '../domain/records.js';
import { lockFleet } from '../store/locks.js';
import { findRace } from '../store/projections/fleets.js';
import { getRaceEntries } from '../store/results.js';
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
