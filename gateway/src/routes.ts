/**
 * The gateway's route table, read at start from the OpenAPI document it serves: every operation under
 * /api/v1 names its service (`x-service`), and its access follows from what the document already says
 * to clients, so the rule is written once:
 * - `security: []` is public (no credentials);
 * - `security` of `sessionCookie` alone is a web session only (API keys are refused, 401);
 * - otherwise a credential holding one of `x-required-scopes` (or a session); `embedToken` in
 *   `security` lets a widget's embed token read it, `deviceToken` an enrolled committee device's token.
 * `x-stream: true` marks a long-lived response (Server-Sent Events) and `x-after` work done before
 * relaying a success. Only the gateway's own routes (health, the document, its reference) are
 * declared here. An operation the loader cannot read stops the gateway at start.
 */
import { isMalformedPath, SCOPES, type Scope } from '@regatta/http';
import { loadOpenApiDocument } from '@regatta/openapi';
import { SERVICE_NAMES, type ServiceName } from './config.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Access =
  /** No credentials needed. */
  | { kind: 'public' }
  /** A signed-in web session only; API keys are refused (401), as the contract says for /keys and /embed-tokens. */
  | { kind: 'session' }
  /**
   * An API key holding one of `anyOf` scopes, or a session (a person acts with their own rights;
   * services still check organization roles). `embed` lets a widget's embed token read it;
   * `device` lets an enrolled committee device's token (`deviceToken` in `security`) call it.
   */
  | { kind: 'credential'; anyOf: Scope[]; embed?: boolean; device?: boolean };

/** Work the gateway does before relaying a successful response (see AFTER_WORK). */
export type AfterWork = 'organization-created';

/**
 * 'organization-created': on a 201 the gateway waits (<= 3 s, in identity) until the creator's admin
 * membership is projected and drops the creator's cached principals, so the very next request acts
 * as the organization's admin.
 */
const AFTER_WORK: readonly AfterWork[] = ['organization-created'];

export interface RouteRule {
  method: Method;
  path: string;
  service: ServiceName | 'gateway';
  access: Access;
  /** A long-lived response (Server-Sent Events): proxied without a response timeout. */
  stream?: boolean;
  after?: AfterWork;
}

/** The gateway's own routes (app.ts and docs.ts serve them). */
export const GATEWAY_ROUTES: readonly RouteRule[] = [
  { method: 'GET', path: '/api/v1/health', service: 'gateway', access: { kind: 'public' } },
  { method: 'GET', path: '/api/v1/openapi.json', service: 'gateway', access: { kind: 'public' } },
  { method: 'GET', path: '/api/v1/docs', service: 'gateway', access: { kind: 'public' } },
  { method: 'GET', path: '/api/v1/docs/assets/:file', service: 'gateway', access: { kind: 'public' } },
];

/** The prefix of the API door; other documented paths (the public pages) are the public door's. */
const API_PREFIX = '/api/v1/';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

type Json = Record<string, unknown>;
type SecurityRequirement = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function accessOf(operation: Json, defaultSecurity: SecurityRequirement[], name: string): Access {
  const security = (operation['security'] ?? defaultSecurity) as SecurityRequirement[];
  const schemes = security.flatMap((entry) => Object.keys(entry));
  const scopes = (operation['x-required-scopes'] ?? []) as unknown;
  if (!Array.isArray(scopes) || scopes.some((scope) => !(SCOPES as readonly string[]).includes(scope))) {
    throw new Error(`${name}: x-required-scopes must list scopes of ${SCOPES.join(', ')}`);
  }
  if (schemes.length === 0) {
    if (scopes.length > 0) throw new Error(`${name}: public (security: []) yet requires scopes`);
    return { kind: 'public' };
  }
  if (schemes.length === 1 && schemes[0] === 'sessionCookie') {
    if (scopes.length > 0) throw new Error(`${name}: a session-only operation names no scopes`);
    return { kind: 'session' };
  }
  if (!schemes.includes('bearerKey')) throw new Error(`${name}: security must offer bearerKey, sessionCookie alone, or nothing`);
  if (scopes.length === 0) throw new Error(`${name}: an API key operation needs x-required-scopes`);
  const embed = schemes.includes('embedToken');
  const device = schemes.includes('deviceToken');
  return { kind: 'credential', anyOf: scopes as Scope[], ...(embed ? { embed } : {}), ...(device ? { device } : {}) };
}

/**
 * The proxied routes of a document: one per operation under /api/v1 that the gateway does not serve
 * itself. Throws, naming the operation, when one lacks a known `x-service` or states access the
 * gateway cannot enforce.
 */
export function routesOf(document: Json, ownRoutes: readonly RouteRule[] = GATEWAY_ROUTES): RouteRule[] {
  const paths = (document['paths'] ?? {}) as Record<string, Json>;
  const defaultSecurity = (document['security'] ?? []) as SecurityRequirement[];
  const own = new Set(ownRoutes.map((route) => `${route.method} ${route.path}`));
  const rules: RouteRule[] = [];
  for (const [template, item] of Object.entries(paths)) {
    if (!template.startsWith(API_PREFIX)) continue;
    const path = template.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()];
      if (!isObject(operation)) continue;
      const name = `${method} ${template}`;
      if (own.has(`${method} ${path}`)) continue;
      const service = operation['x-service'];
      if (!(SERVICE_NAMES as readonly unknown[]).includes(service)) throw new Error(`${name}: x-service must name one of ${SERVICE_NAMES.join(', ')}`);
      const after = operation['x-after'];
      if (after !== undefined && !(AFTER_WORK as readonly unknown[]).includes(after)) throw new Error(`${name}: unknown x-after ${String(after)}`);
      rules.push({
        method,
        path,
        service: service as ServiceName,
        access: accessOf(operation, defaultSecurity, name),
        ...(operation['x-stream'] === true ? { stream: true } : {}),
        ...(after !== undefined ? { after: after as AfterWork } : {}),
      });
    }
  }
  return rules;
}

export type RouteMatch =
  | { kind: 'matched'; rule: RouteRule }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' }
  /** The raw path's percent-encoding is not valid UTF-8 (`%FF`, `%ZZ`, a bare `%`, overlong `%C0%AE`): 400. */
  | { kind: 'malformed_path' };

interface CompiledRule extends RouteRule {
  segments: string[];
}

function matches(segments: string[], pattern: string[]): boolean {
  if (segments.length !== pattern.length) return false;
  return pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
}

/**
 * A matcher over rules; literal segments win over parameters ("/results/publish" vs "/races/:id").
 * `path` is the raw request path: segments are compared undecoded (as the services' routers do), but
 * one that cannot be decoded makes the whole path malformed, whatever route it would have matched.
 */
export function routeMatcher(rules: readonly RouteRule[]): (method: string, path: string) => RouteMatch {
  const compiled: CompiledRule[] = rules.map((route) => ({ ...route, segments: route.path.split('/').filter(Boolean) }));
  const specificity = (route: CompiledRule) => route.segments.filter((part) => !part.startsWith(':')).length;
  return (method, path) => {
    if (isMalformedPath(path)) return { kind: 'malformed_path' };
    const segments = path.split('/').filter(Boolean);
    const candidates = compiled.filter((route) => matches(segments, route.segments));
    if (candidates.length === 0) return { kind: 'not_found' };
    const effectiveMethod = method === 'HEAD' ? 'GET' : method;
    const best = Math.max(...candidates.map(specificity));
    const bestCandidates = candidates.filter((route) => specificity(route) === best);
    const hit = bestCandidates.find((route) => route.method === effectiveMethod);
    if (hit) return { kind: 'matched', rule: hit };
    return { kind: 'method_not_allowed', allow: [...new Set(bestCandidates.map((route) => route.method))] };
  };
}

/** The table the gateway serves: its own routes and every operation of the document it serves. */
export const ROUTES: readonly RouteRule[] = [...GATEWAY_ROUTES, ...routesOf(loadOpenApiDocument())];

export const matchRoute = routeMatcher(ROUTES);
