/** Results-scoring's composition root: results and standings routes, the projections consumer (no per-process resources). */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { resultsRoutes } from './http/results.routes.js';
import { standingsRoutes } from './http/standings.routes.js';
import { projectionsConsumer } from './messaging/projections.consumer.js';

export const definition: ServiceDefinition = {
  name: 'results-scoring',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4104,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: (context) => [...resultsRoutes(context), ...standingsRoutes(context)],
  consumers: (context) => [projectionsConsumer(context)],
};
