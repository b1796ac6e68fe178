/** Organization memberships: list (members), grant and revoke (organization admins only). */
import type { Request } from 'express';
import { withTransaction } from '@regatta/db';
import { membershipGranted, membershipRevoked } from '../messaging/facts.js';
import { resourcesOf, type IdentityContext } from '../resources.js';
import {
  countAdmins,
  deleteMembership,
  findOrganizationBySlug,
  membersOf,
  roleIn,
  upsertMembership,
  type OrganizationRow,
} from '../store/organizations.js';
import { findUserByEmail } from '../store/users.js';
import { iso, isUuid, requestId, userCaller } from './common.js';
import { HttpProblem, conflict, forbidden, notFound, parseInput, z, type RouteDefinition } from './deps.js';

const grantBody = z.object({
  email: z.string().trim().toLowerCase().email(),
  role: z.enum(['admin', 'member'], { message: 'must be admin or member' }),
});

export function memberRoutes(context: IdentityContext): RouteDefinition[] {
  const { pool } = context;

  /**
   * The organization by slug from the organizations.v1 projection. No wait here: the gateway relays
   * a 201 from POST /organizations only after the creator's membership (hence the projection) is in.
   */
  async function organization(req: Request): Promise<OrganizationRow> {
    const found = await findOrganizationBySlug(pool, String(req.params['slug'] ?? ''));
    if (!found) throw notFound('The organization');
    return found;
  }

  async function requireAdmin(organizationId: string, userId: string): Promise<void> {
    if ((await roleIn(pool, organizationId, userId)) !== 'admin') {
      throw forbidden('organization_admin_required', 'Only an admin of this organization may change its members.', { requiredRole: 'admin' });
    }
  }

  const memberJson = (row: { user_id: string; email: string; name: string; role: string; granted_at: Date }) => ({
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    grantedAt: iso(row.granted_at),
  });

  return [
    {
      method: 'get',
      path: '/api/v1/organizations/:slug/members',
      handler: async (req, res) => {
        const caller = userCaller(res);
        const org = await organization(req);
        if (!(await roleIn(pool, org.id, caller.userId))) {
          throw forbidden('organization_membership_required', 'Only members of this organization may list its members.', { requiredRole: 'member' });
        }
        res.json({ data: (await membersOf(pool, org.id)).map(memberJson) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/organizations/:slug/members',
      handler: async (req, res) => {
        const caller = userCaller(res);
        const org = await organization(req);
        await requireAdmin(org.id, caller.userId);
        const body = parseInput(grantBody, req.body ?? {}, 'body');
        const user = await findUserByEmail(pool, body.email);
        if (!user) throw new HttpProblem(404, 'user_not_found', 'No account uses this email; the person must sign up first.');
        if (user.id === caller.userId && body.role !== 'admin' && (await countAdmins(pool, org.id)) <= 1) {
          throw conflict('last_admin', 'An organization keeps at least one admin.');
        }
        const result = await withTransaction(pool, async (client) => {
          const granted = await upsertMembership(client, { organizationId: org.id, userId: user.id, role: body.role, grantedBy: caller.userId });
          if (granted.previous !== body.role) {
            await context.publish(
              client,
              membershipGranted(
                { organizationId: org.id, userId: user.id, role: body.role, grantedBy: caller.userId, grantedAt: granted.row.granted_at },
                requestId(req),
              ),
            );
          }
          return granted;
        });
        await resourcesOf(context).invalidator.announce(res, [`user:${user.id}`]);
        res.status(result.previous === undefined ? 201 : 200).json({
          data: memberJson({ user_id: user.id, email: user.email, name: user.name, role: result.row.role, granted_at: result.row.granted_at }),
          message: result.previous === undefined ? 'Member added.' : result.previous === body.role ? 'Member unchanged.' : 'Role changed.',
        });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/organizations/:slug/members/:userId',
      handler: async (req, res) => {
        const caller = userCaller(res);
        const org = await organization(req);
        await requireAdmin(org.id, caller.userId);
        const userId = String(req.params['userId'] ?? '');
        if (!isUuid(userId)) throw notFound('The member');
        await withTransaction(pool, async (client) => {
          const role = await deleteMembership(client, org.id, userId);
          if (!role) throw notFound('The member');
          if (role === 'admin' && (await countAdmins(client, org.id)) === 0) throw conflict('last_admin', 'An organization keeps at least one admin.');
          await context.publish(client, membershipRevoked({ organizationId: org.id, userId, role, revokedBy: caller.userId }, requestId(req)));
        });
        await resourcesOf(context).invalidator.announce(res, [`user:${userId}`]);
        res.json({ message: 'Member removed.' });
      },
    },
  ];
}
