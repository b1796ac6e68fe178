/**
 * /api/v1/webhooks: subscriptions of an organization, their delivery attempts, redelivery and ping.
 * Callers need the admin scope (API keys) and the admin role of the webhook's organization; webhooks
 * of organizations the caller has no role in answer 404, exactly like unknown ids.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { withTransaction } from '@regatta/db';
import { HttpProblem, forbidden, identityOf, notFound, parseInput, unauthorized, validationFailed, type Identity, type RouteDefinition } from '@regatta/http';
import { PING_EVENT, pingBody } from '../domain/catalogue.js';
import { generateSecret } from '../domain/signature.js';
import { checkWebhookUrl } from '../domain/url-rules.js';
import { findAttempt, listAttempts } from '../store/deliveries.js';
import { insertManualTask, insertMessage } from '../store/messages.js';
import { deleteWebhook, findWebhook, insertWebhook, listWebhooks, updateWebhook, type WebhookRow } from '../store/webhooks.js';
import type { WebhooksRuntime } from '../runtime.js';
import {
  createWebhookBody,
  deliveriesQuery,
  deliveryRecord,
  isUuid,
  listQuery,
  updateWebhookBody,
  webhookRecord,
} from './schemas.js';

/** Organizations the caller administers, after checking the admin scope of API keys. */
function adminOrganizations(res: Response): { identity: Identity; organizations: string[] } {
  const identity = identityOf(res);
  if (identity.via === 'anonymous') throw unauthorized('credentials_required', 'Send an API key with the admin scope.');
  if (identity.via === 'embed') throw forbidden('embed_token_not_allowed', 'Embed tokens cannot manage webhooks.');
  if (identity.via === 'key' && !identity.scopes.includes('admin')) {
    throw forbidden('missing_scope', 'Webhook endpoints require the admin scope.', { requiredScopes: ['admin'] });
  }
  const organizations = Object.entries(identity.roles)
    .filter(([, role]) => role === 'admin')
    .map(([organizationId]) => organizationId);
  if (organizations.length === 0) throw forbidden('organization_admin_required', 'Only organization admins manage webhooks.');
  return { identity, organizations };
}

/** The webhook if the caller administers its organization: 403 for a mere member, 404 otherwise. */
async function ownedWebhook(runtime: WebhooksRuntime, res: Response, id: unknown): Promise<WebhookRow> {
  const { identity, organizations } = adminOrganizations(res);
  if (!isUuid(id)) throw notFound('The webhook');
  const row = await findWebhook(runtime.pool, id);
  if (!row) throw notFound('The webhook');
  if (organizations.includes(row.organization_id)) return row;
  if (identity.roles[row.organization_id] === 'member') {
    throw forbidden('organization_admin_required', 'Only admins of the organization manage its webhooks.');
  }
  throw notFound('The webhook');
}

function checkedUrl(runtime: WebhooksRuntime, url: string): string {
  const check = checkWebhookUrl(url, runtime.env);
  if (!check.ok) throw validationFailed([{ field: 'url', message: check.message }]);
  return check.url;
}

export function routes(runtime: WebhooksRuntime): RouteDefinition[] {
  const { pool } = runtime;
  return [
    {
      method: 'get',
      path: '/api/v1/webhooks',
      handler: async (req, res) => {
        const query = parseInput(listQuery, req.query, 'query');
        const { organizations } = adminOrganizations(res);
        if (query.organizationId && !organizations.includes(query.organizationId)) {
          throw forbidden('organization_admin_required', 'You are not an admin of that organization.');
        }
        const rows = await listWebhooks(pool, query.organizationId ? [query.organizationId] : organizations);
        res.json({ data: rows.map(webhookRecord) });
      },
    },
    {
      method: 'post',
      path: '/api/v1/webhooks',
      handler: async (req, res) => {
        const body = parseInput(createWebhookBody, req.body ?? {}, 'body');
        const { identity, organizations } = adminOrganizations(res);
        let organizationId: string;
        if (body.organizationId) {
          if (!organizations.includes(body.organizationId)) {
            throw forbidden('organization_admin_required', 'You are not an admin of that organization.');
          }
          organizationId = body.organizationId;
        } else if (organizations.length === 1) {
          organizationId = organizations[0]!;
        } else {
          throw validationFailed([{ field: 'organizationId', message: 'required: you administer several organizations' }]);
        }
        const url = checkedUrl(runtime, body.url);
        const id = randomUUID();
        const secret = generateSecret();
        const row = await insertWebhook(pool, {
          id,
          organizationId,
          url,
          events: body.events,
          secretSealed: runtime.secrets.seal(secret, id),
          createdBy: identity.userId ?? null,
        });
        res.status(201).json({
          data: { id: row.id, url: row.url, events: row.events, active: row.active, createdAt: row.created_at.toISOString(), secret },
          message: 'Webhook created. Store the secret now: it is not shown again.',
        });
      },
    },
    {
      method: 'get',
      path: '/api/v1/webhooks/:id',
      handler: async (req, res) => {
        const row = await ownedWebhook(runtime, res, req.params['id']);
        res.json({ data: webhookRecord(row) });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/webhooks/:id',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const body = parseInput(updateWebhookBody, req.body ?? {}, 'body');
        await ownedWebhook(runtime, res, id);
        const url = body.url === undefined ? undefined : checkedUrl(runtime, body.url);
        const updated = await withTransaction(pool, async (client) => {
          const current = await findWebhook(client, id, true);
          if (!current) throw notFound('The webhook');
          return updateWebhook(client, current, {
            ...(url !== undefined ? { url } : {}),
            ...(body.events !== undefined ? { events: body.events } : {}),
            ...(body.active !== undefined ? { active: body.active } : {}),
          });
        });
        res.json({ data: webhookRecord(updated), message: 'Webhook updated.' });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/webhooks/:id',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        await ownedWebhook(runtime, res, id);
        if (!(await deleteWebhook(pool, id))) throw notFound('The webhook');
        res.json({ message: 'Webhook deleted.' });
      },
    },
    {
      method: 'get',
      path: '/api/v1/webhooks/:id/deliveries',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const query = parseInput(deliveriesQuery, req.query, 'query');
        await ownedWebhook(runtime, res, id);
        const rows = await listAttempts(pool, id, query.limit + 1, query.offset);
        res.json({
          data: rows.slice(0, query.limit).map(deliveryRecord),
          pagination: { limit: query.limit, offset: query.offset, hasMore: rows.length > query.limit },
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const deliveryId = req.params['deliveryId'];
        const webhook = await ownedWebhook(runtime, res, id);
        const attempt = isUuid(deliveryId) ? await findAttempt(pool, id, deliveryId) : undefined;
        if (!attempt) throw notFound('The delivery');
        if (!webhook.active) throw new HttpProblem(409, 'webhook_inactive', 'The webhook is inactive; resume it (PATCH active true) first.');
        await insertManualTask(pool, id, attempt.message_id, 'redeliver');
        res.status(202).json({
          data: { webhookId: id, messageId: attempt.message_id, event: attempt.event_type },
          message: 'Redelivery queued: the same message (same id) is sent once more.',
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/webhooks/:id/ping',
      handler: async (req, res) => {
        const id = String(req.params['id']);
        const webhook = await ownedWebhook(runtime, res, id);
        if (!webhook.active) throw new HttpProblem(409, 'webhook_inactive', 'The webhook is inactive; resume it (PATCH active true) first.');
        const messageId = randomUUID();
        const now = new Date();
        await withTransaction(pool, async (client) => {
          await insertMessage(client, {
            id: messageId,
            eventType: PING_EVENT,
            organizationId: webhook.organization_id,
            eventId: null,
            body: pingBody(messageId, id, now),
            requestId: (req as unknown as { id?: string }).id ?? null,
            createdAt: now,
          });
          await insertManualTask(client, id, messageId, 'ping');
        });
        res.status(202).json({ data: { webhookId: id, messageId, event: PING_EVENT }, message: 'Ping queued.' });
      },
    },
  ];
}
