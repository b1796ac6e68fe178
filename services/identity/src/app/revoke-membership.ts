/**
 * Removes a member (organization admins only) and publishes membership.revoked in the same
 * transaction; removing the last admin is refused (the transaction rolls back). The admins are locked
 * first, as for a role change, so two admins removing each other at once leave one.
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem } from '@regatta/http';
import { keepsAnAdmin } from '../domain/admins.js';
import { deleteMembership, lockAdmins } from '../store/memberships.js';
import { organizationBySlug, requireAdmin } from './access.js';
import { membershipRevoked } from '../facts/identity.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

/** `memberId` is undefined when the path's id cannot name a user (not a uuid): 404 once the caller is an admin. */
export async function revokeMembership(
  context: IdentityContext,
  resources: IdentityResources,
  request: { slug: string; callerId: string; memberId: string | undefined; requestId?: string | undefined },
): Promise<InvalidationTarget[]> {
  const { pool } = context;
  const org = await organizationBySlug(pool, request.slug);
  await requireAdmin(pool, org.id, request.callerId, 'Only an admin of this organization may change its members.');
  const userId = request.memberId;
  if (!userId) throw notFound('The member');
  await withTransaction(pool, async (client) => {
    const admins = await lockAdmins(client, org.id);
    const role = await deleteMembership(client, org.id, userId);
    if (!role) throw notFound('The member');
    if (!keepsAnAdmin(admins, userId, null)) throw problem('last_admin', 'An organization keeps at least one admin.');
    await context.publish(client, membershipRevoked({ organizationId: org.id, userId, role, revokedBy: request.callerId }, request.requestId));
  });
  const invalidated: InvalidationTarget[] = [`user:${userId}`];
  await resources.invalidator.publish(invalidated);
  return invalidated;
}
