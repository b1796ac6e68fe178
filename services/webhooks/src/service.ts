/**
 * The webhooks service's composition root. `setup` creates the per-process resources (the signing
 * secrets' key, the HTTP sender with its kept-alive connections, the delivery settings); the
 * dispatcher and the retention pass are background tasks that run for the life of the process.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { Dispatcher } from './app/dispatcher.js';
import type { WebhooksContext, WebhooksResources } from './app/resources.js';
import { retentionTask } from './app/retention-task.js';
import { SigningSecrets } from './app/signing-secrets.js';
import { resolveSecretKey, webhooksEnv } from './config.js';
import { SecretBox } from './domain/secret-box.js';
import { deliveryRoutes } from './http/deliveries.routes.js';
import { webhookRoutes } from './http/webhooks.routes.js';
import { deliveriesConsumer } from './messaging/deliveries.consumer.js';
import { createHttpSender } from './adapters/http-sender.js';

function createResources(context: WebhooksContext): WebhooksResources {
  const { config } = context;
  return {
    urlEnv: config.NODE_ENV,
    secrets: new SigningSecrets(new SecretBox(resolveSecretKey(config.WEBHOOK_SECRET_KEY, config.NODE_ENV))),
    sender: createHttpSender(),
    delivery: {
      retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      maxConsecutiveFailures: config.WEBHOOK_MAX_CONSECUTIVE_FAILURES,
      policy: config.NODE_ENV === 'production' ? 'production' : 'development',
    },
  };
}

export const definition: ServiceDefinition<typeof webhooksEnv, WebhooksResources> = {
  name: 'webhooks',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4106,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: webhooksEnv,
  setup: createResources,
  async teardown(resources) {
    resources.sender.close();
  },
  routes: (context, resources) => [...webhookRoutes(context, resources), ...deliveryRoutes(context)],
  consumers: (context) => [deliveriesConsumer(context)],
  background: (context, resources) => [
    new Dispatcher({ pool: context.pool, logger: context.logger.child({ component: 'dispatcher' }), schema: context.config.DB_SCHEMA }, resources),
    retentionTask(
      { pool: context.pool, logger: context.logger.child({ component: 'retention' }) },
      { retentionDays: context.config.WEBHOOK_RETENTION_DAYS, intervalMs: context.config.WEBHOOK_PRUNE_INTERVAL_MS },
    ),
  ],
};
