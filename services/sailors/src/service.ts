/**
 * The sailors service's composition root. It learns everything from Kafka facts and never calls
 * another service; one consumer (and Kafka group) per topic so a busy topic does not delay the others.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { boatRoutes } from './http/boats.routes.js';
import { rankingRoutes } from './http/rankings.routes.js';
import { sailorRoutes } from './http/sailors.routes.js';
import { eventsConsumer } from './messaging/events.consumer.js';
import { identityConsumer } from './messaging/identity.consumer.js';
import { organizationsConsumer } from './messaging/organizations.consumer.js';
import { registrationsConsumer } from './messaging/registrations.consumer.js';
import { resultsConsumer } from './messaging/results.consumer.js';

export const definition: ServiceDefinition = {
  name: 'sailors',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4105,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: (context) => [...sailorRoutes(context), ...boatRoutes(context), ...rankingRoutes(context)],
  consumers: (context) => [
    identityConsumer(context),
    organizationsConsumer(context),
    registrationsConsumer(context),
    eventsConsumer(context),
    resultsConsumer(context),
  ],
};
