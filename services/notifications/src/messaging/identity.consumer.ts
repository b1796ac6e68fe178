/**
 * identity.v1: the members of each organizing club (who hears of entries and protests). Only user ids
 * are kept: user.registered carries an address, which this consumer never reads.
 */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { forgetMembership, recordMembership } from '../app/project.js';

export function identityConsumer(): ConsumerDefinition {
  return {
    name: 'identity',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.identity]);
      switch (payload.case) {
        case 'membershipGranted':
          return recordMembership(client, payload.value.organizationId, payload.value.userId, payload.value.role);
        case 'membershipRevoked':
          return forgetMembership(client, payload.value.organizationId, payload.value.userId);
        // A new account hears of its confirmation through accounts.v1, not from this fact.
        case 'userRegistered':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
