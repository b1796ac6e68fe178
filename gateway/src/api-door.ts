/**
 * The API door: every /api request the gateway proxies (match the route table, authenticate, limit,
 * authorize, then proxy with a signed identity assertion; every refusal problem+json). Written on plain
 * node:http so the hot path skips express: a CPU profile of an authenticated GET showed express's
 * router layers, its request/response decorations and http-proxy's passes as a large share of the
 * gateway's own cost. `apiListener` runs the doors' prelude first (door-prelude.ts: request id, access
 * log, request metrics, problem writer) and the door adds the input guard; express mounts
 * `apiRequestHandler` under /api too, so both entries behave the same.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ASSERTION_HEADER,
  HttpProblem,
  MAX_REPORTED_FIELDS,
  forbidden,
  isMalformedPath,
  malformedPath,
  pathNulErrors,
  queryNulErrors,
  unauthorized,
  validationFailed,
  type Scope,
} from '@regatta/http';
import { parse as parseQuery } from 'node:querystring';
import type { Logger } from '@regatta/logging';
import type { AssertionCache } from './assertions.js';
import { answeredAtEdge, type EdgeLearning } from './edge-door.js';
import type { EdgeRevalidation } from './edge-revalidation.js';
import { ANONYMOUS } from './assertions.js';
import type { Authenticator, Principal } from './auth.js';
import type { ServiceName } from './config.js';
import { EMBED_HEADER, EMBED_QUERY } from './credentials.js';
import { answerDoorFailure, headerText, withDoorPrelude, type DoorHandler, type DoorRequest } from './door-prelude.js';
import { INTERNAL_TOKEN_HEADER } from './identity-client.js';
import type { ProxyHandler } from './proxy.js';
import { matchRoute, type RouteRule } from './routes.js';

/** Applies the hourly limit of a key or a committee device; sets its headers; throws a 429 HttpProblem when exceeded. */
export interface KeyRateLimiter {
  consume(principal: Principal, res: ServerResponse): Promise<void>;
  /** Grants the request without I/O when it can (a block held in process); false: call `consume`. */
  consumeNow?(principal: Principal, res: ServerResponse): boolean;
  close?(): Promise<void>;
}

/** An /api request as the door sees it (plain node:http, or express's request under /api). */
export type ApiRequest = DoorRequest & { id?: string; principal?: Principal; routeTemplate?: string; edge?: EdgeLearning };

export interface ApiDoorOptions {
  logger: Logger;
  authenticator: Authenticator;
  rateLimiter?: KeyRateLimiter | undefined;
  trustedOrigins: string[];
  assertions: AssertionCache;
  /** The proxy for a matched rule of a service. */
  handlerFor(rule: RouteRule & { service: ServiceName }): ProxyHandler;
  /** Revalidation answered at the edge (edge-door.ts); absent: every request is proxied. */
  edge?: EdgeRevalidation | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="regatta"' };
/** Paths express serves itself (health, the OpenAPI document, the docs); everything else under /api/ is the door's. */
const EXPRESS_API_PATH = /^\/api\/v1\/(?:health|openapi\.json|docs)/i;

/** True for requests the door takes directly (the rest reach it, if at all, through express). */
export function isApiDoorPath(url: string): boolean {
  return url.startsWith('/api/') && !EXPRESS_API_PATH.test(url);
}

/** The door's core: answers or proxies one /api request whose request id is already set. */
export function apiRequestHandler(options: ApiDoorOptions): DoorHandler<ApiRequest> {
  const { authenticator, logger } = options;
  const fail = (req: ApiRequest, res: ServerResponse, requestId: string, error: unknown) => {
    if (error instanceof HttpProblem && (error.status === 401 || error.status === 403) && !res.headersSent) letWidgetReadRefusal(req, res);
    answerDoorFailure(logger, req, res, requestId, error);
  };

  const handle = async (req: ApiRequest, res: ServerResponse, requestId: string): Promise<void> => {
    // The input guard of every process (createApp): malformed paths and NUL characters end here as 400s.
    const guardProblem = guard(req.url ?? '/');
    if (guardProblem) throw guardProblem;
    // An embed token in the query (EventSource cannot send headers) moves to its header at once, so
    // no log line, refusal or upstream ever sees it in a URL.
    moveEmbedQueryToHeader(req);
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      answerPreflight(req, res, path);
      return;
    }
    const match = matchRoute(method, path);
    if (match.kind === 'malformed_path') throw malformedPath();
    if (match.kind === 'not_found') throw new HttpProblem(404, 'route_not_found', `No route matches ${method} ${path}.`);
    if (match.kind === 'method_not_allowed') {
      const allow = match.allow.join(', ');
      throw new HttpProblem(405, 'method_not_allowed', `${method} is not allowed here; use ${allow}.`, { headers: { Allow: allow } });
    }
    const { rule } = match;
    req.routeTemplate = rule.path;
    if (rule.service === 'gateway') throw new HttpProblem(405, 'method_not_allowed', `${method} is not allowed here.`);

    const principal = await authorize(req, res, rule, options);
    if (principal) req.principal = principal;
    if (answeredAtEdge(options.edge, req, res, principal)) return;
    const headers = req.headers;
    headers[ASSERTION_HEADER] = options.assertions.tokenFor(principal ?? ANONYMOUS);
    headers['x-request-id'] = requestId;
    // Services never see raw credentials (nor anything posing as the gateway's internal token).
    delete headers.authorization;
    delete headers.cookie;
    delete headers[EMBED_HEADER];
    delete headers[INTERNAL_TOKEN_HEADER];
    // Only a logout or a key revocation changes cached credentials.
    if (method === 'POST' || method === 'DELETE') res.on('finish', () => authenticator.afterResponse?.(req, res.statusCode));
    options.handlerFor(rule as RouteRule & { service: ServiceName })(req, res);
  };

  return (req, res, requestId) => {
    req.id = requestId;
    handle(req, res, requestId).catch((error: unknown) => fail(req, res, requestId, error));
  };
}

/** The door on plain node:http: the prelude, then the door; metrics labelled with the matched route. */
export function apiListener(options: ApiDoorOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return withDoorPrelude<ApiRequest>({ logger: options.logger, routeOf: (req) => req.routeTemplate ?? 'unmatched' }, apiRequestHandler(options));
}

/** createApp's input guard for a URL without a body: malformed percent-encoding, NUL in the path or query. */
function guard(url: string): HttpProblem | undefined {
  if (url.indexOf('%') === -1) return undefined;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (isMalformedPath(path)) return malformedPath();
  if (url.indexOf('%00') === -1) return undefined;
  const errors = pathNulErrors(path);
  if (queryAt !== -1 && url.indexOf('%00', queryAt) !== -1) errors.push(...queryNulErrors(parseQuery(url.slice(queryAt + 1))));
  return errors.length > 0 ? validationFailed(errors.slice(0, MAX_REPORTED_FIELDS)) : undefined;
}

const header = (req: IncomingMessage, name: string): string | undefined => headerText(req.headers[name]);

async function authorize(req: ApiRequest, res: ServerResponse, rule: RouteRule, options: ApiDoorOptions): Promise<Principal | undefined> {
  const { authenticator } = options;
  const outcome = authenticator.authenticateNow?.(req) ?? (await authenticator.authenticate(req));
  if (outcome.kind === 'rejected') throw new HttpProblem(401, outcome.code, outcome.detail, { headers: WWW_AUTHENTICATE });
  const principal = outcome.kind === 'authenticated' ? outcome.principal : undefined;
  const access = rule.access;
  if (access.kind === 'public') return principal;

  if (!principal) {
    const problem = unauthorized(
      'credentials_required',
      access.kind === 'session' ? 'Sign in: this route needs a web session.' : 'Send an API key as "Authorization: Bearer <key>".',
    );
    throw new HttpProblem(401, problem.code, problem.message, { headers: WWW_AUTHENTICATE });
  }
  const limiter = options.rateLimiter;
  if ((principal.via === 'key' || principal.via === 'device') && limiter && !limiter.consumeNow?.(principal, res)) await limiter.consume(principal, res);

  if (access.kind === 'session') {
    if (principal.via !== 'session') {
      throw new HttpProblem(401, 'session_required', 'This route accepts only a signed-in web session, not an API key or embed token.', {
        headers: WWW_AUTHENTICATE,
      });
    }
  } else if (principal.via === 'embed') {
    if (!access.embed || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw forbidden('embed_token_not_allowed', 'Embed tokens may only read public events, results and standings.', { requiredScopes: access.anyOf });
    }
    applyEmbedCors(req, res, principal);
  } else if (principal.via === 'device') {
    if (!access.device) {
      throw forbidden('device_not_allowed', 'A committee device token works only on the race capture operations of its regatta.', { requiredScopes: access.anyOf });
    }
  } else if (principal.via === 'key') {
    if (!access.anyOf.some((scope: Scope) => principal.scopes.includes(scope))) {
      throw forbidden('missing_scope', `This API key lacks the ${access.anyOf.join(' or ')} scope.`, { requiredScopes: access.anyOf });
    }
  }

  if (principal.via === 'session' && !SAFE_METHODS.has(req.method ?? 'GET')) assertSameOrigin(req, options.trustedOrigins);
  return principal;
}

/**
 * An embed token works only from its allowed origins: a browser request from another origin gets
 * 403 (and no CORS grant); an allowed one gets Access-Control-Allow-Origin for that origin. A request
 * without Origin (not a browser) is served: an embed token is public by nature and only reads.
 */
function applyEmbedCors(req: IncomingMessage, res: ServerResponse, principal: Principal): void {
  const origin = header(req, 'origin');
  if (!origin) return;
  if (!(principal.allowedOrigins ?? []).includes(origin)) {
    throw forbidden('origin_not_allowed', `This embed token is not valid on ${origin}.`);
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id');
}

/**
 * CORS preflight: granted only for GETs of routes an embed token may read (the token's own origin
 * list is enforced on the actual request, which carries the token). Anything else gets no grant.
 */
function answerPreflight(req: IncomingMessage, res: ServerResponse, path: string): void {
  const origin = header(req, 'origin');
  const requested = (header(req, 'access-control-request-method') ?? '').toUpperCase();
  const match = matchRoute(requested, path);
  res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  if (origin && (requested === 'GET' || requested === 'HEAD') && match.kind === 'matched' && match.rule.access.kind === 'credential' && match.rule.access.embed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
    res.setHeader('Access-Control-Allow-Headers', 'X-Embed-Token');
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.statusCode = 204;
  res.end();
}

function moveEmbedQueryToHeader(req: ApiRequest): void {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  if (query < 0 || !url.includes(EMBED_QUERY)) return;
  const params = new URLSearchParams(url.slice(query + 1));
  const token = params.get(EMBED_QUERY);
  if (token === null) return;
  params.delete(EMBED_QUERY);
  if (req.headers[EMBED_HEADER] === undefined) req.headers[EMBED_HEADER] = token;
  const rest = params.toString();
  req.url = url.slice(0, query) + (rest ? `?${rest}` : '');
  if (req.originalUrl !== undefined) req.originalUrl = req.url;
}

/**
 * A widget on another site must be able to say why it shows nothing: a refusal of an embed token
 * (unknown token, origin not allowed) on a route widgets read is readable cross-origin. It carries
 * no data, only the problem.
 */
function letWidgetReadRefusal(req: IncomingMessage, res: ServerResponse): void {
  const origin = header(req, 'origin');
  if (!origin || header(req, EMBED_HEADER) === undefined || res.getHeader('Access-Control-Allow-Origin')) return;
  const match = matchRoute(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/');
  if (match.kind !== 'matched' || match.rule.access.kind !== 'credential' || !match.rule.access.embed) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
}

/**
 * Cross-site request protection for cookie-authenticated state changes: the browser-set Origin (or
 * Referer) must be this host or a trusted origin. SameSite=Lax already blocks most cross-site posts;
 * this closes the rest without a token round trip. Non-browser clients send no Origin and pass.
 */
function assertSameOrigin(req: IncomingMessage, trustedOrigins: string[]): void {
  // express's req.header('referer') reads Referrer first, then Referer.
  const origin = header(req, 'origin') ?? originOf(header(req, 'referrer') ?? header(req, 'referer'));
  if (!origin) return;
  const host = header(req, 'x-forwarded-host') ?? header(req, 'host');
  const sameHost = (() => {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  })();
  if (!sameHost && !trustedOrigins.includes(origin)) {
    throw forbidden('cross_site_request', `Cookie-authenticated changes must come from this site, not ${origin}.`);
  }
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
