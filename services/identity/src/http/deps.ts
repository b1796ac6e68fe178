export { identityOf, requestIdOf, unauthorized, forbidden, notFound, conflict, HttpProblem, parseInput, badRequest } from '@regatta/http';
export type { Identity, OrganizationRole, RouteDefinition, Scope } from '@regatta/http';
export { z } from '@regatta/config';
