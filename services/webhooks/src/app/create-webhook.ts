/**
 * Subscribes an organization to events. The signing secret is generated here, sealed at rest, and
 * returned once (the caller stores it; it is never shown again).
 */
import { randomUUID } from 'node:crypto';
import { validationFailed } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { WebhookRow } from '../domain/records.js';
import { generateSecret } from '../domain/signature.js';
import { insertWebhook } from '../store/webhooks.js';
import { requireAdminOf, type WebhookAdmin } from './admin.js';
import type { WebhooksResources } from './resources.js';
import { checkedUrl } from './webhook-url.js';

export interface NewWebhook {
  url: string;
  events: string[];
  /** Required when the caller administers several organizations. */
  organizationId?: string | undefined;
}

export async function createWebhook(
  context: ServiceContext,
  resources: Pick<WebhooksResources, 'secrets' | 'urlEnv'>,
  admin: WebhookAdmin,
  input: NewWebhook,
): Promise<{ webhook: WebhookRow; secret: string }> {
  let organizationId: string;
  if (input.organizationId) {
    requireAdminOf(admin, input.organizationId);
    organizationId = input.organizationId;
  } else if (admin.organizations.length === 1) {
    organizationId = admin.organizations[0]!;
  } else {
    throw validationFailed([{ field: 'organizationId', message: 'required: you administer several organizations' }]);
  }
  const url = checkedUrl(resources.urlEnv, input.url);
  const id = randomUUID();
  const secret = generateSecret();
  const webhook = await insertWebhook(context.pool, {
    id,
    organizationId,
    url,
    events: input.events,
    secretSealed: resources.secrets.seal(secret, id),
    createdBy: admin.userId,
  });
  return { webhook, secret };
}
