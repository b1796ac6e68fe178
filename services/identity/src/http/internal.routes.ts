/**
 * Gateway-only endpoints under /internal: credential resolution by hash, fresh roles after an
 * organization is created, and batched last-use times. They need, besides the usual assertion, the
 * gateway's internal token (internal-guard.ts).
 */
import { parseInput, type RouteDefinition } from '@regatta/http';
import { recordLastUse } from '../app/record-last-use.js';
import { resolveCredential } from '../app/resolve-credential.js';
import type { IdentityContext } from '../app/resources.js';
import { userRoles } from '../app/user-roles.js';
import { internalOnly } from './internal-guard.js';
import { awaitOrganizationQuery, lastUsedBody, resolveBody, userIdParam } from './internal.schemas.js';
import { credentialView } from './internal.views.js';

export function internalRoutes(context: IdentityContext): RouteDefinition[] {
  const guarded = internalOnly(context.config.assertionSecret);
  return [
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
