/**
 * results.v1 results.updated → per-race results; standings.updated → final positions;
 * split.standings.updated → a split series' overall standings (app/project-results.ts).
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRaceResults, projectSplitStandings, projectStandings } from '../app/project-results.js';

export function resultsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'results',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.results]);
      switch (payload.case) {
        case 'resultsUpdated':
          return projectRaceResults(context, client, fact.id, payload.value);
        case 'standingsUpdated':
          return projectStandings(context, client, fact.id, payload.value);
        case 'splitStandingsUpdated':
          return projectSplitStandings(context, client, { id: fact.id, occurredAt: fact.occurredAt ? timestampDate(fact.occurredAt) : new Date() }, payload.value);
        // A sailor's record keeps results and final standings; the rest of the results story is not part of it.
        case 'resultsPublished':
        case 'raceStarted':
        case 'raceCompleted':
        case 'seriesStandingsUpdated':
        case 'resultsRevised':
        case 'resultsPosted':
        case 'resultsOfficial':
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
