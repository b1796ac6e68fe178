/** results.v1 results.updated → per-race results; standings.updated → final positions (app/project-results.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRaceResults, projectStandings } from '../app/project-results.js';

export function resultsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'results',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const results = factPayload(fact, 'resultsUpdated');
      if (results) return projectRaceResults(context, client, fact.id, results);
      const standings = factPayload(fact, 'standingsUpdated');
      if (standings) await projectStandings(context, client, fact.id, standings);
    },
  };
}
