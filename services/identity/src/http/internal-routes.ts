/**
 * Gateway-only endpoints under /internal: credential resolution by hash, fresh roles after an
 * organization is created, and batched last-use times. They need, besides the usual assertion, the
 * gateway's internal token (JWT signed with the assertion secret for the audience
 * "regatta-identity-internal"), which no client can mint and the gateway never forwards.
 */
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { hmacKey } from '@regatta/http';
import { findActiveEmbedTokenByHash, touchEmbedTokens } from '../store/embed-tokens.js';
import { findKeyByHash, touchKeys } from '../store/keys.js';
import { roleIn, rolesOf } from '../store/organizations.js';
import { findLiveSession } from '../store/users.js';
import type { IdentityContext } from '../resources.js';
import { HttpProblem, notFound, parseInput, z, type RouteDefinition } from './deps.js';

export const INTERNAL_TOKEN_HEADER = 'x-gateway-internal-token';
const INTERNAL_AUDIENCE = 'regatta-identity-internal';

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const resolveBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('key'), hash }),
  z.object({ type: z.literal('embed'), hash }),
  z.object({ type: z.literal('session'), id: z.string().uuid() }),
]);
const uses = z.array(z.object({ id: z.string().uuid(), at: z.coerce.date() })).max(10_000).default([]);
const lastUsedBody = z.object({ keys: uses, embedTokens: uses });

export function internalRoutes(context: IdentityContext): RouteDefinition[] {
  const { pool, config } = context;
  const guard = (req: Request, _res: Response, next: NextFunction) => {
    try {
      jwt.verify(req.header(INTERNAL_TOKEN_HEADER) ?? '', hmacKey(config.assertionSecret), {
        algorithms: ['HS256'],
        issuer: 'regatta-gateway',
        audience: INTERNAL_AUDIENCE,
      });
      next();
    } catch {
      next(new HttpProblem(403, 'internal_only', 'This endpoint is for the gateway only.'));
    }
  };
  const guarded =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) =>
      guard(req, res, (error?: unknown) => (error ? next(error) : handler(req, res).catch(next)));

  return [
    {
      method: 'post',
      path: '/internal/v1/resolve',
      handler: guarded(async (req, res) => {
        const body = parseInput(resolveBody, req.body, 'body');
        if (body.type === 'key') {
          const key = await findKeyByHash(pool, body.hash);
          if (!key) throw notFound('The credential');
          res.json({
            type: 'key',
            keyId: key.id,
            userId: key.user_id,
            scopes: key.scopes,
            rateLimit: key.rate_limit,
            expiresAt: key.expires_at?.toISOString() ?? null,
            roles: await rolesOf(pool, key.user_id),
          });
        } else if (body.type === 'session') {
          const session = await findLiveSession(pool, body.id);
          if (!session) throw notFound('The credential');
          res.json({
            type: 'session',
            sessionId: session.id,
            userId: session.user_id,
            expiresAt: session.expires_at.toISOString(),
            roles: await rolesOf(pool, session.user_id),
          });
        } else {
          const token = await findActiveEmbedTokenByHash(pool, body.hash);
          if (!token) throw notFound('The credential');
          res.json({ type: 'embed', embedTokenId: token.id, organizationId: token.organization_id, allowedOrigins: token.allowed_origins });
        }
      }),
    },
    {
      // Fresh roles of a user; with awaitOrganization, first waits (<= 3 s) until the creator's
      // membership of a just-created organization has been projected from organizations.v1.
      method: 'get',
      path: '/internal/v1/users/:userId/roles',
      handler: guarded(async (req, res) => {
        const userId = parseInput(z.string().uuid(), req.params['userId'], 'params');
        const awaitOrganization = z.string().uuid().optional().safeParse(req.query['awaitOrganization']);
        let projected = true;
        if (awaitOrganization.success && awaitOrganization.data) {
          const organizationId = awaitOrganization.data;
          projected = await context.waitFor(async () => (await roleIn(pool, organizationId, userId)) !== undefined, 3_000);
        }
        res.json({ userId, roles: await rolesOf(pool, userId), projected });
      }),
    },
    {
      method: 'post',
      path: '/internal/v1/last-used',
      handler: guarded(async (req, res) => {
        const body = parseInput(lastUsedBody, req.body, 'body');
        await touchKeys(pool, body.keys);
        await touchEmbedTokens(pool, body.embedTokens);
        res.status(204).end();
      }),
    },
  ];
}
