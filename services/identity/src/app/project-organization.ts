/**
 * organizations.v1 -> the slug/id projection; the creator of a new organization becomes its admin
 * (membership.granted published in the consumer's transaction). Once the grant is visible (after
 * commit) gateways are told to drop the creator's cached roles.
 */
import type { PoolClient } from '@regatta/db';
import { roleIn, upsertMembership } from '../store/memberships.js';
import { upsertOrganization } from '../store/projections/organizations.js';
import { findUserById } from '../store/users.js';
import { membershipGranted } from '../facts/identity.js';
import { PROJECTION_WAITS } from './projection-wait.js';
import type { IdentityContext, IdentityResources } from './resources.js';


export interface OrganizationSnapshot {
  id: string;
  slug: string;
  name: string;
  /** The creating user, or null when the fact does not name one. */
  createdBy: string | null;
  updatedAt: Date;
}

export async function projectOrganization(
  context: IdentityContext,
  resources: IdentityResources,
  client: PoolClient,
  organization: OrganizationSnapshot,
  fact: { created: boolean; requestId: string | undefined },
): Promise<void> {
  await upsertOrganization(client, {
    id: organization.id,
    slug: organization.slug,
    name: organization.name,
    created_by: organization.createdBy,
    updatedAt: organization.updatedAt,
  });
  const creator = organization.createdBy;
  if (!fact.created || !creator) return;
  if (!(await findUserById(client, creator))) {
    context.logger.warn({ organizationId: organization.id, creator }, 'organization creator is not a known user; no admin granted');
    return;
  }
  if (await roleIn(client, organization.id, creator)) return;
  const { row } = await upsertMembership(client, { organizationId: organization.id, userId: creator, role: 'admin', grantedBy: null });
  await context.publish(
    client,
    membershipGranted({ organizationId: organization.id, userId: creator, role: 'admin', grantedBy: null, grantedAt: row.granted_at }, fact.requestId),
  );
  // This runs inside the consumer's transaction: announce once the grant is visible to others.
  void context
    .waitFor(async () => (await roleIn(context.pool, organization.id, creator)) === 'admin', PROJECTION_WAITS.grantVisible)
    .then((visible) => (visible ? resources.invalidator.publish([`user:${creator}`]) : undefined))
    .catch(() => undefined);
}
