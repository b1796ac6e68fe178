import { fileURLToPath } from 'node:url';
import type { BackgroundTask, ServiceContext, ServiceDefinition } from '@regatta/runtime';
import { routes } from './http/routes.js';
import { consumers } from './messaging/consumers.js';
import { createResources, env, type PublicResources } from './resources.js';

// One process, one context: the routes and the background task share these.
let resources: PublicResources | undefined;
const resourcesOf = (context: ServiceContext<typeof env>) => (resources ??= createResources(context));

function liveTask(shared: PublicResources): BackgroundTask {
  return {
    async start() {
      await shared.changes.start();
      shared.hub.start();
    },
    beforeClose() {
      shared.hub.close();
    },
    async stop() {
      shared.hub.close();
      await shared.changes.stop();
    },
  };
}

export const definition: ServiceDefinition<typeof env> = {
  name: 'public-results',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4107,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env,
  routes: (context) => routes(resourcesOf(context)),
  consumers: () => consumers(),
  background: (context) => [liveTask(resourcesOf(context))],
};
