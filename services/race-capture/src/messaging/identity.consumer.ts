/**
 * Consumes identity.v1: the names of people (user.registered), so records are labelled with the name
 * of the member (or API key owner) who made them. Roles come with each request's assertion instead.
 */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { recordUser } from '../app/project-identity.js';

export function identityConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'identity',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.identity]);
      switch (payload.case) {
        case 'userRegistered':
          return recordUser(client, { id: payload.value.userId, name: payload.value.name });
        // Memberships reach this service in each request's identity assertion.
        case 'membershipGranted':
        case 'membershipRevoked':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
