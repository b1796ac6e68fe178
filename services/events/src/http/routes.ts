/** Every route of the events service, one file per resource. */
import type { RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { documentRoutes } from './documents.routes.js';
import { entryFormRoutes } from './entry-form.routes.js';
import { eventRoutes } from './events.routes.js';
import { fleetRoutes } from './fleets.routes.js';
import { internalRoutes } from './internal.routes.js';
import { organizationEventRoutes } from './organization-events.routes.js';
import { raceRoutes } from './races.routes.js';
import { ratingRoutes } from './ratings.routes.js';
import { registrationRoutes } from './registrations.routes.js';
import { seriesRoutes } from './series.routes.js';

export function routes(context: ServiceContext): RouteDefinition[] {
  return [
    ...eventRoutes(context),
    ...fleetRoutes(context),
    ...raceRoutes(context),
    ...documentRoutes(context),
    ...registrationRoutes(context),
    ...entryFormRoutes(context),
    ...ratingRoutes(context),
    ...seriesRoutes(context),
    ...organizationEventRoutes(context),
    ...internalRoutes(context),
  ];
}
