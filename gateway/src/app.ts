/**
 * The only public door: match the route table, authenticate, limit, authorize, then proxy with a
 * signed identity assertion. Every refusal is problem+json. The /api requests the gateway proxies are
 * handled on plain node:http (api-door.ts), the public pages by the public door (public-door.ts),
 * the rest (health, metrics, the OpenAPI document and its docs) by express.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import type { Express, Request, Response } from 'express';
import { createApp, finishApp } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { Authenticator } from './auth.js';
import type { ServiceName } from './config.js';
import { registerDocs } from './docs.js';
import { registerConsole } from './console.js';
import { createProxies, type ProxyHandler, type ResponseInterceptor, type UpstreamAnswer } from './proxy.js';
import type { RouteRule } from './routes.js';
import { fetchLimitWords } from './limit-page.js';
import { isPublicPath, publicDoorHandler, publicDoor, type PublicDoorOptions } from './public-door.js';
import { AssertionCache } from './assertions.js';
import type { AddressRateLimiter } from './public-limit.js';
import { parseTrustProxy } from './client-address.js';
import { learnAtEdge } from './edge-door.js';
import type { EdgeRevalidation } from './edge-revalidation.js';
import { apiListener, apiRequestHandler, isApiDoorPath, type ApiDoorOptions, type ApiRequest, type KeyRateLimiter } from './api-door.js';

export type { KeyRateLimiter } from './api-door.js';

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
  /** The built console's directory (served at /console/); absent: /console answers 503. */
  consoleDirectory?: string | undefined;
  /** Revalidation at the edge; absent: every request goes to its service. */
  edge?: EdgeRevalidation | undefined;
}

/** Identity's response header naming cached credentials to drop ("key:<id>,user:<id>"); never relayed. */
export const INVALIDATE_HEADER = 'x-identity-invalidate';

/**
 * The gateway's request listener: the public door (plain node:http) for the public pages, feeds and
 * widget, the API door (plain node:http) for proxied /api requests, express for everything else.
 */
export function createGatewayListener(deps: GatewayDependencies): RequestListener {
  const { app, door, api } = buildGateway(deps);
  return (req, res) => {
    const url = req.url ?? '/';
    if (isApiDoorPath(url)) api(req, res);
    else if (isPublicPath(url)) door(req, res);
    else app(req, res);
  };
}

/** The express app alone (public paths and /api reach the doors through it too); tests drive it directly. */
export function createGatewayApp(deps: GatewayDependencies): Express {
  return buildGateway(deps).app;
}

function buildGateway(deps: GatewayDependencies): { app: Express; door: RequestListener; api: RequestListener } {
  const assertions = new AssertionCache(deps.assertionSecret);
  const app = createApp({ logger: deps.logger, parseJson: false, ...(deps.readiness ? { readiness: deps.readiness } : {}) });
  const trustProxy = parseTrustProxy(deps.trustProxy ?? 'loopback');
  app.set('trust proxy', trustProxy);
  const proxies = createProxies({
    upstreams: deps.upstreams,
    timeoutMs: deps.upstreamTimeoutMs,
    logger: deps.logger,
    onUpstreamResponse: (proxyRes: UpstreamAnswer, req: IncomingMessage) => {
      learnAtEdge(deps.edge, proxyRes, req as ApiRequest);
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
    const principal = (req as ApiRequest).principal;
    if (proxyRes.statusCode === 201 && principal?.userId) {
      const organizationId = createdOrganizationId(body);
      const projected = await deps.authenticator.refreshUser?.(principal.userId, organizationId);
      if (projected === false) deps.logger.warn({ organizationId, userId: principal.userId }, 'creator membership not projected within 3 s');
    }
    return body;
  };
  const afterHandlers = new Map<string, ProxyHandler>();
  const handlerFor = (rule: RouteRule & { service: ServiceName }): ProxyHandler => {
    if (rule.stream) return proxies.streaming[rule.service];
    if (!rule.after) return proxies.plain[rule.service];
    const cacheKey = `${rule.after}:${rule.service}`;
    let handler = afterHandlers.get(cacheKey);
    if (!handler) afterHandlers.set(cacheKey, (handler = proxies.intercepting(rule.service, organizationCreated)));
    return handler;
  };
  const doorOptions: ApiDoorOptions = {
    logger: deps.logger,
    authenticator: deps.authenticator,
    rateLimiter: deps.rateLimiter,
    trustedOrigins: deps.trustedOrigins,
    assertions,
    handlerFor,
    edge: deps.edge,
  };
  const handleApi = apiRequestHandler(doorOptions);

  app.get('/api/v1/health', (_req, res) => {
    res.json({ status: 'ok', version: '1', timestamp: new Date().toISOString() });
  });
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(deps.openapiDocument());
  });
  registerDocs(app, { openapiDocument: deps.openapiDocument });
  registerConsole(app, { directory: deps.consoleDirectory });

  app.use('/api', (req: Request, res: Response) => {
    // Mounted under /api, express trimmed req.url; the door and the proxies read the whole URL.
    req.url = req.originalUrl;
    handleApi(req as unknown as ApiRequest, res, (req as Request & { id: string }).id);
  });

  const publicOptions: PublicDoorOptions = {
    logger: deps.logger,
    limiter: deps.publicLimiter,
    trustProxy,
    assertionSecret: deps.assertionSecret,
    proxy: proxies.plain['public-results'],
    streamProxy: proxies.streaming['public-results'],
    loadLimitWords: fetchLimitWords(deps.upstreams['public-results'], deps.assertionSecret),
  };
  const handlePublic = publicDoorHandler(publicOptions);
  // A public path reaching express (createGatewayApp) goes to the door before the 404 handler;
  // express's own middleware has done the prelude's work there.
  app.use((req, res, next) => (isPublicPath(req.originalUrl) ? handlePublic(req, res, (req as Request & { id: string }).id) : next()));
  finishApp(app, deps.logger);
  return { app, door: publicDoor(publicOptions), api: apiListener(doorOptions) };
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
