/** API keys: session only; shown in full once; stored as SHA-256 only. */
import { notFound, parseInput, type RouteDefinition } from '@regatta/http';
import { createKey } from '../app/create-key.js';
import { listKeys } from '../app/list-keys.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import { revokeKey } from '../app/revoke-key.js';
import { isUuid, sessionCaller } from './callers.js';
import { announceInvalidation } from './invalidation-header.js';
import { createKeyBody, deleteKeyQuery } from './keys.schemas.js';
import { createdKeyView, keyView } from './keys.views.js';

export function keyRoutes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/keys',
      handler: async (_req, res) => {
        const caller = sessionCaller(res);
        res.json({ data: (await listKeys(context, caller.userId)).map(keyView) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/keys',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const body = parseInput(createKeyBody, req.body ?? {}, 'body');
        const { key, secret } = await createKey(context, caller.userId, body);
        res.setHeader('Cache-Control', 'no-store');
        res.status(201).json({ data: createdKeyView(key, secret), message: 'API key created. Store it now: it is shown only once.' });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/keys',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const { id } = parseInput(deleteKeyQuery, req.query, 'query');
        if (!isUuid(id)) throw notFound('The API key');
        announceInvalidation(res, await revokeKey(context, resources, caller.userId, id));
        res.json({ message: 'API key revoked.' });
      },
    },
  ];
}
