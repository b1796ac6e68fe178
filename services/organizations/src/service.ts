import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { routes } from './http/routes.js';
import { eventsProjection } from './messaging/events-projection.js';

export const definition: ServiceDefinition = {
  name: 'organizations',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4102,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes,
  consumers: (context) => [eventsProjection(context.logger)],
};
