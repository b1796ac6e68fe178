/** organizations.v1 organization.created/updated → organizations (app/project-organization.ts). */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectOrganization } from '../app/project-organization.js';

export function organizationsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'organizations',
    topics: [TOPICS.organizations],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.organizations]);
      switch (payload.case) {
        case 'organizationCreated':
        case 'organizationUpdated': {
          const organization = payload.value.organization;
          if (!organization) return;
          const updatedAt = organization.updatedAt ?? fact.occurredAt;
          return projectOrganization(client, {
            id: organization.id,
            slug: organization.slug,
            name: organization.name,
            createdBy: organization.createdBy || null,
            updatedAt: updatedAt ? timestampDate(updatedAt) : new Date(0),
          });
        }
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
