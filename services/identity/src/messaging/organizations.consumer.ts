/** organizations.v1 (organization.created / updated): decodes the snapshot and projects it (app/project-organization.ts). */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { projectOrganization } from '../app/project-organization.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';

export function organizationsConsumer(context: IdentityContext, resources: IdentityResources): ConsumerDefinition {
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
          const updatedAt = organization.updatedAt ? timestampDate(organization.updatedAt) : fact.occurredAt ? timestampDate(fact.occurredAt) : new Date();
          return projectOrganization(
            context,
            resources,
            client,
            { id: organization.id, slug: organization.slug, name: organization.name, createdBy: organization.createdBy || null, updatedAt },
            { created: payload.case === 'organizationCreated', requestId: fact.requestId },
          );
        }
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
