/**
 * The only public door: match the route table, authenticate, limit, authorize, then proxy with a
 * signed identity assertion. Every refusal is problem+json.
 */
import type { Express, NextFunction, Request, Response } from 'express';
import {
  ASSERTION_HEADER,
  HttpProblem,
  createApp,
  finishApp,
  forbidden,
  sendProblem,
  signAssertion,
  unauthorized,
  type Scope,
} from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { Authenticator, Principal } from './auth.js';
import type { ServiceName } from './config.js';
import { createProxies } from './proxy.js';
import { matchRoute, type RouteRule } from './routes.js';

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
  docsPage: () => string;
  readiness?: Record<string, () => Promise<void>>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createGatewayApp(deps: GatewayDependencies): Express {
  const app = createApp({ logger: deps.logger, parseJson: false, ...(deps.readiness ? { readiness: deps.readiness } : {}) });
  app.set('trust proxy', 'loopback');
  const proxies = createProxies({ upstreams: deps.upstreams, timeoutMs: deps.upstreamTimeoutMs, logger: deps.logger });

  app.get('/api/v1/health', (_req, res) => {
    res.json({ status: 'ok', version: '1', timestamp: new Date().toISOString() });
  });
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(deps.openapiDocument());
  });
  app.get('/api/v1/docs', (_req, res) => {
    res.type('html').send(deps.docsPage());
  });

  app.use('/api', async (req: Request, res: Response, next: NextFunction) => {
    try {
      const path = req.originalUrl.split('?')[0] ?? '/';
      const match = matchRoute(req.method, path);
      if (match.kind === 'not_found') throw new HttpProblem(404, 'route_not_found', `No route matches ${req.method} ${path}.`);
      if (match.kind === 'method_not_allowed') {
        const allow = match.allow.join(', ');
        throw new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allow}.`, { headers: { Allow: allow } });
      }
      const { rule } = match;
      if (rule.service === 'gateway') throw new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here.`);

      const principal = await authorize(req, res, rule, deps);
      req.headers[ASSERTION_HEADER] = signAssertion(principal ?? { scopes: [], roles: {}, via: 'anonymous' }, deps.assertionSecret);
      req.headers['x-request-id'] = (req as Request & { id: string }).id;
      // Services never see raw credentials.
      delete req.headers.authorization;
      delete req.headers.cookie;
      delete req.headers['x-embed-token'];
      (req as Request & { proxyStartedAt: number }).proxyStartedAt = Date.now();
      res.on('finish', () => deps.authenticator.afterResponse?.(req, res.statusCode));
      proxies[rule.service](req, res, next);
    } catch (error) {
      if (error instanceof HttpProblem) {
        sendProblem(req, res, error);
        return;
      }
      next(error);
    }
  });

  finishApp(app, deps.logger);
  return app;
}

async function authorize(req: Request, res: Response, rule: RouteRule, deps: GatewayDependencies): Promise<Principal | undefined> {
  const outcome = await deps.authenticator.authenticate(req);
  if (outcome.kind === 'rejected') {
    throw new HttpProblem(401, outcome.code, outcome.detail, { headers: { 'WWW-Authenticate': 'Bearer realm="regatta"' } });
  }
  const principal = outcome.kind === 'authenticated' ? outcome.principal : undefined;
  const access = rule.access;
  if (access.kind === 'public') return principal;

  if (!principal) {
    const problem = unauthorized(
      'credentials_required',
      access.kind === 'session' ? 'Sign in: this route needs a web session.' : 'Send an API key as "Authorization: Bearer <key>".',
    );
    throw new HttpProblem(401, problem.code, problem.message, { headers: { 'WWW-Authenticate': 'Bearer realm="regatta"' } });
  }
  if (principal.via === 'key' && deps.rateLimiter) await deps.rateLimiter.consume(principal, res);

  if (access.kind === 'session') {
    if (principal.via !== 'session') throw unauthorized('session_required', 'This route accepts only a signed-in web session, not an API key.');
  } else if (principal.via === 'embed') {
    if (!access.embed || req.method !== 'GET') throw forbidden('embed_token_not_allowed', 'Embed tokens may only read public events, results and standings.');
  } else if (principal.via === 'key') {
    if (!access.anyOf.some((scope: Scope) => principal.scopes.includes(scope))) {
      throw forbidden('missing_scope', `This API key lacks the ${access.anyOf.join(' or ')} scope.`, { requiredScopes: access.anyOf });
    }
  }

  if (principal.via === 'session' && !SAFE_METHODS.has(req.method)) assertSameOrigin(req, deps.trustedOrigins);
  return principal;
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
