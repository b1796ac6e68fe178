/**
 * The express app factory every process uses: request ids, JSON logs, body limits, problem+json
 * errors, liveness/readiness, Prometheus metrics and (for services) the gateway's identity assertion.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from '@regatta/logging';
import { ASSERTION_HEADER, verifyAssertion, type Identity } from './assertion.js';
import { httpRequestDuration, metricsRegistry } from './metrics.js';
import { HttpProblem, PROBLEM_CONTENT_TYPE, problemBody, unauthorized } from './problem.js';
import { inputGuard, malformedPath } from './input-guards.js';
import { installConditionalJson } from './conditional-get.js';

export * from './input-guards.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export type ReadinessCheck = () => Promise<void>;

export interface AppOptions {
  logger: Logger;
  /** Named readiness checks (database, kafka, redis); each throws when not ready. */
  readiness?: Record<string, ReadinessCheck>;
  /** When set, every route but health and metrics needs a valid identity assertion signed with it. */
  assertionSecret?: string;
  /** JSON body limit; default 256kb. */
  bodyLimit?: string;
  /** Parse JSON bodies (the gateway proxies raw bodies and turns this off). */
  parseJson?: boolean;
  /**
   * Requests whose body the route reads itself as a stream (e.g. a file upload): no JSON parser and
   * no media-type check here; the input guard still checks the path and query.
   */
  rawBody?: (req: Request) => boolean;
  /**
   * The input guard (input-guards.ts): malformed percent-encoding in the path, and NUL characters in
   * the path, query or JSON body, answer 400 before any route. Default on.
   */
  inputGuard?: boolean;
  /**
   * 200 JSON answers to GET/HEAD under /api/ carry a strong ETag and `Cache-Control: private,
   * no-cache`, and a matching If-None-Match gets 304 (conditional-get.ts). Default: on for services
   * (when assertionSecret is set), off for the gateway.
   */
  conditionalGets?: boolean;
}

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}

/** The identity the gateway asserted for this request. */
export function identityOf(res: Response): Identity {
  const identity = res.locals['identity'] as Identity | undefined;
  if (!identity) throw unauthorized('missing_identity_assertion', 'The request carries no identity assertion.');
  return identity;
}

/**
 * Access log: one line per request, written when it finishes, without a child logger per request (a
 * CPU profile showed pino-http's per-request child logger and serializers at 5-10 % of busy time).
 * Successes are debug lines (skipped unless LOG_LEVEL=debug), 4xx info, 5xx error. Works on plain
 * node:http requests too (the gateway's public door).
 */
export function accessLog(logger: Logger): (req: IncomingMessage, res: ServerResponse, requestId: string) => void {
  return (req, res, requestId) => {
    const startedAt = performance.now();
    res.on('finish', () => logAccess(logger, req, res, requestId, performance.now() - startedAt));
  };
}

/** The access-log line of a finished request (nothing at all when its level is off). */
function logAccess(logger: Logger, req: IncomingMessage, res: ServerResponse, requestId: string, responseTime: number): void {
  const status = res.statusCode;
  const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
  if (!logger.isLevelEnabled(level)) return;
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  if (url === '/health/live' || url === '/health/ready' || url === '/metrics') return;
  logger[level]({ requestId, req: { method: req.method, url }, res: { statusCode: status }, responseTime }, 'request completed');
}

/** What the one per-request middleware of createApp keeps on the request for its finish listener. */
interface TrackedRequest extends Request {
  id: string;
  startedAt: number;
}

/** problem+json on a plain node:http response (no express). */
export function writeProblem(res: ServerResponse, problem: HttpProblem, instance: string | undefined, requestId: string): void {
  const body = JSON.stringify(problem.toBody(instance, requestId));
  res.writeHead(problem.status, { ...problem.headers, 'Content-Type': PROBLEM_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

export function sendProblem(req: Request, res: Response, problem: HttpProblem): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem.toBody(req.originalUrl.split('?')[0], requestIdOf(req))));
}

export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  // One middleware and one shared 'finish' listener per request for the request id, the access log
  // and the latency histogram (three middlewares and three closures before; the per-request
  // machinery is most of what a cheap read costs).
  const logger = options.logger;
  function requestFinished(this: Response): void {
    const req = this.req as TrackedRequest;
    const elapsedMs = performance.now() - req.startedAt;
    const route = (req.route as { path?: string } | undefined)?.path;
    httpRequestDuration.observe({ method: req.method, route: route ? `${req.baseUrl}${route}` : 'unmatched', status: String(this.statusCode) }, elapsedMs / 1000);
    logAccess(logger, req, this, req.id, elapsedMs);
  }
  app.use((req, res, next) => {
    const tracked = req as TrackedRequest;
    tracked.startedAt = performance.now();
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    tracked.id = id;
    res.setHeader('X-Request-Id', id);
    res.once('finish', requestFinished);
    next();
  });

  // Liveness, readiness and metrics answer without an assertion. One prefix test per request instead
  // of three route matches (their regular expressions showed up in the events service's profile).
  const health = express.Router();
  health.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  health.get('/health/ready', async (_req, res) => {
    const checks: Record<string, string> = {};
    let ready = true;
    for (const [name, check] of Object.entries(options.readiness ?? {})) {
      try {
        await check();
        checks[name] = 'ok';
      } catch (error) {
        ready = false;
        checks[name] = error instanceof Error ? error.message : 'failed';
      }
    }
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks });
  });
  health.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });

  app.use((req, res, next) => {
    const url = req.url;
    if (url.startsWith('/health/') || url.startsWith('/metrics')) health(req, res, next);
    else next();
  });

  if (options.assertionSecret) {
    const secret = options.assertionSecret;
    app.use((req, res, next) => {
      const header = req.headers[ASSERTION_HEADER];
      const identity = verifyAssertion(typeof header === 'string' ? header : undefined, secret);
      if (!identity) {
        next(unauthorized('missing_identity_assertion', 'Requests must come through the gateway with a valid identity assertion.'));
        return;
      }
      res.locals['identity'] = identity;
      next();
    });
  }

  // Body checks, the JSON parser and the input guard as one layer: a request without a body (every
  // GET) goes straight to the guard. The guard runs after the body parser and before any route:
  // malformed paths and NUL characters end here as 400s.
  const guard = options.inputGuard !== false ? inputGuard() : undefined;
  const afterBody: RequestHandler = guard ?? ((_req, _res, next) => next());
  if (options.parseJson !== false) {
    const json = express.json({ limit: options.bodyLimit ?? '256kb', strict: false });
    const rawBody = options.rawBody;
    app.use((req, res, next) => {
      const headers = req.headers;
      if (rawBody?.(req)) {
        afterBody(req, res, next);
        return;
      }
      // Exactly when body-parser would read nothing (no Content-Length and no Transfer-Encoding).
      if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
        afterBody(req, res, next);
        return;
      }
      const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
      if (hasBody && !req.is(['application/json', 'application/*+json'])) {
        next(new HttpProblem(415, 'unsupported_media_type', 'Request bodies must be application/json.'));
        return;
      }
      const charset = hasBody ? charsetOf(req.header('content-type')) : undefined;
      if (charset !== undefined && charset !== 'utf-8') {
        next(unsupportedCharset(charset));
        return;
      }
      json(req, res, (error?: unknown) => {
        if (error !== undefined && error !== null) next(error);
        else afterBody(req, res, next);
      });
    });
  } else if (guard) app.use(guard);
  // Services answer their GETs conditionally (ETag, If-None-Match, 304): conditional-get.ts.
  if (options.conditionalGets ?? options.assertionSecret !== undefined) installConditionalJson(app);
  return app;
}

/** The charset parameter of a Content-Type header, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').toLowerCase();
}

function unsupportedCharset(charset: string): HttpProblem {
  const shown = charset.length > 40 ? `${charset.slice(0, 40)}…` : charset;
  return new HttpProblem(415, 'unsupported_media_type', `The charset "${shown}" is not supported: request bodies must be JSON in utf-8.`);
}

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDefinition {
  method: RouteMethod;
  path: string;
  handler: RequestHandler;
}

/**
 * Mounts routes grouped by path; any other method on a known path answers 405 with an Allow header,
 * so a client can tell "wrong verb" from "no such resource".
 */
export function mountRoutes(app: Express, routes: RouteDefinition[]): void {
  const byPath = new Map<string, RouteDefinition[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  for (const [path, defs] of byPath) {
    const route = app.route(path);
    for (const def of defs) route[def.method](def.handler);
    const allow = [...new Set(defs.flatMap((def) => (def.method === 'get' ? ['GET', 'HEAD'] : [def.method.toUpperCase()])))].join(', ');
    route.all((req, _res, next) => {
      next(new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allow}.`, { headers: { Allow: allow } }));
    });
  }
}

/** Adds the problem+json 404 for unknown paths and the error handler. Call after mounting routes. */
export interface FinishOptions {
  /** Tells errors of the service's own infrastructure (e.g. @regatta/db's isConnectionError) apart: they answer 503, not 500. */
  unavailable?: (error: unknown) => boolean;
}

export function finishApp(app: Express, logger: Logger, options: FinishOptions = {}): void {
  app.use((req, _res, next) => {
    next(new HttpProblem(404, 'route_not_found', `No route matches ${req.method} ${req.path}.`));
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(req, res, toProblem(error, req, logger, options));
  });
}

/**
 * Overload and outages are not bugs: a pool that cannot hand out a connection in time, a refused or
 * dropped database connection, or PostgreSQL shutting down / out of connections answer 503 with
 * Retry-After instead of 500, so clients back off and retry.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  return (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(error.message) ||
    code === 'ECONNREFUSED' ||
    code === '57P01' || // admin_shutdown
    code === '57P03' || // cannot_connect_now
    code === '53300' // too_many_connections
  );
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  charset?: string;
  encoding?: string;
}

function toProblem(error: unknown, req: Request, logger: Logger, options: FinishOptions = {}): HttpProblem {
  if (error instanceof HttpProblem) return error;
  // The router failed to decode a route parameter (it marks those 400). The input guard answers
  // first; this is the safety net.
  if (error instanceof URIError && (error as URIError & { status?: number }).status === 400) return malformedPath();
  const parserError = error as BodyParserError;
  if (parserError && typeof parserError === 'object' && typeof parserError.type === 'string') {
    if (parserError.type === 'entity.too.large') return new HttpProblem(413, 'payload_too_large', 'The request body is too large.');
    if (parserError.type === 'entity.parse.failed') return new HttpProblem(400, 'malformed_json', 'The request body is not valid JSON.');
    if (parserError.type === 'charset.unsupported') return unsupportedCharset(parserError.charset ?? 'unknown');
    if (parserError.type === 'encoding.unsupported')
      return new HttpProblem(415, 'unsupported_media_type', `The content encoding "${String(parserError.encoding ?? 'unknown').slice(0, 40)}" is not supported.`);
    if (parserError.status && parserError.status >= 400 && parserError.status < 500)
      return new HttpProblem(parserError.status, 'bad_request', 'The request could not be read.');
  }
  if (isDatabaseUnavailable(error) || options.unavailable?.(error)) {
    logger.warn({ err: error, requestId: requestIdOf(req) }, 'database unavailable or pool exhausted');
    return new HttpProblem(503, 'service_unavailable', 'The service is overloaded or its database is unreachable; try again shortly.', {
      headers: { 'Retry-After': '2' },
    });
  }
  logger.error({ err: error, requestId: requestIdOf(req) }, 'unhandled error');
  return new HttpProblem(500, 'internal_error', 'Something went wrong on our side; the request id identifies it in our logs.');
}

export { problemBody };
