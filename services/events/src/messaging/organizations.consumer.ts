/** organizations.v1 (organization.created / updated): decodes the snapshot and projects it (app/project-organization.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectOrganization } from '../app/project-organization.js';
import { dateOf, occurredAt } from './fact-times.js';

export function organizationsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'organizations',
    topics: [TOPICS.organizations],
    async handle(client, fact) {
      const organization = factPayload(fact, 'organizationCreated')?.organization ?? factPayload(fact, 'organizationUpdated')?.organization;
      if (!organization) return;
      await projectOrganization(client, {
        id: organization.id,
        slug: organization.slug,
        name: organization.name,
        createdBy: organization.createdBy || null,
        updatedAt: dateOf(organization.updatedAt) ?? occurredAt(fact),
      });
    },
  };
}
