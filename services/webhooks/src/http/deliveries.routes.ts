/** A webhook's delivery attempts, redelivery of one of them, and ping (same access rules as webhooks.routes.ts). */
import { parseInput, type RouteDefinition } from '@regatta/http';
import { listDeliveries } from '../app/list-deliveries.js';
import { pingWebhook } from '../app/ping-webhook.js';
import { redeliver } from '../app/redeliver.js';
import type { WebhooksContext } from '../app/resources.js';
import { webhookAdmin } from './callers.js';
import { deliveriesQuery } from './deliveries.schemas.js';
import { deliveryView } from './deliveries.views.js';

export function deliveryRoutes(context: WebhooksContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/webhooks/:id/deliveries',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const query = parseInput(deliveriesQuery, req.query, 'query');
        const { items, hasMore } = await listDeliveries(context, webhookAdmin(res), id, query);
        res.json({
          data: items.map(deliveryView),
          pagination: { limit: query.limit, offset: query.offset, hasMore },
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const { messageId, event } = await redeliver(context, webhookAdmin(res), id, req.params['deliveryId']);
        res.status(202).json({
          data: { webhookId: id, messageId, event },
          message: 'Redelivery queued: the same message (same id) is sent once more.',
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/webhooks/:id/ping',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const requestId = (req as unknown as { id?: string }).id ?? null;
        const { messageId, event } = await pingWebhook(context, webhookAdmin(res), id, requestId);
        res.status(202).json({ data: { webhookId: id, messageId, event }, message: 'Ping queued.' });
      },
    },
  ];
}
