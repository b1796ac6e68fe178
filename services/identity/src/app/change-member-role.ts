/**
 * Sets an existing member's role (organization admins only). A real change publishes
 * membership.granted in the same transaction (the fact every role change publishes); gateways drop
 * the member's cached roles after commit. The admins are locked first, so an organization keeps at
 * least one admin even when two admins demote each other at once.
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem } from '@regatta/http';
import type { MemberRole } from '@regatta/contracts';
import { keepsAnAdmin } from '../domain/admins.js';
import { lockAdmins, setMemberRole, type MemberDetail } from '../store/memberships.js';
import { findUserById } from '../store/users.js';
import { organizationBySlug, requireAdmin } from './access.js';
import { membershipGranted } from '../facts/identity.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

export interface RoleChangeOutcome {
  member: MemberDetail;
  previous: MemberRole;
  invalidated: InvalidationTarget[];
}

/**
 * `memberId` is undefined when the path's id cannot name a user (not a uuid): 404 once the caller is
 * an admin. `readRole` is called only then too: a non-admin is refused (403) whatever the body holds.
 */
export async function changeMemberRole(
  context: IdentityContext,
  resources: IdentityResources,
  request: { slug: string; callerId: string; memberId: string | undefined; requestId?: string | undefined },
  readRole: () => MemberRole,
): Promise<RoleChangeOutcome> {
  const { pool } = context;
  const org = await organizationBySlug(pool, request.slug);
  await requireAdmin(pool, org.id, request.callerId, 'Only an admin of this organization may change its members.');
  const role = readRole();
  const userId = request.memberId;
  if (!userId) throw notFound('The member');
  const changed = await withTransaction(pool, async (client) => {
    const admins = await lockAdmins(client, org.id);
    const result = await setMemberRole(client, { organizationId: org.id, userId, role, grantedBy: request.callerId });
    const user = result && (await findUserById(client, userId));
    if (!result || !user) throw notFound('The member');
    if (!keepsAnAdmin(admins, userId, role)) throw problem('last_admin', 'An organization keeps at least one admin; make another member an admin first.');
    if (result.previous !== role) {
      await context.publish(
        client,
        membershipGranted({ organizationId: org.id, userId, role, grantedBy: request.callerId, grantedAt: result.row.granted_at }, request.requestId),
      );
    }
    return { ...result, user };
  });
  const invalidated: InvalidationTarget[] = [`user:${userId}`];
  await resources.invalidator.publish(invalidated);
  const { user, row } = changed;
  return {
    member: { user_id: userId, email: user.email, name: user.name, role: row.role, granted_at: row.granted_at },
    previous: changed.previous,
    invalidated,
  };
}
