/**
 * PATCH of a webhook: URL, events, active. Pausing cancels its pending tasks; resuming clears the
 * failure count (store/webhooks.ts). The row is locked so concurrent changes apply one after another.
 */
import { notFound } from '@regatta/http';
import { withTransaction } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { WebhookRow } from '../domain/records.js';
import { findWebhook, updateWebhook as applyChanges } from '../store/webhooks.js';
import { ownedWebhook, type WebhookAdmin } from './admin.js';
import type { WebhooksResources } from './resources.js';
import { checkedUrl } from './webhook-url.js';

export interface WebhookPatch {
  url?: string | undefined;
  events?: string[] | undefined;
  active?: boolean | undefined;
}

export async function updateWebhook(
  context: ServiceContext,
  resources: Pick<WebhooksResources, 'urlEnv'>,
  admin: WebhookAdmin,
  id: string,
  patch: WebhookPatch,
): Promise<WebhookRow> {
  await ownedWebhook(context.pool, admin, id);
  const url = patch.url === undefined ? undefined : checkedUrl(resources.urlEnv, patch.url);
  return withTransaction(context.pool, async (client) => {
    const current = await findWebhook(client, id, true);
    if (!current) throw notFound('The webhook');
    return applyChanges(client, current, {
      ...(url !== undefined ? { url } : {}),
      ...(patch.events !== undefined ? { events: patch.events } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
    });
  });
}
