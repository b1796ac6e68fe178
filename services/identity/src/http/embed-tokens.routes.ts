/**
 * Embed tokens for public widgets: session plus membership of the token's organization. A widget
 * presents the token as "X-Embed-Token" (or ?embed_token= on GETs); it reads that organization's
 * public events, results and standings only, from its allowed origins.
 */
import { parseInput, type RouteDefinition } from '@regatta/http';
import { createEmbedToken } from '../app/create-embed-token.js';
import { deactivateEmbedToken } from '../app/deactivate-embed-token.js';
import { listEmbedTokens } from '../app/list-embed-tokens.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import { isUuid, sessionCaller } from './callers.js';
import { createEmbedTokenBody, deleteEmbedTokenQuery, listEmbedTokensQuery } from './embed-tokens.schemas.js';
import { embedTokenView } from './embed-tokens.views.js';
import { announceInvalidation } from './invalidation-header.js';

export function embedTokenRoutes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/embed-tokens',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const { organizationId } = parseInput(listEmbedTokensQuery, req.query, 'query');
        res.json({ data: (await listEmbedTokens(context, organizationId, caller.userId)).map(embedTokenView) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/embed-tokens',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const body = parseInput(createEmbedTokenBody, req.body ?? {}, 'body');
        const { token, secret } = await createEmbedToken(context, caller.userId, body);
        res.setHeader('Cache-Control', 'no-store');
        res.status(201).json({
          data: { ...embedTokenView(token), token: secret },
          message: 'Embed token created. Put it in your widget: it is shown only once.',
        });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/embed-tokens',
      handler: async (req, res) => {
        const caller = sessionCaller(res);
        const { id } = parseInput(deleteEmbedTokenQuery, req.query, 'query');
        announceInvalidation(res, await deactivateEmbedToken(context, resources, caller.userId, isUuid(id) ? id : undefined));
        res.json({ message: 'Embed token deactivated.' });
      },
    },
  ];
}
