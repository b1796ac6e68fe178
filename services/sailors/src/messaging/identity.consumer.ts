/** identity.v1 user.registered → sailor profile (app/project-user.ts); membership changes → organization creators (app/project-organization.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectMembership } from '../app/project-organization.js';
import { projectUser } from '../app/project-user.js';

export function identityConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'users',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const user = factPayload(fact, 'userRegistered');
      if (user) return projectUser(context, client, fact.id, user);
      const revoked = factPayload(fact, 'membershipRevoked');
      if (revoked) return projectMembership(client, { organizationId: revoked.organizationId, userId: revoked.userId, revoked: true });
      const granted = factPayload(fact, 'membershipGranted');
      if (granted) await projectMembership(client, { organizationId: granted.organizationId, userId: granted.userId, revoked: false });
    },
  };
}
