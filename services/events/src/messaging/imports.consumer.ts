/**
 * results.v1 regatta.imported → the imported draft regatta (app/import-regatta.ts). Its own Kafka group
 * and inbox namespace (events.imports), apart from the results projection, so an import is applied
 * once whatever the other consumer does.
 */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { importRegatta } from '../app/import-regatta.js';

export function importsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'imports',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.results]);
      switch (payload.case) {
        case 'regattaImported':
          return importRegatta(context, client, payload.value, fact.requestId ?? fact.id);
        // The results projection (results.consumer.ts) reads these.
        case 'resultsUpdated':
        case 'resultsPublished':
        case 'raceStarted':
        case 'raceCompleted':
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
        case 'fleetSplit':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
