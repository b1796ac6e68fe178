/** organizations.v1 organization.created/updated → organizations (app/project-organization.ts). */
import { TOPICS, factPayload, timestampDate } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectOrganization } from '../app/project-organization.js';

export function organizationsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'organizations',
    topics: [TOPICS.organizations],
    async handle(client, fact) {
      const organization = factPayload(fact, 'organizationCreated')?.organization ?? factPayload(fact, 'organizationUpdated')?.organization;
      if (!organization) return;
      const updatedAt = organization.updatedAt ?? fact.occurredAt;
      await projectOrganization(client, {
        id: organization.id,
        slug: organization.slug,
        name: organization.name,
        createdBy: organization.createdBy || null,
        updatedAt: updatedAt ? timestampDate(updatedAt) : new Date(0),
      });
    },
  };
}
