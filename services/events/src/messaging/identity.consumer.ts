/** identity.v1: users registered, and memberships granted or revoked (app/project-identity.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectMembership, projectUser } from '../app/project-identity.js';

export function identityConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'identity',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const user = factPayload(fact, 'userRegistered');
      if (user) return projectUser(client, { id: user.userId, email: user.email, name: user.name });
      const revoked = factPayload(fact, 'membershipRevoked');
      if (revoked) return projectMembership(client, { organizationId: revoked.organizationId, userId: revoked.userId, revoked: true });
      const granted = factPayload(fact, 'membershipGranted');
      if (granted) await projectMembership(client, { organizationId: granted.organizationId, userId: granted.userId, revoked: false });
    },
  };
}
