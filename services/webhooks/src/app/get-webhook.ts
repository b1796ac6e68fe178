/** One webhook of an organization the caller administers (403 for a member, 404 otherwise). */
import type { ServiceContext } from '@regatta/runtime';
import type { WebhookRow } from '../domain/records.js';
import { ownedWebhook, type WebhookAdmin } from './admin.js';

export function getWebhook(context: ServiceContext, admin: WebhookAdmin, id: unknown): Promise<WebhookRow> {
  return ownedWebhook(context.pool, admin, id);
}
