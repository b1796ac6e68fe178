/** An organization snapshot (organization.created / updated) into the projection the importer names organizations by. */
import type { PoolClient } from '@regatta/db';
import { upsertOrganization, type OrganizationProjection } from '../../shared/store/projections/organizations.js';

export async function projectOrganization(client: PoolClient, organization: OrganizationProjection, fact: { occurredAt: Date }): Promise<void> {
  await upsertOrganization(client, organization, fact.occurredAt);
}
