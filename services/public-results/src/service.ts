/**
 * The public-results composition root. `setup` creates the per-process resources the routes and the
 * live task share (change feed, regatta heads, page cache, live hub); the live task starts the change
 * listener and the hub, and ends the open streams on shutdown.
 */
import { fileURLToPath } from 'node:url';
import type { BackgroundTask, ServiceDefinition } from '@regatta/runtime';
import { ChangeFeed } from './app/change-feed.js';
import { EventHeads } from './app/event-heads.js';
import { LiveHub } from './app/live-hub.js';
import { PageCache } from './app/page-cache.js';
import type { PublicContext, PublicResources } from './app/resources.js';
import { publicResultsEnv } from './config.js';
import { routes } from './http/routes.js';
import { readModelConsumer } from './messaging/read-model.consumer.js';

function createResources(context: PublicContext): PublicResources {
  const changes = new ChangeFeed(context.pool, context.logger);
  return {
    changes,
    hub: new LiveHub({ pool: context.pool, changes, logger: context.logger, heartbeatMs: context.config.LIVE_HEARTBEAT_MS }),
    cache: new PageCache(changes, context.config.PAGE_CACHE === 'on'),
    heads: new EventHeads(context.pool, changes),
  };
}

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

export const definition: ServiceDefinition<typeof publicResultsEnv, PublicResources> = {
  name: 'public-results',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4107,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: publicResultsEnv,
  setup: createResources,
  routes,
  consumers: (context) => [readModelConsumer(context)],
  background: (_context, resources) => [liveTask(resources)],
};
