/** Race capture's composition root: routes (capture, devices, the safety tally module) and the projections of regattas, entries and people's names. */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { captureRoutes } from './http/capture.routes.js';
import { deviceRoutes } from './http/devices.routes.js';
import { identityConsumer } from './messaging/identity.consumer.js';
import { regattaConsumer } from './messaging/regatta.consumer.js';
import { tallyRoutes } from './modules/tally/http/tally.routes.js';

export const definition: ServiceDefinition = {
  name: 'race-capture',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4108,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: (context) => [...captureRoutes(context), ...deviceRoutes(context), ...tallyRoutes(context)],
  consumers: (context) => [regattaConsumer(context), identityConsumer(context)],
};
