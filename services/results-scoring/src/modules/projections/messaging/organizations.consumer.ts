/**
 * Consumes organizations.v1 into the organizations projection (id, slug, name): the Sailwave import
 * names its organization by slug. Its own Kafka group and inbox namespace: results-scoring.organizations.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Fact } from '@regatta/contracts';
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
  const payload = factPayloadOn(fact, [TOPICS.organizations]);
  switch (payload.case) {
    case 'organizationCreated':
    case 'organizationUpdated': {
      const organization = payload.value.organization;
      if (!organization?.id || !organization.slug) return;
      const updatedAt = organization.updatedAt ? timestampDate(organization.updatedAt) : null;
      const occurredAt = updatedAt ?? (fact.occurredAt ? timestampDate(fact.occurredAt) : new Date());
      return projectOrganization(client, { id: organization.id, slug: organization.slug, name: organization.name }, { occurredAt });
    }
    case undefined:
      return;
    default:
      return unhandledFact(payload);
  }
}
