/**
 * Gateway-only endpoints under /internal: credential resolution by hash, fresh roles after an
 * organization is created, and batched last-use times. They need, besides the usual assertion, the
 * gateway's internal token (internal-guard.ts).
 */
import { notFound, parseInput, type RouteDefinition } from '@regatta/http';
import { accountLinkToken, contacts } from '../app/contacts.js';
import { recordLastUse } from '../app/record-last-use.js';
import { resolveCredential } from '../app/resolve-credential.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import { userRoles } from '../app/user-roles.js';
import { internalOnly } from './internal-guard.js';
import { awaitOrganizationQuery, contactsBody, lastUsedBody, linkIdParam, resolveBody, userIdParam } from './internal.schemas.js';
import { notificationsOnly } from './service-guard.js';
import { credentialView } from './internal.views.js';

export function internalRoutes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  const guarded = internalOnly(context.config.assertionSecret);
  const forNotifications = notificationsOnly(context.config.assertionSecret);
  return [
    {
      // Names and addresses of the people a message goes to (the notifications service, at send time).
      method: 'post',
      path: '/internal/v1/contacts',
      handler: forNotifications(async (req, res) => {
        const body = parseInput(contactsBody, req.body, 'body');
        res.json({ data: await contacts(context, body.userIds) });
      }),
    },
    {
      method: 'get',
      path: '/internal/v1/account-links/:linkId/token',
      handler: forNotifications(async (req, res) => {
        const token = await accountLinkToken(context, resources.accountLinkKey, parseInput(linkIdParam, req.params['linkId'], 'params'));
        if (!token) throw notFound('A usable account link');
        res.json({ token });
      }),
    },
    {
      method: 'post',
      path: '/internal/v1/resolve',
      handler: guarded(async (req, res) => {
        const body = parseInput(resolveBody, req.body, 'body');
        res.json(credentialView(await resolveCredential(context, body)));
      }),
    },
    {
      // With awaitOrganization, waits until the creator's membership of a just-created organization is projected.
      method: 'get',
      path: '/internal/v1/users/:userId/roles',
      handler: guarded(async (req, res) => {
        const userId = parseInput(userIdParam, req.params['userId'], 'params');
        // An unusable awaitOrganization is ignored (the roles are answered at once), as before.
        const awaitOrganization = awaitOrganizationQuery.safeParse(req.query['awaitOrganization']);
        const { roles, projected } = await userRoles(context, userId, awaitOrganization.success ? awaitOrganization.data : undefined);
        res.json({ userId, roles, projected });
      }),
    },
    {
      method: 'post',
      path: '/internal/v1/last-used',
      handler: guarded(async (req, res) => {
        const body = parseInput(lastUsedBody, req.body, 'body');
        await recordLastUse(context, body);
        res.status(204).end();
      }),
    },
  ];
}
