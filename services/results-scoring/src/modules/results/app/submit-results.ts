/**
 * Submit (or replace) a race's results: finds the event, race and fleet (waiting for lagging
 * projections under one budget), checks the entries, then in one transaction and one unit of work
 * (unit-of-work/fleet-change.ts: locks, re-score, revision, facts) records the progress and the
 * results, and adds race.started and race.completed to the facts the unit queues.
 * The protest committee's penalties and redress on the race stay in force on top of the new record
 * (asked through the resources' decisionsInForce port, which the protests module answers); the
 * revision's reason says which cases it kept.
 */
import { withTransaction, type PoolClient } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isUnscorable } from '../../shared/domain/fleet-setup.js';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow, SubmittedEntry } from '../../shared/domain/records.js';
import { entriesOf, type ResultsSubmission } from '../domain/submission.js';
import { raceResults, saveProgress } from '../store/results.js';
import type { ResultsResources } from './resources.js';
import { checkSubmission } from './check-submission.js';
import { raceCompletedFact, raceStartedFact } from './facts.js';
import { PROJECTION_WAIT, waitBudget } from '../../shared/app/projection-wait.js';
import { raceToScore } from './race-to-score.js';
import { changeFleets } from './unit-of-work/fleet-change.js';
import { actorOf } from './unit-of-work/revision-builder.js';

export interface SubmittedResults {
  race: RaceWithProgress;
  fleet: FleetProjection;
  /** The race's results as stored, with their computed numbers. */
  rows: ResultRow[];
  boatsInStandings: number;
  revision: { id: string; seq: number };
}

export async function submitResults(
  context: ServiceContext,
  resources: ResultsResources,
  identity: Identity,
  request: { slug: string; raceId: string; requestId: string | undefined },
  submission: ResultsSubmission,
): Promise<SubmittedResults> {
  const { pool } = context;
  const budget = waitBudget(PROJECTION_WAIT.WRITE_MS);
  const { event, race, fleet } = await raceToScore(context, identity, request, budget);

  const actualStart = submission.actualStart ? new Date(submission.actualStart) : race.actualStart;
  await checkSubmission(context, submission, race, fleet, actualStart, budget);

  const recorded = { event, race, fleet, actualStart, status: submission.status ?? 'finished', entries: entriesOf(submission), requestId: request.requestId, identity, reason: submission.reason };
  return withTransaction(pool, async (client) => {
    try {
      return await record(context, resources, client, recorded);
    } catch (error) {
      // Inputs the checks let through but the engine cannot score: a 400, not a 500.
      if (isUnscorable(error)) throw problem('unscorable_results', `These results cannot be scored: ${error.message}`);
      throw error;
    }
  });
}

interface Recorded {
  event: EventProjection;
  race: RaceWithProgress;
  fleet: FleetProjection;
  actualStart: Date | null;
  status: RaceWithProgress['status'];
  entries: SubmittedEntry[];
  requestId: string | undefined;
  identity: Identity;
  reason: string | undefined;
}

/** Check, change, return: the race as read under the locks, its progress and entries, the facts of its start and end. */
async function record(context: ServiceContext, resources: ResultsResources, client: PoolClient, { event, race, fleet, actualStart, status, entries, requestId, identity, reason }: Recorded): Promise<SubmittedResults> {
  const now = new Date();
  const done = await changeFleets(context, client, { event, fleetIds: [fleet.id], requestId }, async (change) => {
    // The race as the unit read it with its fleet, under the locks a race.deleted or race.updated
    // projection and another submission also take. The read before the locks (raceToScore: the 404, the
    // wait for a lagging projection, which fleet to lock, the checks) cannot stand in for it: a race
    // deleted or moved to another fleet meanwhile is gone (404), not given results no standings would
    // show; a submission committed meanwhile makes this one a correction and has started the race.
    const locked = change.race(race.id);
    if (!locked) throw notFound('Race');
    const previousStart = locked.actualStart;
    const previousStatus = locked.status;
    await saveProgress(client, { raceId: race.id, eventId: event.id, fleetId: fleet.id, actualStart, status, resultsSubmittedAt: now, published: false, publishedAt: null });
    const current: RaceWithProgress = { ...locked, status, actualStart, hasResults: true, published: false, publishedAt: null };
    const meta = { event, requestId };
    if (actualStart && !previousStart) change.publish(raceStartedFact(meta, current));
    const kept = await resources.decisionsInForce(client, { eventId: event.id, raceId: race.id }, entries);
    const { keptCases } = kept;
    const note = keptCases.length > 0 ? `Decision${keptCases.length === 1 ? '' : 's'} of protest ${keptCases.join(', ')} kept in force (rule 66).` : '';
    await change.changeResults({ ...locked, status }, kept.entries, {
      kind: locked.hasResults ? 'correction' : 'submission',
      reason: [reason ?? '', note].filter((text) => text !== '').join(' '),
      actor: actorOf(identity),
    });
    if ((status === 'finished' || status === 'abandoned') && previousStatus !== status) {
      const lastFinish = entries.reduce<Date | null>((latest, e) => (e.finishTime && (!latest || e.finishTime > latest) ? e.finishTime : latest), null);
      change.publish(raceCompletedFact(meta, current, status === 'finished' ? (lastFinish ?? now) : now));
    }
  });
  const revision = done.revisions.get(race.id)!;
  return { race, fleet, rows: await raceResults(client, race.id), boatsInStandings: done.rescored.get(fleet.id)?.score.standings.length ?? 0, revision: { id: revision.id, seq: revision.seq ?? 0 } };
}
