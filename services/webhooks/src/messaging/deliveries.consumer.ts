/** events.v1, registrations.v1, results.v1, rankings.v1 → webhook messages and their delivery tasks (app/queue-fact-deliveries.ts). */
import { TOPICS } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { queueFactDeliveries } from '../app/queue-fact-deliveries.js';
import type { WebhooksContext } from '../app/resources.js';

export function deliveriesConsumer(_context: WebhooksContext): ConsumerDefinition {
  return {
    name: 'deliveries',
    topics: [TOPICS.events, TOPICS.registrations, TOPICS.results, TOPICS.rankings],
    // The whole fact is the input: the catalogue (domain/catalogue.ts) decides which become messages.
    handle: (client, fact) => queueFactDeliveries(client, fact),
  };
}
