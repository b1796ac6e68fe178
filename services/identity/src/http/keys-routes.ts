/** API keys: session only; shown in full once; stored as SHA-256 only. */
import { randomUUID } from 'node:crypto';
import { generateApiKey } from '../domain/secrets.js';
import { resourcesOf, type IdentityContext } from '../resources.js';
import { insertApiKey, listActiveKeys, revokeKey, type ApiKeyRow } from '../store/keys.js';
import { iso, isUuid, sessionCaller } from './common.js';
import { notFound, parseInput, z, type RouteDefinition } from './deps.js';

export const SCOPES = ['read', 'write', 'register', 'results', 'admin'] as const;

const createBody = z.object({
  name: z.string().trim().min(1, 'must be 1-100 characters').max(100, 'must be 1-100 characters'),
  scopes: z
    .array(z.enum(SCOPES, { message: `must be one of ${SCOPES.join(', ')}` }))
    .min(1, 'must hold at least one scope')
    .default(['read'])
    .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope))),
  expiresInDays: z.number().min(1, 'must be 1-365').max(365, 'must be 1-365').optional(),
});
const deleteQuery = z.object({ id: z.string({ message: 'is required' }).min(1, 'is required') });

export const keyJson = (key: ApiKeyRow) => ({
  id: key.id,
  name: key.name,
  keyPrefix: key.key_prefix,
  scopes: key.scopes,
  rateLimit: key.rate_limit,
  lastUsedAt: iso(key.last_used_at),
  expiresAt: iso(key.expires_at),
  createdAt: key.created_at.toISOString(),
});

export function keyRoutes(context: IdentityContext): RouteDefinition[] {
  const { pool, config } = context;
  return [
    {
      method: 'get',
      path: '/api/v1/keys',
      handler: async (_req, res) => {
        const caller = sessionCaller(res);
        res.json({ data: (await listActiveKeys(pool, caller.userId)).map(keyJson) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/keys',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const body = parseInput(createBody, req.body ?? {}, 'body');
        const generated = generateApiKey();
        const key = await insertApiKey(pool, {
          id: randomUUID(),
          userId: caller.userId,
          name: body.name,
          prefix: generated.prefix,
          hash: generated.hash,
          scopes: body.scopes,
          rateLimit: config.RATE_LIMIT_DEFAULT,
          expiresAt: body.expiresInDays === undefined ? null : new Date(Date.now() + body.expiresInDays * 86_400_000),
        });
        const { lastUsedAt: _lastUsedAt, rateLimit: _rateLimit, ...record } = keyJson(key);
        res.setHeader('Cache-Control', 'no-store');
        res.status(201).json({
          data: { ...record, apiKey: generated.secret },
          message: 'API key created. Store it now: it is shown only once.',
        });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/keys',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const { id } = parseInput(deleteQuery, req.query, 'query');
        if (!isUuid(id) || !(await revokeKey(pool, caller.userId, id))) throw notFound('The API key');
        await resourcesOf(context).invalidator.announce(res, [`key:${id}`]);
        res.json({ message: 'API key revoked.' });
      },
    },
  ];
}
