/**
 * Consumes organizations.v1 into the organizations projection (id, slug, name): the Sailwave import
 * names its organization by slug. Its own Kafka group and inbox namespace: results-scoring.organizations.
 */
import { TOPICS, factPayload, timestampDate, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition } from '@regatta/runtime';
import { projectOrganization } from '../app/project-organization.js';

export function organizationsConsumer(): ConsumerDefinition {
  return {
    name: 'organizations',
    topics: [TOPICS.organizations],
    handle: (client, fact) => applyFact(client, fact),
  };
}

async function applyFact(client: PoolClient, fact: Fact): Promise<void> {
  const organization = factPayload(fact, 'organizationCreated')?.organization ?? factPayload(fact, 'organizationUpdated')?.organization;
  if (!organization?.id || !organization.slug) return;
  const updatedAt = organization.updatedAt ? timestampDate(organization.updatedAt) : null;
  const occurredAt = updatedAt ?? (fact.occurredAt ? timestampDate(fact.occurredAt) : new Date());
  await projectOrganization(client, { id: organization.id, slug: organization.slug, name: organization.name }, { occurredAt });
}
