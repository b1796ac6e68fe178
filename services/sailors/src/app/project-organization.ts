/** organizations.v1 snapshots and the creator's membership changes → the organizations rankings authorize by. */
import type { PoolClient } from '@regatta/db';
import { isUuid } from '../domain/boats.js';
import { markCreatorRevoked, upsertOrganization } from '../store/projections/organizations.js';

export async function projectOrganization(client: PoolClient, org: { id: string; slug: string; name: string; createdBy: string | null; updatedAt: Date }): Promise<void> {
  if (!isUuid(org.id) || !org.slug) return;
  await upsertOrganization(client, { ...org, createdBy: isUuid(org.createdBy) ? org.createdBy : null });
}

export async function projectMembership(client: PoolClient, change: { organizationId: string; userId: string; revoked: boolean }): Promise<void> {
  if (!isUuid(change.organizationId) || !isUuid(change.userId)) return;
  await markCreatorRevoked(client, change.organizationId, change.userId, change.revoked);
}
