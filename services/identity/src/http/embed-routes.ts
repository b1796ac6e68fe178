/**
 * Embed tokens for public widgets: session plus membership of the token's organization. A widget
 * presents the token as "X-Embed-Token" (or ?embed_token= on GETs); it reads that organization's
 * public events, results and standings only, from its allowed origins.
 */
import { randomUUID } from 'node:crypto';
import { generateEmbedToken } from '../domain/secrets.js';
import { resourcesOf, type IdentityContext } from '../resources.js';
import { deactivateEmbedToken, findEmbedToken, insertEmbedToken, listEmbedTokens, type EmbedTokenRow } from '../store/embed-tokens.js';
import { roleIn } from '../store/organizations.js';
import { iso, isUuid, sessionCaller } from './common.js';
import { forbidden, notFound, parseInput, z, type RouteDefinition } from './deps.js';

const origin = z
  .string()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'must be a web origin such as https://club.example.org (scheme, host and optional port; no path)');

const createBody = z.object({
  organizationId: z.string().uuid(),
  name: z.string().trim().min(1).max(100),
  allowedOrigins: z.array(origin).min(1).max(20),
});
const listQuery = z.object({ organizationId: z.string({ message: 'is required' }).uuid() });
const deleteQuery = z.object({ id: z.string({ message: 'is required' }).min(1, 'is required') });

export const embedTokenJson = (token: EmbedTokenRow) => ({
  id: token.id,
  organizationId: token.organization_id,
  name: token.name,
  tokenPrefix: token.token_prefix,
  allowedOrigins: token.allowed_origins,
  active: token.active,
  createdAt: token.created_at.toISOString(),
  lastUsedAt: iso(token.last_used_at),
});

export function embedRoutes(context: IdentityContext): RouteDefinition[] {
  const { pool } = context;
  async function requireMember(organizationId: string, userId: string): Promise<void> {
    if (!(await roleIn(pool, organizationId, userId))) {
      throw forbidden('organization_membership_required', 'Embed tokens are managed by members of their organization.', { requiredRole: 'member' });
    }
  }
  return [
    {
      method: 'get',
      path: '/api/v1/embed-tokens',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const { organizationId } = parseInput(listQuery, req.query, 'query');
        await requireMember(organizationId, caller.userId);
        res.json({ data: (await listEmbedTokens(pool, organizationId)).map(embedTokenJson) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/embed-tokens',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const body = parseInput(createBody, req.body ?? {}, 'body');
        await requireMember(body.organizationId, caller.userId);
        const generated = generateEmbedToken();
        const token = await insertEmbedToken(pool, {
          id: randomUUID(),
          organizationId: body.organizationId,
          name: body.name,
          allowedOrigins: [...new Set(body.allowedOrigins)],
          prefix: generated.prefix,
          hash: generated.hash,
          createdBy: caller.userId,
        });
        res.setHeader('Cache-Control', 'no-store');
        res.status(201).json({
          data: { ...embedTokenJson(token), token: generated.secret },
          message: 'Embed token created. Put it in your widget: it is shown only once.',
        });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/embed-tokens',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const { id } = parseInput(deleteQuery, req.query, 'query');
        const token = isUuid(id) ? await findEmbedToken(pool, id) : undefined;
        if (!token) throw notFound('The embed token');
        await requireMember(token.organization_id, caller.userId);
        await deactivateEmbedToken(pool, token.id);
        await resourcesOf(context).invalidator.announce(res, [`embed:${token.id}`]);
        res.json({ message: 'Embed token deactivated.' });
      },
    },
  ];
}
