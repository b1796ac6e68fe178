import type { RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventRoutes } from './events-routes.js';
import { registrationRoutes } from './registration-routes.js';
import { seriesRoutes } from './series-routes.js';

export function routes(context: ServiceContext): RouteDefinition[] {
  return [...eventRoutes(context), ...registrationRoutes(context), ...seriesRoutes(context)];
}
