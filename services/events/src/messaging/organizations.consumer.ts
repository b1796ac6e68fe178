/** organizations.v1 (organization.created / updated): decodes the snapshot and projects it (app/project-organization.ts). */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectOrganization } from '../app/project-organization.js';
import { dateOf, occurredAt } from './fact-times.js';

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
          return projectOrganization(client, {
            id: organization.id,
            slug: organization.slug,
            name: organization.name,
            createdBy: organization.createdBy || null,
            updatedAt: dateOf(organization.updatedAt) ?? occurredAt(fact),
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
