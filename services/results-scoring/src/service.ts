import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { routes } from './http/routes.js';
import { projectionConsumer } from './messaging/consumer.js';

export const definition: ServiceDefinition = {
  name: 'results-scoring',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4104,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes,
  consumers: (context) => [projectionConsumer({ logger: context.logger, publish: (client, fact) => context.publish(client, fact) })],
};
