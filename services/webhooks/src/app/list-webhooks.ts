/** The webhooks of the organizations the caller administers, or of the one asked for. */
import type { ServiceContext } from '@regatta/runtime';
import type { WebhookRow } from '../domain/records.js';
import { listWebhooks as selectWebhooks } from '../store/webhooks.js';
import { requireAdminOf, type WebhookAdmin } from './admin.js';

export async function listWebhooks(context: ServiceContext, admin: WebhookAdmin, organizationId: string | undefined): Promise<WebhookRow[]> {
  if (organizationId) requireAdminOf(admin, organizationId);
  return selectWebhooks(context.pool, organizationId ? [organizationId] : [...admin.organizations]);
}
