/**
 * Proxies to the services with keep-alive connections and timeouts; upstream failures become
 * problem+json 502 (refused/reset), 503 (no route to a healthy instance) or 504 (too slow).
 * `onUpstreamResponse` sees every upstream response before its headers are relayed (the gateway
 * consumes identity's invalidation header there); `intercept` buffers a response so the gateway can
 * finish work before relaying it (used after an organization is created).
 */
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Request, Response, RequestHandler } from 'express';
import { createProxyMiddleware, responseInterceptor } from 'http-proxy-middleware';
import { HttpProblem, sendProblem, writeProblem } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { ServiceName } from './config.js';

export interface ProxySettings {
  upstreams: Record<ServiceName, string>;
  timeoutMs: number;
  logger: Logger;
  onUpstreamResponse?: (proxyRes: IncomingMessage, req: Request) => void;
}

export type ResponseInterceptor = (body: Buffer, proxyRes: IncomingMessage, req: Request, res: Response) => Promise<Buffer | string>;

export interface Proxies {
  plain: Record<ServiceName, RequestHandler>;
  /** For long-lived responses (Server-Sent Events): no response timeout, no socket pool limit. */
  streaming: Record<ServiceName, RequestHandler>;
  intercepting(service: ServiceName, interceptor: ResponseInterceptor): RequestHandler;
}

export function createProxies(settings: ProxySettings): Proxies {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
  const onError = (service: ServiceName) => (error: Error, req: IncomingMessage, res: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
    settings.logger.warn({ service, code, err: error }, 'upstream failed');
    const startedAt = (req as Request & { proxyStartedAt?: number }).proxyStartedAt ?? Date.now();
    const timedOut = Date.now() - startedAt >= settings.timeoutMs - 50;
    const problem = timedOut
      ? new HttpProblem(504, 'gateway_timeout', `The ${service} service did not answer in time.`)
      : code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? new HttpProblem(503, 'service_unavailable', `The ${service} service is unavailable; try again shortly.`, {
            headers: { 'Retry-After': '5' },
          })
        : new HttpProblem(502, 'bad_gateway', `The ${service} service failed to answer.`);
    const response = res as Response;
    if (typeof response.status === 'function' && !response.headersSent) sendProblem(req as Request, response, problem);
    else if (res instanceof http.ServerResponse && !res.headersSent) {
      // The public door's plain node:http responses.
      const requestId = String(req.headers['x-request-id'] ?? '');
      writeProblem(res, problem, (req.url ?? '').split('?')[0], requestId);
    } else if (res && typeof res === 'object' && 'destroy' in res) (res as { destroy(): void }).destroy();
  };
  const base = (service: ServiceName) => ({
    target: settings.upstreams[service],
    agent,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: settings.timeoutMs,
    logger: undefined,
  });

  const plain = {} as Record<ServiceName, RequestHandler>;
  for (const service of Object.keys(settings.upstreams) as ServiceName[]) {
    plain[service] = createProxyMiddleware<Request, Response>({
      ...base(service),
      on: {
        error: onError(service),
        proxyRes: (proxyRes, req) => settings.onUpstreamResponse?.(proxyRes, req),
      },
    });
  }

  const streaming = {} as Record<ServiceName, RequestHandler>;
  for (const service of Object.keys(settings.upstreams) as ServiceName[]) streaming[service] = streamProxy(settings.upstreams[service], onError(service));

  return {
    plain,
    streaming,
    /** A new buffering proxy to `service`; create it once and reuse it. */
    intercepting(service, interceptor) {
      const intercept = responseInterceptor<Request, Response>(interceptor);
      return createProxyMiddleware<Request, Response>({
        ...base(service),
        selfHandleResponse: true,
        on: {
          error: onError(service),
          proxyRes: (proxyRes, req, res) => {
            settings.onUpstreamResponse?.(proxyRes, req);
            return intercept(proxyRes, req, res);
          },
        },
      });
    },
  };
}

/**
 * A minimal proxy for long-lived responses (Server-Sent Events): one upstream request piped to the
 * client, no response timeout, no socket pool, nothing kept per connection but the two sockets and
 * their pipe (the benchmark measures the memory of 1,000 idle streams). Either side closing closes
 * the other.
 */
function streamProxy(target: string, onError: (error: Error, req: IncomingMessage, res: unknown) => void): RequestHandler {
  const base = new URL(target);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  return (req, res) => {
    // Only what a stream needs travels upstream (fewer strings held per open stream).
    const headers: http.OutgoingHttpHeaders = { host: base.host, accept: 'text/event-stream', 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    for (const name of FORWARDED_STREAM_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = http.request({ host: base.hostname, port: base.port, method: 'GET', path: (req as { originalUrl?: string }).originalUrl ?? req.url, headers, agent });
    upstream.on('response', (answer) => {
      const relayed: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) relayed[name] = value;
      res.writeHead(answer.statusCode ?? 502, relayed);
      res.flushHeaders();
      // Plain data events instead of pipe(): a long-lived stream keeps fewer closures alive. Frames
      // are small and rare, so there is no backpressure to manage; a stuck client is closed by TCP.
      answer.on('data', (chunk: Buffer) => res.write(chunk));
      answer.on('end', () => res.end());
    });
    upstream.on('error', (error) => onError(error, req, res));
    res.on('close', () => upstream.destroy());
    upstream.end();
  };
}

const FORWARDED_STREAM_HEADERS = ['x-identity-assertion', 'x-request-id', 'last-event-id', 'user-agent', 'origin'] as const;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);
