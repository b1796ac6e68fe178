/**
 * Adds a member or changes their role (organization admins only). A real change publishes
 * membership.granted in the same transaction; gateways drop the member's cached roles after commit.
 * An organization keeps at least one admin, so its last admin cannot demote themself (the admins are
 * locked first, as for a role change).
 */
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { MemberRole } from '@regatta/contracts';
import { keepsAnAdmin } from '../domain/admins.js';
import { lockAdmins, upsertMembership, type MemberDetail } from '../store/memberships.js';
import { findUserByEmail } from '../store/users.js';
import { organizationBySlug, requireAdmin } from './access.js';
import { membershipGranted } from '../facts/identity.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

export interface GrantInput {
  email: string;
  role: MemberRole;
}

export interface GrantOutcome {
  member: MemberDetail;
  /** The role before, or undefined when the person was not a member. */
  previous: MemberRole | undefined;
  invalidated: InvalidationTarget[];
}

/**
 * `readInput` is called only once the caller is known to be an admin: a non-admin is refused (403)
 * whatever the body holds, as before validation.
 */
export async function grantMembership(
  context: IdentityContext,
  resources: IdentityResources,
  request: { slug: string; callerId: string; requestId?: string | undefined },
  readInput: () => GrantInput,
): Promise<GrantOutcome> {
  const { pool } = context;
  const org = await organizationBySlug(pool, request.slug);
  await requireAdmin(pool, org.id, request.callerId, 'Only an admin of this organization may change its members.');
  const input = readInput();
  const user = await findUserByEmail(pool, input.email);
  if (!user) throw problem('user_not_found', 'No account uses this email; the person must sign up first.');
  const granted = await withTransaction(pool, async (client) => {
    if (!keepsAnAdmin(await lockAdmins(client, org.id), user.id, input.role)) throw problem('last_admin', 'An organization keeps at least one admin.');
    const result = await upsertMembership(client, { organizationId: org.id, userId: user.id, role: input.role, grantedBy: request.callerId });
    if (result.previous !== input.role) {
      await context.publish(
        client,
        membershipGranted(
          { organizationId: org.id, userId: user.id, role: input.role, grantedBy: request.callerId, grantedAt: result.row.granted_at },
          request.requestId,
        ),
      );
    }
    return result;
  });
  const invalidated: InvalidationTarget[] = [`user:${user.id}`];
  await resources.invalidator.publish(invalidated);
  return {
    member: { user_id: user.id, email: user.email, name: user.name, role: granted.row.role, granted_at: granted.row.granted_at },
    previous: granted.previous,
    invalidated,
  };
}
