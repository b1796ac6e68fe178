import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { identityEnv } from './config.js';
import { routes } from './http/routes.js';
import { organizationsConsumer } from './messaging/organizations-consumer.js';
import { resourcesOf } from './resources.js';
import { pruneExpiredSessions } from './store/users.js';

export const definition: ServiceDefinition<typeof identityEnv> = {
  name: 'identity',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4101,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: identityEnv,
  routes,
  consumers: (context) => [organizationsConsumer(context)],
  background: (context) => {
    let timer: NodeJS.Timeout | undefined;
    return [
      {
        async start() {
          timer = setInterval(() => void pruneExpiredSessions(context.pool).catch(() => undefined), 3_600_000);
          timer.unref();
        },
        async stop() {
          if (timer) clearInterval(timer);
          resourcesOf(context).redis.disconnect();
        },
      },
    ];
  },
};
