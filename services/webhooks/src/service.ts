import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { webhooksEnv } from './config.js';
import { routes } from './http/routes.js';
import { consumers } from './messaging/consumer.js';
import { runtimeOf } from './runtime.js';

export const definition: ServiceDefinition<typeof webhooksEnv> = {
  name: 'webhooks',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4106,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: webhooksEnv,
  routes: (context) => routes(runtimeOf(context)),
  consumers: () => consumers(),
  // The dispatcher and the retention pass run for the life of the process (not tied to any request).
  background: (context) => [runtimeOf(context).dispatcher, runtimeOf(context).pruner],
};
