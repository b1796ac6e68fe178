/**
 * Race capture's composition root: routes (capture, devices, the safety tally module), the projections
 * of regattas, entries and people's names, and the tally's loop closing days at their deadline.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { captureEnv } from './config.js';
import { captureRoutes } from './http/capture.routes.js';
import { deviceRoutes } from './http/devices.routes.js';
import { identityConsumer } from './messaging/identity.consumer.js';
import { regattaConsumer } from './messaging/regatta.consumer.js';
import { tallyCloseTask } from './modules/tally/app/close-task.js';
import { tallyRoutes } from './modules/tally/http/tally.routes.js';

export const definition: ServiceDefinition<typeof captureEnv> = {
  name: 'race-capture',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4108,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: captureEnv,
  routes: (context) => [...captureRoutes(context), ...deviceRoutes(context), ...tallyRoutes(context)],
  consumers: (context) => [regattaConsumer(context), identityConsumer(context)],
  background: (context) => [tallyCloseTask(context, context.config.TALLY_CLOSE_INTERVAL_MS)],
};
