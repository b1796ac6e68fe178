/** Every route of public-results, one file per resource. */
import type { RouteDefinition } from '@regatta/http';
import type { PublicContext, PublicResources } from '../app/resources.js';
import { embedRoutes } from './embed.routes.js';
import { liveRoutes } from './live.routes.js';
import { pageRoutes } from './pages.routes.js';

export function routes(context: PublicContext, resources: PublicResources): RouteDefinition[] {
  return [
    // The live twin first: "/regattas/:slug/live" must not be taken for a page tab.
    ...liveRoutes(context, resources),
    ...pageRoutes(context, resources),
    ...embedRoutes(),
  ];
}
