/**
 * The one way a race's results change (the seam with the protest room): stores the race's complete new
 * entries, writes an immutable revision (per boat before → after, who, when, why, the decision), re-scores
 * the fleet and renders the read views (recomputeFleet), and queues results.updated (as before) and
 * results.revised. Runs INSIDE the caller's transaction: submissions, corrections, reverts and decisions
 * all come through here, so no change to results is ever made without its revision.
 */
import type { PoolClient } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection, RaceWithProgress, SubmittedEntry } from '../domain/records.js';
import { changesBetween, snapshotOf, type RevisionKind } from '../domain/revisions.js';
import { lockFleet, transactionTime } from '../store/locks.js';
import { findEventsByIds } from '../store/projections/events.js';
import { findFleet, findRace } from '../store/projections/fleets.js';
import { markRevised, raceResults, replaceResults } from '../store/results.js';
import { insertRevision, nextRevisionSeq } from '../store/revisions.js';
import { recomputeFleet } from './recompute-fleet.js';
import { resultsRevisedFact } from './revision-facts.js';
import { lockSeriesOfEvent } from './series-standings.js';

/** Who made a change: the user and the API key (or session) of the request; `via` "system" for the service itself. */
export interface RevisionActor {
  userId: string | null;
  keyId: string | null;
  via: string;
}

/** The actor of a request: never the session id (a credential), only that a session was used. */
export function actorOf(identity: Identity): RevisionActor {
  return { userId: identity.userId ?? null, keyId: identity.keyId ?? null, via: identity.via };
}

/** The stored entry shape (store/results.ts replaceResults, domain/records.ts SubmittedEntry). */
export type StoredEntry = SubmittedEntry;

export interface ReviseRaceInput {
  eventId: string;
  raceId: string;
  /** The race's complete new entries, in the stored entry shape the submit use case stores. */
  entries: StoredEntry[];
  actor: RevisionActor;
  reason: string;
  kind: RevisionKind;
  decisionId?: string | null;
  /** The revision a revert restores. */
  revertedTo?: string | null;
  requestId?: string | undefined;
  /** Submissions: runs after the results.updated facts, before standings.updated (race.completed). */
  beforeStandings?: () => Promise<void>;
}

export interface RaceRevised {
  revisionId: string;
  seq: number;
  boatsInStandings: number;
}

export async function reviseRace(context: ServiceContext, client: PoolClient, input: ReviseRaceInput): Promise<RaceRevised> {
  const race = await findRace(client, input.raceId);
  if (!race || race.eventId !== input.eventId) throw notFound('Race');
  const [event] = await findEventsByIds(client, [input.eventId]);
  const fleet = await findFleet(client, race.fleetId);
  if (!event || !fleet) throw notFound('Race');

  // Series locks, then the fleet's: the order every path takes (store/locks.ts).
  await lockSeriesOfEvent(client, event.id);
  await lockFleet(client, fleet.id);
  // After the locks: the change's time orders this fleet's changes as the locks do.
  const at = await transactionTime(client);
  const before = await raceResults(client, race.id);
  const scope = { raceId: race.id, eventId: event.id, fleetId: fleet.id };
  // The race's progress row says when results last changed, and that they are provisional again.
  await markRevised(client, { ...scope, status: race.status === 'scheduled' ? 'finished' : race.status }, at);
  await replaceResults(client, scope, input.entries);
  return rescoreAndRecord(context, client, { event, fleet, race, before, input, at });
}

async function rescoreAndRecord(
  context: ServiceContext,
  client: PoolClient,
  { event, fleet, race, before, input, at }: { event: EventProjection; fleet: FleetProjection; race: RaceWithProgress; before: Awaited<ReturnType<typeof raceResults>>; input: ReviseRaceInput; at: Date },
): Promise<RaceRevised> {
  const publish = context.publish.bind(context);
  const outcome = await recomputeFleet(client, event, fleet, {
    publish,
    requestId: input.requestId,
    alwaysPublishRaces: [race.id],
    ...(input.beforeStandings ? { beforeStandings: input.beforeStandings } : {}),
  });
  const after = await raceResults(client, race.id);
  const seq = await nextRevisionSeq(client, race.id);
  const revision = await insertRevision(
    client,
    {
      eventId: event.id,
      fleetId: fleet.id,
      raceId: race.id,
      raceIds: [race.id],
      seq,
      kind: input.kind,
      reason: input.reason,
      decisionId: input.decisionId ?? null,
      revertedTo: input.revertedTo ?? null,
      userId: input.actor.userId,
      keyId: input.actor.keyId,
      via: input.actor.via,
      changes: changesBetween(before, after),
      entries: snapshotOf(input.entries),
    },
    at,
  );
  await publish(client, resultsRevisedFact({ event, requestId: input.requestId }, revision));
  return { revisionId: revision.id, seq, boatsInStandings: outcome.score.standings.length };
}
