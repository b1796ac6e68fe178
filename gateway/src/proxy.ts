/**
 * Proxies to the services with keep-alive connections and timeouts; upstream failures become
 * problem+json 502 (refused/reset), 503 (no route to a healthy instance) or 504 (too slow).
 * `onUpstreamResponse` sees every upstream response before its headers are relayed (the gateway
 * consumes identity's invalidation header there); `intercept` buffers a response so the gateway can
 * finish work before relaying it (used after an organization is created).
 *
 * The plain proxy is a few lines of node:http rather than http-proxy (a CPU profile of the gateway
 * showed http-proxy's passes, its event emitter and the request pipe as a visible share of each
 * request): the same X-Forwarded-* headers, Host kept, the upstream request sent at once when there is
 * no body, the response piped back. Hop-by-hop headers stay on their own hop.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware, responseInterceptor } from 'http-proxy-middleware';
import { HttpProblem, sendProblem, writeProblem } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { ServiceName } from './config.js';

export interface ProxySettings {
  upstreams: Record<ServiceName, string>;
  timeoutMs: number;
  logger: Logger;
  onUpstreamResponse?: (proxyRes: IncomingMessage, req: IncomingMessage) => void;
}

export type ResponseInterceptor = (body: Buffer, proxyRes: IncomingMessage, req: Request, res: Response) => Promise<Buffer | string>;

/** What a proxy reads from the request besides node's own fields. */
export type ProxiedRequest = IncomingMessage & {
  originalUrl?: string;
  proxyStartedAt?: number;
  /** Answers an upstream failure (the API door's problem+json writer); absent: the proxy's default. */
  onProxyProblem?: (problem: HttpProblem) => void;
};

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Proxies {
  plain: Record<ServiceName, ProxyHandler>;
  /** For long-lived responses (Server-Sent Events): no response timeout, no socket pool limit. */
  streaming: Record<ServiceName, ProxyHandler>;
  intercepting(service: ServiceName, interceptor: ResponseInterceptor): ProxyHandler;
}

type OnError = (error: Error, req: IncomingMessage, res: unknown) => void;

export function createProxies(settings: ProxySettings): Proxies {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
  const onError = (service: ServiceName): OnError => (error, request, res) => {
    const req = request as ProxiedRequest;
    const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
    settings.logger.warn({ service, code, err: error }, 'upstream failed');
    const startedAt = req.proxyStartedAt ?? Date.now();
    const timedOut = Date.now() - startedAt >= settings.timeoutMs - 50;
    const problem = timedOut
      ? new HttpProblem(504, 'gateway_timeout', `The ${service} service did not answer in time.`)
      : code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? new HttpProblem(503, 'service_unavailable', `The ${service} service is unavailable; try again shortly.`, {
            headers: { 'Retry-After': '5' },
          })
        : new HttpProblem(502, 'bad_gateway', `The ${service} service failed to answer.`);
    const response = res as Response;
    if (res instanceof http.ServerResponse && !res.headersSent && req.onProxyProblem) req.onProxyProblem(problem);
    else if (typeof response.status === 'function' && !response.headersSent) sendProblem(req as Request, response, problem);
    else if (res instanceof http.ServerResponse && !res.headersSent) {
      // The public door's plain node:http responses.
      const requestId = String(req.headers['x-request-id'] ?? '');
      writeProblem(res, problem, (req.url ?? '').split('?')[0], requestId);
    } else if (res && typeof res === 'object' && 'destroy' in res) (res as { destroy(): void }).destroy();
  };

  const plain = {} as Record<ServiceName, ProxyHandler>;
  for (const service of Object.keys(settings.upstreams) as ServiceName[]) {
    plain[service] = forwardProxy(settings.upstreams[service], agent, settings, onError(service));
  }

  const streaming = {} as Record<ServiceName, ProxyHandler>;
  for (const service of Object.keys(settings.upstreams) as ServiceName[]) streaming[service] = streamProxy(settings.upstreams[service], onError(service));

  return {
    plain,
    streaming,
    /** A new buffering proxy to `service`; create it once and reuse it. */
    intercepting(service, interceptor) {
      const intercept = responseInterceptor<Request, Response>(interceptor);
      const middleware = createProxyMiddleware<Request, Response>({
        target: settings.upstreams[service],
        agent,
        changeOrigin: false,
        xfwd: true,
        proxyTimeout: settings.timeoutMs,
        logger: undefined,
        selfHandleResponse: true,
        on: {
          error: onError(service),
          proxyRes: (proxyRes, req, res) => {
            settings.onUpstreamResponse?.(proxyRes, req);
            return intercept(proxyRes, req, res);
          },
        },
      });
      return (req, res) => void middleware(req as Request, res as Response, () => undefined);
    },
  };
}

/**
 * One request to `target` (keep-alive pool), response relayed as it streams. Request headers as
 * http-proxy with xfwd sent them: all of the client's (Host unchanged) plus X-Forwarded-For, -Port,
 * -Proto appended and X-Forwarded-Host; hop-by-hop headers dropped both ways.
 */
function forwardProxy(target: string, agent: http.Agent, settings: ProxySettings, onError: OnError): ProxyHandler {
  const base = new URL(target);
  const prefix = base.pathname === '/' ? '' : base.pathname.replace(/\/$/, '');
  const host = base.hostname;
  const port = base.port || '80';
  const { timeoutMs, onUpstreamResponse } = settings;
  return (req, res) => {
    // A flat [name, value, ...] list: node writes it as it is instead of validating and storing
    // each header one by one (setHeader), and adds Connection: keep-alive itself.
    const headers: string[] = [];
    const incoming = req.headers;
    const method = req.method ?? 'GET';
    const noLength = (method === 'DELETE' || method === 'OPTIONS') && !incoming['content-length'];
    for (const name in incoming) {
      if (HOP_BY_HOP.has(name) || FORWARDED.has(name) || (noLength && name === 'transfer-encoding')) continue;
      const value = incoming[name];
      if (typeof value === 'string') headers.push(name, value);
      else if (value !== undefined) for (const item of value) headers.push(name, item);
    }
    const hostHeader = incoming.host;
    if (hostHeader === undefined) headers.push('host', base.host);
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const forwardedPort = (hostHeader ? /:(\d+)/.exec(hostHeader)?.[1] : undefined) ?? (encrypted ? '443' : '80');
    headers.push(
      'x-forwarded-for',
      appended(incoming['x-forwarded-for'], req.socket.remoteAddress ?? ''),
      'x-forwarded-port',
      appended(incoming['x-forwarded-port'], forwardedPort),
      'x-forwarded-proto',
      appended(incoming['x-forwarded-proto'], encrypted ? 'https' : 'http'),
      'x-forwarded-host',
      String(incoming['x-forwarded-host'] || hostHeader || ''),
    );
    if (noLength) headers.push('content-length', '0');
    const length = noLength ? '0' : incoming['content-length'];
    const hasBody = length !== undefined ? length !== '0' : !noLength && incoming['transfer-encoding'] !== undefined;

    const upstream = http.request({ host, port, method, path: prefix + (req.url ?? '/'), headers, agent });
    upstream.setTimeout(timeoutMs, () => upstream.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' })));
    upstream.on('error', (error) => onError(error, req, res));
    upstream.on('response', (answer) => {
      onUpstreamResponse?.(answer, req);
      const relayed = answer.headers;
      for (const name in relayed) if (!RESPONSE_HOP_BY_HOP.has(name)) res.setHeader(name, relayed[name]!);
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      answer.on('error', () => res.destroy());
      // pipe() without its machinery (a visible share of a small response's cost): write what comes,
      // pause the upstream while the client's socket is full.
      answer.on('data', (chunk: Buffer) => {
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
      });
      answer.on('end', () => res.end());
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (hasBody) req.pipe(upstream);
    else upstream.end();
  };
}

/** X-Forwarded-For/-Port/-Proto: this hop appended to what earlier proxies said. */
function appended(existing: string | string[] | undefined, value: string): string {
  const earlier = Array.isArray(existing) ? existing.join(', ') : existing;
  return earlier ? `${earlier},${value}` : value;
}

/** Set by forwardProxy itself (appended or kept). */
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host']);

/**
 * A minimal proxy for long-lived responses (Server-Sent Events): one upstream request piped to the
 * client, no response timeout, no socket pool, nothing kept per connection but the two sockets and
 * their pipe (the benchmark measures the memory of 1,000 idle streams). Either side closing closes
 * the other.
 */
function streamProxy(target: string, onError: OnError): ProxyHandler {
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
      for (const [name, value] of Object.entries(answer.headers)) if (!RESPONSE_HOP_BY_HOP.has(name)) relayed[name] = value;
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
/** Headers of one hop. A request keeps Transfer-Encoding (it frames the body sent upstream). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);
/** A relayed response is framed by node for its own client (chunked for HTTP/1.1, close for 1.0). */
const RESPONSE_HOP_BY_HOP = new Set([...HOP_BY_HOP, 'transfer-encoding']);
