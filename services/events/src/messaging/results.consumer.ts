/** results.v1: race progress, each race's results and their publication (app/project-results.ts). */
import { TOPICS, factPayloadOn, unhandledFact, type Fact, type ResultsUpdated } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRaceProgress, projectRaceResults, projectResultsOfficial } from '../app/project-results.js';
import { dateOf, occurredAt } from './fact-times.js';

export function resultsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'results',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.results]);
      switch (payload.case) {
        case 'raceStarted':
        case 'raceCompleted': {
          const progress = payload.value;
          const status = progress.status || (payload.case === 'raceStarted' ? 'started' : 'finished');
          return projectRaceProgress(client, { raceId: progress.raceId, status, actualStart: dateOf(progress.actualStart), occurredAt: occurredAt(fact) });
        }
        case 'resultsUpdated':
          return projectRaceResults(client, raceResultsOf(payload.value, fact));
        case 'resultsPublished':
          return projectResultsOfficial(client, payload.value.raceIds);
        // Standings, revisions, protests, series and imports are not part of the events service's view.
        case 'standingsUpdated':
        case 'seriesStandingsUpdated':
        case 'resultsRevised':
        case 'resultsPosted':
        case 'resultsOfficial':
        case 'splitStandingsUpdated':
        case 'protestLodged':
        case 'hearingScheduled':
        case 'decisionPublished':
        case 'protestWithdrawn':
        case 'regattaImported':
        case 'fleetSplit':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}

/** The record of one race's results (a results.updated fact). */
function raceResultsOf(updated: ResultsUpdated, fact: Fact): Parameters<typeof projectRaceResults>[1] {
  return {
    raceId: updated.raceId,
    eventId: updated.eventId,
    fleetId: updated.fleetId,
    raceNumber: updated.raceNumber,
    raceName: updated.raceName,
    published: updated.published,
    results: updated.results.map((entry) => ({
      boatId: entry.boatId,
      userId: entry.userId,
      sailorName: entry.sailorName ?? null,
      boatName: entry.boatName,
      sailNumber: entry.sailNumber ?? null,
      position: entry.position ?? null,
      finishTime: dateOf(entry.finishTime)?.toISOString() ?? null,
      elapsedSeconds: entry.elapsedSeconds ?? null,
      correctedSeconds: entry.correctedSeconds ?? null,
      points: entry.points,
      status: entry.status,
      code: entry.code ?? null,
      notes: entry.notes ?? null,
    })),
    raceStatus: updated.raceStatus,
    actualStart: dateOf(updated.actualStart),
    occurredAt: occurredAt(fact),
  };
}
