/** Identity's composition root: per-process resources (setup/teardown), routes, consumer, background. */
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { resolveSecret } from '@regatta/config';
import type { ServiceDefinition } from '@regatta/runtime';
import { pruneSessions } from './app/prune-sessions.js';
import type { IdentityContext, IdentityResources } from './app/resources.js';
import { identityEnv } from './config.js';
import { routes } from './http/routes.js';
import { Invalidator, createRedis } from './adapters/credential-invalidation.js';
import { organizationsConsumer } from './messaging/organizations.consumer.js';
import { createLoginLimiter } from './store/login-failures.js';

const PRUNE_SESSIONS_EVERY_MS = 3_600_000;

function createResources(context: IdentityContext): IdentityResources {
  const { config, logger } = context;
  const redis = createRedis(config.REDIS_URL, logger);
  const sessionSecret = resolveSecret(config.SESSION_JWT_SECRET, config.NODE_ENV, 'session');
  return {
    redis,
    invalidator: new Invalidator(redis, config.INVALIDATION_CHANNEL, logger),
    sessionSecret,
    accountLinkKey: createHmac('sha256', sessionSecret).update('account-links').digest('hex'),
    loginLimiter: createLoginLimiter(redis, { maxFailures: config.LOGIN_MAX_FAILURES, windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS }),
    cookieSecure: config.NODE_ENV !== 'development',
  };
}

export const definition: ServiceDefinition<typeof identityEnv, IdentityResources> = {
  name: 'identity',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4101,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: identityEnv,
  setup: createResources,
  async teardown(resources) {
    resources.redis.disconnect();
  },
  routes,
  consumers: (context, resources) => [organizationsConsumer(context, resources)],
  background: (context) => {
    let timer: NodeJS.Timeout | undefined;
    return [
      {
        async start() {
          timer = setInterval(() => void pruneSessions(context).catch(() => undefined), PRUNE_SESSIONS_EVERY_MS);
          timer.unref();
        },
        async stop() {
          if (timer) clearInterval(timer);
        },
      },
    ];
  },
};
