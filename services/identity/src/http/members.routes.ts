/** Organization memberships: list (members), grant, change a role and revoke (organization admins only). */
import type { Request } from 'express';
import { parseInput, type RouteDefinition } from '@regatta/http';
import { changeMemberRole } from '../app/change-member-role.js';
import { grantMembership } from '../app/grant-membership.js';
import { listMembers } from '../app/list-members.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import { revokeMembership } from '../app/revoke-membership.js';
import { isUuid, requestId, userCaller } from './callers.js';
import { announceInvalidation } from './invalidation-header.js';
import { grantBody, roleBody } from './members.schemas.js';
import { memberView } from './members.views.js';

const slugOf = (req: Request) => String(req.params['slug'] ?? '');
/** The path's member id, or undefined when it cannot name a user (404 once the caller is an admin). */
const memberIdOf = (req: Request) => {
  const memberId = String(req.params['userId'] ?? '');
  return isUuid(memberId) ? memberId : undefined;
};

export function memberRoutes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/organizations/:slug/members',
      handler: async (req, res) => {
        const caller = userCaller(res);
        res.json({ data: (await listMembers(context, slugOf(req), caller.userId)).map(memberView) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/organizations/:slug/members',
      handler: async (req, res) => {
        const caller = userCaller(res);
        // The body is read after the admin check: a non-admin is refused whatever it sends.
        const outcome = await grantMembership(context, resources, { slug: slugOf(req), callerId: caller.userId, requestId: requestId(req) }, () =>
          parseInput(grantBody, req.body ?? {}, 'body'),
        );
        announceInvalidation(res, outcome.invalidated);
        const added = outcome.previous === undefined;
        res.status(added ? 201 : 200).json({
          data: memberView(outcome.member),
          message: added ? 'Member added.' : outcome.previous === outcome.member.role ? 'Member unchanged.' : 'Role changed.',
        });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/organizations/:slug/members/:userId',
      handler: async (req, res) => {
        const caller = userCaller(res);
        const outcome = await changeMemberRole(context, resources, { slug: slugOf(req), callerId: caller.userId, memberId: memberIdOf(req), requestId: requestId(req) }, () =>
          parseInput(roleBody, req.body ?? {}, 'body').role,
        );
        announceInvalidation(res, outcome.invalidated);
        res.json({ data: memberView(outcome.member), message: outcome.previous === outcome.member.role ? 'Member unchanged.' : 'Role changed.' });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/organizations/:slug/members/:userId',
      handler: async (req, res) => {
        const caller = userCaller(res);
        const invalidated = await revokeMembership(context, resources, {
          slug: slugOf(req),
          callerId: caller.userId,
          memberId: memberIdOf(req),
          requestId: requestId(req),
        });
        announceInvalidation(res, invalidated);
        res.json({ message: 'Member removed.' });
      },
    },
  ];
}
