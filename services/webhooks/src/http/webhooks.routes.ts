/**
 * /api/v1/webhooks: the subscriptions of an organization. Callers need the admin scope (API keys) and
 * the admin role of the webhook's organization; webhooks of organizations the caller has no role in
 * answer 404, exactly like unknown ids.
 */
import { parseInput, type RouteDefinition } from '@regatta/http';
import { createWebhook } from '../app/create-webhook.js';
import { deleteWebhook } from '../app/delete-webhook.js';
import { getWebhook } from '../app/get-webhook.js';
import { listWebhooks } from '../app/list-webhooks.js';
import type { WebhooksContext, WebhooksResources } from '../app/resources.js';
import { updateWebhook } from '../app/update-webhook.js';
import { webhookAdmin } from './callers.js';
import { createWebhookBody, listQuery, updateWebhookBody } from './webhooks.schemas.js';
import { createdWebhookView, webhookView } from './webhooks.views.js';

export function webhookRoutes(context: WebhooksContext, resources: WebhooksResources): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/webhooks',
      handler: async (req, res) => {
        const query = parseInput(listQuery, req.query, 'query');
        const rows = await listWebhooks(context, webhookAdmin(res), query.organizationId);
        res.json({ data: rows.map(webhookView) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/webhooks',
      handler: async (req, res) => {
        const body = parseInput(createWebhookBody, req.body ?? {}, 'body');
        const { webhook, secret } = await createWebhook(context, resources, webhookAdmin(res), body);
        res.status(201).json({
          data: createdWebhookView(webhook, secret),
          message: 'Webhook created. Store the secret now: it is not shown again.',
        });
      },
    },
    {
      method: 'get',
      path: '/api/v1/webhooks/:id',
      handler: async (req, res) => {
        const admin = webhookAdmin(res);
        res.json({ data: webhookView(await getWebhook(context, admin, req.params['id'])) });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/webhooks/:id',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const body = parseInput(updateWebhookBody, req.body ?? {}, 'body');
        const updated = await updateWebhook(context, resources, webhookAdmin(res), id, body);
        res.json({ data: webhookView(updated), message: 'Webhook updated.' });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/webhooks/:id',
      handler: async (req, res) => {
        await deleteWebhook(context, webhookAdmin(res), String(req.params['id']));
        res.json({ message: 'Webhook deleted.' });
      },
    },
  ];
}
