/**
 * Preview a race's results without storing them (a dry run of the submission): the same checks as a
 * submission (app/check-submission.ts), the protest committee's decisions on the race kept in force as
 * a submission keeps them, then the pure engine (shared/domain/fleet-scoring.ts scoreFleet) scores the fleet
 * with the proposed sheet in place of the race's stored results. Nothing is written, locked or
 * published: the answer is the race as it would score and the fleet's standings as they would be,
 * each boat beside the place and net points the standings show now.
 */
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isUnscorable } from '../../shared/domain/fleet-setup.js';
import { scoreFleet, type FleetScore, type StandingEntrySnapshot } from '../../shared/domain/fleet-scoring.js';
import type { EventProjection, FleetProjection, RaceWithProgress, SubmittedEntry } from '../../shared/domain/records.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import { entriesOf, type ResultsSubmission } from '../domain/submission.js';
import { listFleetRaces } from '../../shared/store/projections/fleets.js';
import { fleetBoats } from '../../shared/store/projections/registrations.js';
import { fleetEntries } from '../store/results.js';
import { eventStandings } from '../store/standings.js';
import type { ResultsResources } from './resources.js';
import { checkSubmission } from './check-submission.js';
import { PROJECTION_WAIT, waitBudget } from '../../shared/app/projection-wait.js';
import { raceToScore } from './race-to-score.js';

export interface PreviewedStanding {
  now: StandingEntrySnapshot | null;
  proposed: StandingEntrySnapshot;
}

export interface PreviewedResults {
  event: EventProjection;
  race: RaceWithProgress;
  fleet: FleetProjection;
  /** The proposed entries (decisions kept) with the numbers the engine gives them. */
  entries: Array<{ entry: SubmittedEntry; position: number | null; points: number | null }>;
  standings: PreviewedStanding[];
  /** Protest cases whose decisions were kept in force on top of the proposed sheet. */
  keptCases: number[];
  scoringSystem: FleetScore['scoringSystem'];
}

export async function previewResults(
  context: ServiceContext,
  resources: ResultsResources,
  identity: Identity,
  request: { slug: string; raceId: string },
  submission: ResultsSubmission,
): Promise<PreviewedResults> {
  const { pool } = context;
  const budget = waitBudget(PROJECTION_WAIT.WRITE_MS);
  const { event, race, fleet } = await raceToScore(context, identity, request, budget);

  const actualStart = submission.actualStart ? new Date(submission.actualStart) : race.actualStart;
  await checkSubmission(context, submission, race, fleet, actualStart, budget);

  const [races, stored, boats, kept, shown] = await Promise.all([
    listFleetRaces(pool, fleet.id),
    fleetEntries(pool, fleet.id),
    fleetBoats(pool, fleet.id),
    resources.decisionsInForce(pool, { eventId: event.id, raceId: race.id }, entriesOf(submission)),
    eventStandings(pool, [event.id]),
  ]);
  const status = submission.status ?? 'finished';
  const entries = new Map<string, readonly StoredEntry[]>(stored);
  entries.set(race.id, kept.entries);
  const proposedRaces = races.map((candidate) => (candidate.id === race.id ? { ...candidate, status, actualStart, hasResults: true } : candidate));

  let score: FleetScore;
  try {
    score = scoreFleet({ fleet, races: proposedRaces, entries, boats });
  } catch (error) {
    if (isUnscorable(error)) throw problem('unscorable_results', `These results cannot be scored: ${error.message}`);
    throw error;
  }

  const computed = score.results.get(race.id);
  const now = new Map((shown.find((standing) => standing.fleetId === fleet.id)?.entries ?? []).map((entry) => [entry.boatId, entry] as const));
  return {
    event,
    race: { ...race, status, actualStart, hasResults: true },
    fleet,
    entries: kept.entries.map((entry) => ({ entry, position: computed?.get(entry.boatId)?.position ?? null, points: computed?.get(entry.boatId)?.points ?? null })),
    standings: score.standings.map((proposed) => ({ now: now.get(proposed.boatId) ?? null, proposed })),
    keptCases: kept.keptCases,
    scoringSystem: score.scoringSystem,
  };
}
