/** identity.v1 user.registered → sailor profile (app/project-user.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectUser } from '../app/project-user.js';

export function identityConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'users',
    topics: [TOPICS.identity],
    async handle(client, fact) {
      const user = factPayload(fact, 'userRegistered');
      if (user) await projectUser(context, client, fact.id, user);
    },
  };
}
