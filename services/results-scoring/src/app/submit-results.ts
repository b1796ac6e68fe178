/**
 * Submit (or replace) a race's results: finds the event, race and fleet (waiting for lagging
 * projections under one budget), checks the entries, then in one transaction records the progress and
 * the results, re-scores the fleet (recomputeFleet: numbers, standings, read views) and queues
 * race.started, results.updated, race.completed, standings.updated and series.standings.updated.
 * The protest committee's penalties and redress on the race stay in force on top of the new record
 * (domain/protests/consequence.ts reapplyDecisions); the revision's reason says which cases it kept.
 */
import { withTransaction, type PoolClient } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { RaceInputError, HandicapError } from '../domain/index.js';
import { ScoringSetupError } from '../domain/fleet-setup.js';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow, SubmittedEntry } from '../domain/records.js';
import { reapplyDecisions } from '../domain/protests/consequence.js';
import { entriesOf, type ResultsSubmission } from '../domain/submission.js';
import { decisionsOnRace } from '../store/hearings.js';
import { lockFleet } from '../store/locks.js';
import { findFleet, findRace } from '../store/projections/fleets.js';
import { getProgress, raceResults, saveProgress } from '../store/results.js';
import { assertMember } from './access.js';
import { blankEntry } from './apply-decision.js';
import { checkSubmission } from './check-submission.js';
import { raceCompletedFact, raceStartedFact } from './facts.js';
import { eventBySlug } from './find-event.js';
import { PROJECTION_WAIT, awaitProjection, waitBudget } from './projection-wait.js';
import { actorOf, reviseRace } from './revise-race.js';
import { lockSeriesOfEvent } from './series-standings.js';

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
  identity: Identity,
  request: { slug: string; raceId: string; requestId: string | undefined },
  submission: ResultsSubmission,
): Promise<SubmittedResults> {
  const { pool } = context;
  const budget = waitBudget(PROJECTION_WAIT.WRITE_MS);
  const event = await eventBySlug(context, request.slug, budget.remaining());
  if (!event) throw notFound('Event');
  assertMember(identity, event);

  const race = await awaitProjection(context, () => findRace(pool, request.raceId), budget.remaining(), (found) => found.eventId === event.id);
  if (!race || race.eventId !== event.id) throw notFound('Race');
  const fleet = await awaitProjection(context, () => findFleet(pool, race.fleetId), budget.remaining());
  if (!fleet) throw notFound('Race');

  const actualStart = submission.actualStart ? new Date(submission.actualStart) : race.actualStart;
  await checkSubmission(context, submission, race, fleet, actualStart, budget);

  const recorded = { event, race, fleet, actualStart, status: submission.status ?? 'finished', entries: entriesOf(submission), requestId: request.requestId, identity, reason: submission.reason };
  return withTransaction(pool, async (client) => {
    try {
      return await record(context, client, recorded);
    } catch (error) {
      // Inputs the checks let through but the engine cannot score: a 400, not a 500.
      if (error instanceof RaceInputError || error instanceof HandicapError || error instanceof ScoringSetupError) {
        throw problem('unscorable_results', `These results cannot be scored: ${error.message}`);
      }
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

async function record(context: ServiceContext, client: PoolClient, { event, race, fleet, actualStart, status, entries, requestId, identity, reason }: Recorded): Promise<SubmittedResults> {
  const publish = context.publish.bind(context);
  const now = new Date();
  // recomputeFleet takes the same locks (series, then fleet); taking them first keeps "read progress, write" atomic.
  await lockSeriesOfEvent(client, event.id);
  await lockFleet(client, fleet.id);
  // Under the locks a race.deleted projection also takes: a race deleted meanwhile is gone (404), not
  // given results no standings would show.
  if (!(await findRace(client, race.id))) throw notFound('Race');
  const before = await getProgress(client, race.id);
  const previousStart = before?.actualStart ?? null;
  const previousStatus = before?.status ?? race.scheduledStatus;
  await saveProgress(client, { raceId: race.id, eventId: event.id, fleetId: fleet.id, actualStart, status, resultsSubmittedAt: now, published: false, publishedAt: null });
  const current: RaceWithProgress = { ...race, status, actualStart, hasResults: true, published: false, publishedAt: null };
  const meta = { event, requestId };
  if (actualStart && !previousStart) await publish(client, raceStartedFact(meta, current));
  const completed = (status === 'finished' || status === 'abandoned') && previousStatus !== status;
  const decisions = await decisionsOnRace(client, event.id, race.id);
  const kept = reapplyDecisions(entries, race.id, decisions, blankEntry);
  const keptCases = decisions.filter((d) => kept.applied.includes(d.decisionId)).map((d) => d.protestNumber);
  const note = keptCases.length > 0 ? `Decision${keptCases.length === 1 ? '' : 's'} of protest ${keptCases.join(', ')} kept in force (rule 66).` : '';
  const revised = await reviseRace(context, client, {
    eventId: event.id,
    raceId: race.id,
    entries: kept.entries,
    actor: actorOf(identity),
    reason: [reason ?? '', note].filter((text) => text !== '').join(' '),
    kind: before?.resultsSubmittedAt ? 'correction' : 'submission',
    requestId,
    beforeStandings: async () => {
      if (!completed) return;
      const lastFinish = entries.reduce<Date | null>((latest, e) => (e.finishTime && (!latest || e.finishTime > latest) ? e.finishTime : latest), null);
      await publish(client, raceCompletedFact(meta, current, status === 'finished' ? (lastFinish ?? now) : now));
    },
  });
  return { race, fleet, rows: await raceResults(client, race.id), boatsInStandings: revised.boatsInStandings, revision: { id: revised.revisionId, seq: revised.seq } };
}
