/** Deletes a webhook with its tasks and attempts (cascade); a concurrent delete is a 404. */
import { notFound } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { deleteWebhook as removeWebhook } from '../store/webhooks.js';
import { ownedWebhook, type WebhookAdmin } from './admin.js';

export async function deleteWebhook(context: ServiceContext, admin: WebhookAdmin, id: string): Promise<void> {
  await ownedWebhook(context.pool, admin, id);
  if (!(await removeWebhook(context.pool, id))) throw notFound('The webhook');
}
