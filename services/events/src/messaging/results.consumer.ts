/** results.v1: race progress, each race's results and their publication (app/project-results.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRaceProgress, projectRaceResults, projectResultsPublished } from '../app/project-results.js';
import { dateOf, occurredAt } from './fact-times.js';

export function resultsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'results',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const at = occurredAt(fact);
      const progress = factPayload(fact, 'raceStarted') ?? factPayload(fact, 'raceCompleted');
      if (progress) {
        const status = progress.status || (fact.type === 'race.started' ? 'started' : 'finished');
        return projectRaceProgress(client, { raceId: progress.raceId, status, actualStart: dateOf(progress.actualStart), occurredAt: at });
      }
      const updated = factPayload(fact, 'resultsUpdated');
      if (updated) {
        return projectRaceResults(client, {
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
          occurredAt: at,
        });
      }
      const published = factPayload(fact, 'resultsPublished');
      if (published) await projectResultsPublished(client, published.raceIds);
    },
  };
}
