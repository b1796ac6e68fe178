/**
 * The notifications service's composition root. `setup` builds the SMTP sender and the identity
 * address lookup; the consumers decide who hears of each fact (outbox rows in the inbox's
 * transaction); the send worker hands the messages to the SMTP server.
 */
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { createEventsDirectory } from './adapters/events-directory.js';
import { createIdentityDirectory } from './adapters/identity-directory.js';
import { createSmtpSender } from './adapters/smtp-sender.js';
import type { NotificationsContext, NotificationsResources } from './app/resources.js';
import { DigestTask } from './app/digests.js';
import { SendWorker } from './app/worker.js';
import { createWebPushSender } from './adapters/web-push-sender.js';
import { notificationsEnv, vapidKeys } from './config.js';
import { notificationRoutes } from './http/notifications.routes.js';
import { internalRoutes } from './http/internal.routes.js';
import { pushRoutes } from './http/push.routes.js';
import { accountsConsumer } from './messaging/accounts.consumer.js';
import { captureConsumer } from './messaging/capture.consumer.js';
import { eventsConsumer } from './messaging/events.consumer.js';
import { identityConsumer } from './messaging/identity.consumer.js';
import { registrationsConsumer } from './messaging/registrations.consumer.js';
import { resultsConsumer } from './messaging/results.consumer.js';

function createResources(context: NotificationsContext): NotificationsResources {
  const { config } = context;
  const vapid = vapidKeys(config);
  return {
    push: vapid ? createWebPushSender({ ...vapid, subject: config.VAPID_SUBJECT }) : undefined,
    pushAllowHttp: config.NODE_ENV !== 'production',
    mail: createSmtpSender({ url: config.SMTP_URL, from: config.SMTP_FROM, connections: config.NOTIFY_CONCURRENCY }),
    directory: createIdentityDirectory({ baseUrl: config.IDENTITY_URL, assertionSecret: config.assertionSecret, timeoutMs: 5_000 }),
    guests: createEventsDirectory({ baseUrl: config.EVENTS_URL, assertionSecret: config.assertionSecret, timeoutMs: 5_000 }),
    send: {
      concurrency: config.NOTIFY_CONCURRENCY,
      leaseMs: config.NOTIFY_LEASE_MS,
      retryDelaysMs: config.NOTIFY_RETRY_DELAYS_MS,
      linkBaseUrl: config.NOTIFY_LINK_BASE_URL.replace(/\/+$/, ''),
      unsubscribeKey: config.NOTIFY_UNSUBSCRIBE_KEY ?? createHmac('sha256', config.assertionSecret).update('notifications-unsubscribe').digest('hex'),
      from: config.SMTP_FROM,
    },
  };
}

export const definition: ServiceDefinition<typeof notificationsEnv, NotificationsResources> = {
  name: 'notifications',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4109,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: notificationsEnv,
  setup: createResources,
  async teardown(resources) {
    resources.mail.close();
  },
  rawBodyPaths: [/^\/api\/v1\/notifications\/unsubscribe$/],
  routes: (context, resources) => [...notificationRoutes(context, resources), ...pushRoutes(context, resources), ...internalRoutes(context)],
  consumers: (context) => [eventsConsumer(context), registrationsConsumer(context), identityConsumer(), resultsConsumer(context), captureConsumer(context), accountsConsumer(context)],
  background: (context, resources) => [
    new SendWorker({ pool: context.pool, logger: context.logger.child({ component: 'sender' }), schema: context.config.DB_SCHEMA }, resources),
    new DigestTask({ pool: context.pool, schema: context.config.DB_SCHEMA, hour: context.config.NOTIFY_DIGEST_HOUR }, context.logger.child({ component: 'digests' }), context.config.NOTIFY_DIGEST_POLL_MS),
  ],
};
