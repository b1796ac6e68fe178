import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { routes } from './http/routes.js';
import { consumers } from './messaging/consumers.js';

export const definition: ServiceDefinition = {
  name: 'events',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4103,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes,
  consumers: () => consumers(),
};
