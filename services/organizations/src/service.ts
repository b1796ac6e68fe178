/** Organizations' composition root: routes and the events.v1 projection (no per-process resources). */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { organizationRoutes } from './http/organizations.routes.js';
import { eventsConsumer } from './messaging/events.consumer.js';

export const definition: ServiceDefinition = {
  name: 'organizations',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4102,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: (context) => organizationRoutes(context),
  consumers: (context) => [eventsConsumer(context)],
};
