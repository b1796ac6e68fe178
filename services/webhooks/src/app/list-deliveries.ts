/** A page of a webhook's delivery attempts, newest first. */
import type { ServiceContext } from '@regatta/runtime';
import type { AttemptRow } from '../domain/records.js';
import { listAttempts } from '../store/deliveries.js';
import { ownedWebhook, type WebhookAdmin } from './admin.js';

export async function listDeliveries(
  context: ServiceContext,
  admin: WebhookAdmin,
  id: string,
  page: { limit: number; offset: number },
): Promise<{ items: AttemptRow[]; hasMore: boolean }> {
  await ownedWebhook(context.pool, admin, id);
  const rows = await listAttempts(context.pool, id, page.limit + 1, page.offset);
  return { items: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}
