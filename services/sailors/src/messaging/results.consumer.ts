/**
 * results.v1 results.updated → per-race results; standings.updated → final positions;
 * split.standings.updated → a split series' overall standings (app/project-results.ts).
 */
import { TOPICS, factPayload, timestampDate } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRaceResults, projectSplitStandings, projectStandings } from '../app/project-results.js';

export function resultsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'results',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const results = factPayload(fact, 'resultsUpdated');
      if (results) return projectRaceResults(context, client, fact.id, results);
      const standings = factPayload(fact, 'standingsUpdated');
      if (standings) return projectStandings(context, client, fact.id, standings);
      const split = factPayload(fact, 'splitStandingsUpdated');
      if (split) await projectSplitStandings(context, client, { id: fact.id, occurredAt: fact.occurredAt ? timestampDate(fact.occurredAt) : new Date() }, split);
    },
  };
}
