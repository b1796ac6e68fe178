/**
 * The gateway's one route table: which service serves a path and what a caller needs to reach it.
 * The OpenAPI document states the same rules (x-required-scopes); a test keeps the two in step.
 */
import { isMalformedPath, type Scope } from '@regatta/http';
import type { ServiceName } from './config.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Access =
  /** No credentials needed. */
  | { kind: 'public' }
  /** A signed-in web session only; API keys are refused (401), as the contract says for /keys and /embed-tokens. */
  | { kind: 'session' }
  /**
   * An API key holding one of `anyOf` scopes, or a session (a person acts with their own rights;
   * services still check organization roles). `embed` lets a widget's embed token read it.
   */
  | { kind: 'credential'; anyOf: Scope[]; embed?: boolean };

export interface RouteRule {
  method: Method;
  path: string;
  service: ServiceName | 'gateway';
  access: Access;
  /** A long-lived response (Server-Sent Events): proxied without a response timeout. */
  stream?: boolean;
  /**
   * Work the gateway does before relaying a successful response. 'organization-created': on a 201 it
   * waits (<= 3 s, in identity) until the creator's admin membership is projected and drops the
   * creator's cached principals, so the very next request acts as the organization's admin.
   */
  after?: 'organization-created';
}

const PUBLIC: Access = { kind: 'public' };
const SESSION: Access = { kind: 'session' };
const scope = (...anyOf: Scope[]): Access => ({ kind: 'credential', anyOf });
/** read scope; also open to an embed token (its organization's public events, results, standings). */
const publicRead: Access = { kind: 'credential', anyOf: ['read'], embed: true };

const rule = (method: Method, path: string, service: RouteRule['service'], access: Access): RouteRule => ({ method, path, service, access });

export const ROUTES: RouteRule[] = [
  rule('GET', '/api/v1/health', 'gateway', PUBLIC),
  rule('GET', '/api/v1/openapi.json', 'gateway', PUBLIC),
  rule('GET', '/api/v1/docs', 'gateway', PUBLIC),
  rule('GET', '/api/v1/docs/assets/:file', 'gateway', PUBLIC),

  // identity
  rule('POST', '/api/v1/auth/signup', 'identity', PUBLIC),
  rule('POST', '/api/v1/auth/login', 'identity', PUBLIC),
  rule('POST', '/api/v1/auth/logout', 'identity', SESSION),
  rule('GET', '/api/v1/auth/session', 'identity', SESSION),
  rule('GET', '/api/v1/keys', 'identity', SESSION),
  rule('POST', '/api/v1/keys', 'identity', SESSION),
  rule('DELETE', '/api/v1/keys', 'identity', SESSION),
  rule('GET', '/api/v1/embed-tokens', 'identity', SESSION),
  rule('POST', '/api/v1/embed-tokens', 'identity', SESSION),
  rule('DELETE', '/api/v1/embed-tokens', 'identity', SESSION),
  rule('GET', '/api/v1/organizations/:slug/members', 'identity', scope('read')),
  rule('POST', '/api/v1/organizations/:slug/members', 'identity', scope('admin')),
  rule('PATCH', '/api/v1/organizations/:slug/members/:userId', 'identity', scope('admin')),
  rule('DELETE', '/api/v1/organizations/:slug/members/:userId', 'identity', scope('admin')),

  // organizations
  rule('GET', '/api/v1/organizations', 'organizations', scope('read')),
  { ...rule('POST', '/api/v1/organizations', 'organizations', scope('write')), after: 'organization-created' },
  rule('GET', '/api/v1/organizations/:slug', 'organizations', scope('read')),
  rule('PATCH', '/api/v1/organizations/:slug', 'organizations', scope('write')),

  // events
  rule('GET', '/api/v1/events', 'events', publicRead),
  rule('POST', '/api/v1/events', 'events', scope('write')),
  rule('GET', '/api/v1/events/:slug', 'events', publicRead),
  rule('PUT', '/api/v1/events/:slug', 'events', scope('write')),
  // events: a new draft copied from a regatta (as creating one: write scope, membership checked by the service)
  rule('POST', '/api/v1/events/:slug/copy', 'events', scope('write')),
  rule('POST', '/api/v1/events/:slug/register', 'events', scope('register')),
  rule('GET', '/api/v1/events/:slug/registrations', 'events', scope('read')),
  rule('PATCH', '/api/v1/events/:slug/registrations/:registrationId', 'events', scope('register', 'write')),
  rule('POST', '/api/v1/events/:slug/registrations/:registrationId/cancel', 'events', scope('register', 'write')),
  // events: an entry's rating changes (a new certificate from a race on; issue 15)
  rule('GET', '/api/v1/events/:slug/registrations/:registrationId/ratings', 'events', scope('read')),
  rule('PUT', '/api/v1/events/:slug/registrations/:registrationId/ratings', 'events', scope('write')),
  rule('POST', '/api/v1/events/:slug/fleets', 'events', scope('write')),
  rule('POST', '/api/v1/events/:slug/races', 'events', scope('write')),
  rule('POST', '/api/v1/events/:slug/documents', 'events', scope('write')),
  rule('GET', '/api/v1/series', 'events', scope('read')),
  rule('POST', '/api/v1/series', 'events', scope('write')),
  rule('GET', '/api/v1/series/:slug', 'events', scope('read')),
  // Complete resources (issue 15): change and remove, with the committee's scopes.
  rule('DELETE', '/api/v1/events/:slug', 'events', scope('write')),
  rule('POST', '/api/v1/events/:slug/cancel', 'events', scope('write')),
  rule('PATCH', '/api/v1/events/:slug/fleets/:fleetId', 'events', scope('write')),
  rule('DELETE', '/api/v1/events/:slug/fleets/:fleetId', 'events', scope('write')),
  rule('PATCH', '/api/v1/events/:slug/races/:raceId', 'events', scope('write')),
  rule('DELETE', '/api/v1/events/:slug/races/:raceId', 'events', scope('write')),
  rule('PATCH', '/api/v1/events/:slug/documents/:documentId', 'events', scope('write')),
  rule('DELETE', '/api/v1/events/:slug/documents/:documentId', 'events', scope('write')),
  rule('GET', '/api/v1/events/:slug/documents/:documentId/versions', 'events', publicRead),
  rule('PATCH', '/api/v1/series/:slug', 'events', scope('write')),
  rule('DELETE', '/api/v1/series/:slug', 'events', scope('write')),
  // events: an organization's own regattas in every status (read scope; membership checked by the service)
  rule('GET', '/api/v1/organizations/:slug/events', 'events', scope('read')),

  // results-scoring
  rule('GET', '/api/v1/events/:slug/results', 'results-scoring', publicRead),
  rule('GET', '/api/v1/events/:slug/standings', 'results-scoring', publicRead),
  rule('GET', '/api/v1/events/:slug/exports/sailwave', 'results-scoring', publicRead),
  rule('POST', '/api/v1/events/:slug/races/:raceId/results', 'results-scoring', scope('results')),
  rule('POST', '/api/v1/events/:slug/results/publish', 'results-scoring', scope('results')),
  rule('GET', '/api/v1/events/:slug/results/revisions', 'results-scoring', publicRead),
  rule('POST', '/api/v1/events/:slug/races/:raceId/results/revert', 'results-scoring', scope('results')),
  rule('POST', '/api/v1/events/:slug/fleets/:fleetId/results/publish', 'results-scoring', scope('results')),
  rule('POST', '/api/v1/events/:slug/fleets/:fleetId/results/official', 'results-scoring', scope('results')),
  rule('GET', '/api/v1/events/:slug/results/protest-time-limit', 'results-scoring', publicRead),
  rule('PUT', '/api/v1/events/:slug/results/protest-time-limit', 'results-scoring', scope('results')),
  rule('GET', '/api/v1/series/:slug/standings', 'results-scoring', publicRead),
  // results-scoring: the overall (combined) result across fleets (issue 15)
  rule('PUT', '/api/v1/events/:slug/overall', 'results-scoring', scope('results')),
  rule('GET', '/api/v1/events/:slug/overall', 'results-scoring', publicRead),
  // results-scoring: the Sailwave import (issue 16): a .blw file → a draft regatta (write, as creating an event)
  rule('POST', '/api/v1/organizations/:slug/imports/sailwave', 'results-scoring', scope('write')),
  // results-scoring: split series (qualifying, final and medal fleets; issue 15)
  rule('PUT', '/api/v1/events/:slug/split-series', 'results-scoring', scope('results')),
  rule('GET', '/api/v1/events/:slug/split-series', 'results-scoring', scope('read')),
  rule('POST', '/api/v1/events/:slug/split', 'results-scoring', scope('results')),
  rule('GET', '/api/v1/events/:slug/split-standings', 'results-scoring', scope('read')),
  // results-scoring: the protest room (competitors lodge with register; the committees act with results)
  rule('GET', '/api/v1/events/:slug/protests', 'results-scoring', publicRead),
  rule('POST', '/api/v1/events/:slug/protests', 'results-scoring', scope('register', 'results')),
  rule('POST', '/api/v1/events/:slug/protests/:protestId/hearing', 'results-scoring', scope('results')),
  rule('POST', '/api/v1/events/:slug/protests/:protestId/decision', 'results-scoring', scope('results')),
  rule('POST', '/api/v1/events/:slug/protests/:protestId/withdrawal', 'results-scoring', scope('results')),

  // public-results: the live feed of one regatta (Server-Sent Events)
  { ...rule('GET', '/api/v1/events/:slug/live', 'public-results', publicRead), stream: true },

  // sailors
  rule('GET', '/api/v1/sailors/:id', 'sailors', scope('read')),
  rule('GET', '/api/v1/sailors/:id/history', 'sailors', scope('read')),
  rule('GET', '/api/v1/boats', 'sailors', scope('read')),
  rule('GET', '/api/v1/boats/:id', 'sailors', scope('read')),
  // sailors: national ranking lists of an organization (issue 15 §3; members manage, public lists readable with read)
  rule('GET', '/api/v1/organizations/:slug/rankings', 'sailors', scope('read')),
  rule('POST', '/api/v1/organizations/:slug/rankings', 'sailors', scope('write')),
  rule('GET', '/api/v1/organizations/:slug/rankings/:listId', 'sailors', scope('read')),
  rule('GET', '/api/v1/organizations/:slug/rankings/:listId/sailors/:sailorId', 'sailors', scope('read')),
  rule('PUT', '/api/v1/organizations/:slug/rankings/:listId/events/:eventSlug', 'sailors', scope('write')),
  rule('POST', '/api/v1/organizations/:slug/rankings/:listId/publish', 'sailors', scope('write')),
  rule('PUT', '/api/v1/organizations/:slug/sailor-records/:sailorId', 'sailors', scope('write')),

  // webhooks
  rule('GET', '/api/v1/webhooks', 'webhooks', scope('admin')),
  rule('POST', '/api/v1/webhooks', 'webhooks', scope('admin')),
  rule('GET', '/api/v1/webhooks/:id', 'webhooks', scope('admin')),
  rule('PATCH', '/api/v1/webhooks/:id', 'webhooks', scope('admin')),
  rule('DELETE', '/api/v1/webhooks/:id', 'webhooks', scope('admin')),
  rule('GET', '/api/v1/webhooks/:id/deliveries', 'webhooks', scope('admin')),
  rule('POST', '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver', 'webhooks', scope('admin')),
  rule('POST', '/api/v1/webhooks/:id/ping', 'webhooks', scope('admin')),
];

interface CompiledRule extends RouteRule {
  segments: string[];
}

const compiled: CompiledRule[] = ROUTES.map((route) => ({ ...route, segments: route.path.split('/').filter(Boolean) }));

function matches(segments: string[], pattern: string[]): boolean {
  if (segments.length !== pattern.length) return false;
  return pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
}

export type RouteMatch =
  | { kind: 'matched'; rule: RouteRule }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' }
  /** The raw path's percent-encoding is not valid UTF-8 (`%FF`, `%ZZ`, a bare `%`, overlong `%C0%AE`): 400. */
  | { kind: 'malformed_path' };

/**
 * Finds the rule for a request; literal segments win over parameters ("/results/publish" vs "/races/:id").
 * `path` is the raw request path: segments are compared undecoded (as the services' routers do), but
 * one that cannot be decoded makes the whole path malformed, whatever route it would have matched.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  if (isMalformedPath(path)) return { kind: 'malformed_path' };
  const segments = path.split('/').filter(Boolean);
  const candidates = compiled.filter((route) => matches(segments, route.segments));
  if (candidates.length === 0) return { kind: 'not_found' };
  const effectiveMethod = method === 'HEAD' ? 'GET' : method;
  const specificity = (route: CompiledRule) => route.segments.filter((part) => !part.startsWith(':')).length;
  const best = Math.max(...candidates.map(specificity));
  const bestCandidates = candidates.filter((route) => specificity(route) === best);
  const hit = bestCandidates.find((route) => route.method === effectiveMethod);
  if (hit) return { kind: 'matched', rule: hit };
  return { kind: 'method_not_allowed', allow: [...new Set(bestCandidates.map((route) => route.method))] };
}
