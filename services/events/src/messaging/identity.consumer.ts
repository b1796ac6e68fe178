/** identity.v1: users registered, and memberships granted or revoked (app/project-identity.ts). */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectMembership, projectUser } from '../app/project-identity.js';

export function identityConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'identity',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.identity]);
      switch (payload.case) {
        case 'userRegistered':
          return projectUser(client, { id: payload.value.userId, email: payload.value.email, name: payload.value.name });
        case 'membershipGranted':
          return projectMembership(client, { organizationId: payload.value.organizationId, userId: payload.value.userId, revoked: false });
        case 'membershipRevoked':
          return projectMembership(client, { organizationId: payload.value.organizationId, userId: payload.value.userId, revoked: true });
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
