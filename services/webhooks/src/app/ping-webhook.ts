/** Queues a ping message to an active webhook (its own message and task, in one transaction). */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { PING_EVENT, pingBody } from '../domain/catalogue.js';
import { insertManualTask, insertMessage } from '../store/messages.js';
import { ownedWebhook, type WebhookAdmin } from './admin.js';

export async function pingWebhook(
  context: ServiceContext,
  admin: WebhookAdmin,
  id: string,
  requestId: string | null,
): Promise<{ messageId: string; event: typeof PING_EVENT }> {
  const webhook = await ownedWebhook(context.pool, admin, id);
  if (!webhook.active) throw problem('webhook_inactive', 'The webhook is inactive; resume it (PATCH active true) first.');
  const messageId = randomUUID();
  const now = new Date();
  await withTransaction(context.pool, async (client) => {
    await insertMessage(client, {
      id: messageId,
      eventType: PING_EVENT,
      organizationId: webhook.organization_id,
      eventId: null,
      body: pingBody(messageId, id, now),
      requestId,
      createdAt: now,
    });
    await insertManualTask(client, id, messageId, 'ping');
  });
  return { messageId, event: PING_EVENT };
}
