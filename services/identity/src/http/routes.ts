import type { RouteDefinition } from '@regatta/http';
import type { IdentityContext } from '../resources.js';
import { authRoutes } from './auth-routes.js';
import { embedRoutes } from './embed-routes.js';
import { internalRoutes } from './internal-routes.js';
import { keyRoutes } from './keys-routes.js';
import { memberRoutes } from './members-routes.js';

export function routes(context: IdentityContext): RouteDefinition[] {
  return [...authRoutes(context), ...keyRoutes(context), ...memberRoutes(context), ...embedRoutes(context), ...internalRoutes(context)];
}
