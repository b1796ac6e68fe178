/**
 * The only public door: match the route table, authenticate, limit, authorize, then proxy with a
 * signed identity assertion. Every refusal is problem+json.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import {
  ASSERTION_HEADER,
  HttpProblem,
  createApp,
  finishApp,
  forbidden,
  malformedPath,
  sendProblem,
  unauthorized,
  type Scope,
} from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { Authenticator, Principal } from './auth.js';
import type { ServiceName } from './config.js';
import { EMBED_HEADER, EMBED_QUERY } from './credentials.js';
import { INTERNAL_TOKEN_HEADER } from './identity-client.js';
import { registerDocs } from './docs.js';
import { createProxies, type ResponseInterceptor } from './proxy.js';
import { matchRoute, type RouteRule } from './routes.js';
import { isPublicPath, publicDoor } from './public-door.js';
import { AssertionCache } from './assertions.js';
import type { AddressRateLimiter } from './public-limit.js';
import { parseTrustProxy } from './client-address.js';

/** Applies the per-key hourly limit; sets its headers; throws a 429 HttpProblem when exceeded. */
export interface KeyRateLimiter {
  consume(principal: Principal, res: Response): Promise<void>;
  close?(): Promise<void>;
}

export interface GatewayDependencies {
  logger: Logger;
  authenticator: Authenticator;
  rateLimiter?: KeyRateLimiter;
  assertionSecret: string;
  upstreams: Record<ServiceName, string>;
  upstreamTimeoutMs: number;
  trustedOrigins: string[];
  openapiDocument: () => unknown;
  readiness?: Record<string, () => Promise<void>>;
  /** Per-address limit of the public pages; absent = unlimited. */
  publicLimiter?: AddressRateLimiter;
  /** TRUST_PROXY: whose X-Forwarded-For to believe (default: loopback). */
  trustProxy?: string;
}

/** Identity's response header naming cached credentials to drop ("key:<id>,user:<id>"); never relayed. */
export const INVALIDATE_HEADER = 'x-identity-invalidate';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="regatta"' };

type GatewayRequest = Request & { id: string; principal?: Principal; proxyStartedAt?: number };

/**
 * The gateway's request listener: the public door (plain node:http) for the public pages, feeds and
 * widget, express for everything else.
 */
export function createGatewayListener(deps: GatewayDependencies): RequestListener {
  const { app, door } = buildGateway(deps);
  return (req, res) => (isPublicPath(req.url ?? '/') ? door(req, res) : app(req, res));
}

/** The express app alone (public paths reach the door through it too); tests drive it directly. */
export function createGatewayApp(deps: GatewayDependencies): Express {
  return buildGateway(deps).app;
}

function buildGateway(deps: GatewayDependencies): { app: Express; door: RequestListener } {
  const assertions = new AssertionCache(deps.assertionSecret);
  const app = createApp({ logger: deps.logger, parseJson: false, ...(deps.readiness ? { readiness: deps.readiness } : {}) });
  const trustProxy = parseTrustProxy(deps.trustProxy ?? 'loopback');
  app.set('trust proxy', trustProxy);
  const proxies = createProxies({
    upstreams: deps.upstreams,
    timeoutMs: deps.upstreamTimeoutMs,
    logger: deps.logger,
    onUpstreamResponse: (proxyRes: IncomingMessage) => {
      const header = proxyRes.headers[INVALIDATE_HEADER];
      if (header === undefined) return;
      delete proxyRes.headers[INVALIDATE_HEADER];
      const targets = (Array.isArray(header) ? header.join(',') : header).split(',');
      deps.authenticator.invalidate?.(targets);
    },
  });

  // After POST /organizations answers 201: wait (in identity, <= 3 s) until the creator's admin
  // membership is projected, drop the creator's cached principals, then relay the response.
  const organizationCreated: ResponseInterceptor = async (body, proxyRes, req) => {
    const principal = (req as GatewayRequest).principal;
    if (proxyRes.statusCode === 201 && principal?.userId) {
      const organizationId = createdOrganizationId(body);
      const projected = await deps.authenticator.refreshUser?.(principal.userId, organizationId);
      if (projected === false) deps.logger.warn({ organizationId, userId: principal.userId }, 'creator membership not projected within 3 s');
    }
    return body;
  };
  const afterHandlers = new Map<string, RequestHandler>();
  const handlerFor = (rule: RouteRule & { service: ServiceName }): RequestHandler => {
    if (rule.stream) return proxies.streaming[rule.service];
    if (!rule.after) return proxies.plain[rule.service];
    const cacheKey = `${rule.after}:${rule.service}`;
    let handler = afterHandlers.get(cacheKey);
    if (!handler) afterHandlers.set(cacheKey, (handler = proxies.intercepting(rule.service, organizationCreated)));
    return handler;
  };

  app.get('/api/v1/health', (_req, res) => {
    res.json({ status: 'ok', version: '1', timestamp: new Date().toISOString() });
  });
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(deps.openapiDocument());
  });
  registerDocs(app, { openapiDocument: deps.openapiDocument });

  app.use('/api', async (request: Request, res: Response, next: NextFunction) => {
    const req = request as GatewayRequest;
    try {
      // An embed token in the query (EventSource cannot send headers) moves to its header at once, so
      // no log line, refusal or upstream ever sees it in a URL.
      moveEmbedQueryToHeader(req);
      const path = req.originalUrl.split('?')[0] ?? '/';
      if (req.method === 'OPTIONS' && req.header('access-control-request-method')) {
        answerPreflight(req, res, path);
        return;
      }
      const match = matchRoute(req.method, path);
      if (match.kind === 'malformed_path') throw malformedPath();
      if (match.kind === 'not_found') throw new HttpProblem(404, 'route_not_found', `No route matches ${req.method} ${path}.`);
      if (match.kind === 'method_not_allowed') {
        const allow = match.allow.join(', ');
        throw new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allow}.`, { headers: { Allow: allow } });
      }
      const { rule } = match;
      if (rule.service === 'gateway') throw new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here.`);

      const principal = await authorize(req, res, rule, deps);
      if (principal) req.principal = principal;
      req.headers[ASSERTION_HEADER] = assertions.tokenFor(principal ?? { scopes: [], roles: {}, via: 'anonymous' });
      req.headers['x-request-id'] = req.id;
      // Services never see raw credentials (nor anything posing as the gateway's internal token).
      delete req.headers.authorization;
      delete req.headers.cookie;
      delete req.headers[EMBED_HEADER];
      delete req.headers[INTERNAL_TOKEN_HEADER];
      // Mounted under /api, express trimmed req.url; the proxy forwards req.url, so restore it.
      req.url = req.originalUrl;
      req.proxyStartedAt = Date.now();
      res.on('finish', () => deps.authenticator.afterResponse?.(req, res.statusCode));
      handlerFor(rule as RouteRule & { service: ServiceName })(req, res, next);
    } catch (error) {
      if (error instanceof HttpProblem) {
        if (error.status === 401 || error.status === 403) letWidgetReadRefusal(req, res);
        sendProblem(req, res, error);
        return;
      }
      next(error);
    }
  });

  const door = publicDoor({
    logger: deps.logger,
    limiter: deps.publicLimiter,
    trustProxy,
    assertionSecret: deps.assertionSecret,
    proxy: proxies.plain['public-results'],
    streamProxy: proxies.streaming['public-results'],
  });
  // A public path reaching express (createGatewayApp) goes to the door before the 404 handler.
  app.use((req, res, next) => (isPublicPath(req.originalUrl) ? door(req, res) : next()));
  finishApp(app, deps.logger);
  return { app, door };
}

function createdOrganizationId(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { data?: { id?: unknown; organization?: { id?: unknown } }; id?: unknown };
    const id = parsed.data?.id ?? parsed.data?.organization?.id ?? parsed.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

async function authorize(req: GatewayRequest, res: Response, rule: RouteRule, deps: GatewayDependencies): Promise<Principal | undefined> {
  const outcome = await deps.authenticator.authenticate(req);
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
  if (principal.via === 'key' && deps.rateLimiter) await deps.rateLimiter.consume(principal, res);

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
  } else if (principal.via === 'key') {
    if (!access.anyOf.some((scope: Scope) => principal.scopes.includes(scope))) {
      throw forbidden('missing_scope', `This API key lacks the ${access.anyOf.join(' or ')} scope.`, { requiredScopes: access.anyOf });
    }
  }

  if (principal.via === 'session' && !SAFE_METHODS.has(req.method)) assertSameOrigin(req, deps.trustedOrigins);
  return principal;
}

/**
 * An embed token works only from its allowed origins: a browser request from another origin gets
 * 403 (and no CORS grant); an allowed one gets Access-Control-Allow-Origin for that origin. A request
 * without Origin (not a browser) is served: an embed token is public by nature and only reads.
 */
function applyEmbedCors(req: Request, res: Response, principal: Principal): void {
  const origin = req.header('origin');
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
function answerPreflight(req: Request, res: Response, path: string): void {
  const origin = req.header('origin');
  const requested = (req.header('access-control-request-method') ?? '').toUpperCase();
  const match = matchRoute(requested, path);
  res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  if (origin && (requested === 'GET' || requested === 'HEAD') && match.kind === 'matched' && match.rule.access.kind === 'credential' && match.rule.access.embed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
    res.setHeader('Access-Control-Allow-Headers', 'X-Embed-Token');
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.status(204).end();
}

function moveEmbedQueryToHeader(req: Request): void {
  const query = req.originalUrl.indexOf('?');
  if (query < 0 || !req.originalUrl.includes(EMBED_QUERY)) return;
  const params = new URLSearchParams(req.originalUrl.slice(query + 1));
  const token = params.get(EMBED_QUERY);
  if (token === null) return;
  params.delete(EMBED_QUERY);
  if (req.headers[EMBED_HEADER] === undefined) req.headers[EMBED_HEADER] = token;
  const rest = params.toString();
  req.originalUrl = req.originalUrl.slice(0, query) + (rest ? `?${rest}` : '');
  req.url = req.originalUrl;
}

/**
 * A widget on another site must be able to say why it shows nothing: a refusal of an embed token
 * (unknown token, origin not allowed) on a route widgets read is readable cross-origin. It carries
 * no data, only the problem.
 */
function letWidgetReadRefusal(req: Request, res: Response): void {
  const origin = req.header('origin');
  if (!origin || req.header(EMBED_HEADER) === undefined || res.getHeader('Access-Control-Allow-Origin')) return;
  const match = matchRoute(req.method, req.originalUrl.split('?')[0] ?? '/');
  if (match.kind !== 'matched' || match.rule.access.kind !== 'credential' || !match.rule.access.embed) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
}

/**
 * Cross-site request protection for cookie-authenticated state changes: the browser-set Origin (or
 * Referer) must be this host or a trusted origin. SameSite=Lax already blocks most cross-site posts;
 * this closes the rest without a token round trip. Non-browser clients send no Origin and pass.
 */
function assertSameOrigin(req: Request, trustedOrigins: string[]): void {
  const origin = req.header('origin') ?? originOf(req.header('referer'));
  if (!origin) return;
  const host = req.header('x-forwarded-host') ?? req.header('host');
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
