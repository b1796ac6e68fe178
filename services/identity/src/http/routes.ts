/** Every route of identity, one file per resource. */
import type { RouteDefinition } from '@regatta/http';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import { accountLinkRoutes } from './account-links.routes.js';
import { authRoutes } from './auth.routes.js';
import { embedTokenRoutes } from './embed-tokens.routes.js';
import { internalRoutes } from './internal.routes.js';
import { keyRoutes } from './keys.routes.js';
import { memberRoutes } from './members.routes.js';

export function routes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  return [
    ...authRoutes(context, resources),
    ...accountLinkRoutes(context, resources),
    ...keyRoutes(context, resources),
    ...memberRoutes(context, resources),
    ...embedTokenRoutes(context, resources),
    ...internalRoutes(context, resources),
  ];
}
