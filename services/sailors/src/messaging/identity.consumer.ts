/** identity.v1 user.registered → sailor profile (app/project-user.ts); membership changes → organization creators (app/project-organization.ts). */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectMembership } from '../app/project-organization.js';
import { projectUser } from '../app/project-user.js';

export function identityConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'users',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.identity]);
      switch (payload.case) {
        case 'userRegistered':
          return projectUser(context, client, fact.id, payload.value);
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
