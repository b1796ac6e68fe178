/**
 * results.v1 regatta.imported → the imported draft regatta (app/import-regatta.ts). Its own Kafka group
 * and inbox namespace (events.imports), apart from the results projection, so an import is applied
 * once whatever the other consumer does.
 */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { importRegatta } from '../app/import-regatta.js';

export function importsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'imports',
    topics: [TOPICS.results],
    async handle(client, fact) {
      const imported = factPayload(fact, 'regattaImported');
      if (!imported) return;
      await importRegatta(context, client, imported, fact.requestId ?? fact.id);
    },
  };
}
