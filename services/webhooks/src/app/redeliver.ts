/** Queues the message of an earlier attempt once more (same message id), for an active webhook. */
import { notFound, problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isUuid } from '../domain/ids.js';
import { findAttempt } from '../store/deliveries.js';
import { insertManualTask } from '../store/messages.js';
import { ownedWebhook, type WebhookAdmin } from './admin.js';

export async function redeliver(
  context: ServiceContext,
  admin: WebhookAdmin,
  id: string,
  deliveryId: unknown,
): Promise<{ messageId: string; event: string }> {
  const webhook = await ownedWebhook(context.pool, admin, id);
  const attempt = isUuid(deliveryId) ? await findAttempt(context.pool, id, deliveryId) : undefined;
  if (!attempt) throw notFound('The delivery');
  if (!webhook.active) throw problem('webhook_inactive', 'The webhook is inactive; resume it (PATCH active true) first.');
  await insertManualTask(context.pool, id, attempt.message_id, 'redeliver');
  return { messageId: attempt.message_id, event: attempt.event_type };
}
