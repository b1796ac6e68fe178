/** The events service's composition root: routes and the consumers of the projections it keeps. */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { routes } from './http/routes.js';
import { identityConsumer } from './messaging/identity.consumer.js';
import { importsConsumer } from './messaging/imports.consumer.js';
import { organizationsConsumer } from './messaging/organizations.consumer.js';
import { resultsConsumer } from './messaging/results.consumer.js';

export const definition: ServiceDefinition = {
  name: 'events',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4103,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes,
  consumers: (context) => [organizationsConsumer(context), identityConsumer(context), resultsConsumer(context), importsConsumer(context)],
};
