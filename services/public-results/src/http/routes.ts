import type { RouteDefinition } from '@regatta/http';
import type { PublicResources } from '../resources.js';
import { embedRoutes } from './embed.routes.js';
import { liveRoutes } from './live.routes.js';
import { pageRoutes } from './pages.routes.js';

export function routes(resources: PublicResources): RouteDefinition[] {
  const { pool, heads, hub, cache, config } = resources;
  return [
    // The live twin first: "/regattas/:slug/live" must not be taken for a page tab.
    ...liveRoutes({ pool, heads, hub, retryMs: config.LIVE_RETRY_MS }),
    ...pageRoutes({ pool, heads, cache, policy: { maxAgeSeconds: config.PUBLIC_MAX_AGE_SECONDS } }),
    ...embedRoutes(),
  ];
}
