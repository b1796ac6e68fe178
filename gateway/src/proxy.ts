/**
 * Proxies to the services with keep-alive connections and timeouts; an upstream failure becomes the
 * contract's problem+json by its error code (upstream-failures.ts): 502 (reset, broken answer), 503
 * (refused, unreachable) or 504 (no answer within the upstream timeout).
 * `onUpstreamResponse` sees every upstream response before its headers are relayed (the gateway
 * consumes identity's invalidation header there); an intercepting proxy buffers a response so the
 * gateway can finish work before relaying it (used after an organization is created).
 *
 * A few lines of node:http rather than http-proxy (a CPU profile of the gateway showed http-proxy's
 * passes, its event emitter and the request pipe as a visible share of each request): the same
 * X-Forwarded-* headers, Host kept, the upstream request sent at once when there is no body, the
 * response piped back. Hop-by-hop headers (hop-by-hop.ts) stay on their own hop in both directions,
 * on every proxy: plain, intercepting and streaming.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ASSERTION_HEADER } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { ServiceName } from './config.js';
import { writeDoorProblem, type DoorRequest } from './door-prelude.js';
import { hopByHopOf } from './hop-by-hop.js';
import { upstreamErrorCode, upstreamProblem, upstreamTimeout } from './upstream-failures.js';

export interface ProxySettings {
  upstreams: Record<ServiceName, string>;
  timeoutMs: number;
  logger: Logger;
  onUpstreamResponse?: (proxyRes: IncomingMessage, req: IncomingMessage) => void;
}

/** Sees a whole upstream response before it is relayed; returns the body to relay. */
export type ResponseInterceptor = (body: Buffer, proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => Promise<Buffer | string>;

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Proxies {
  plain: Record<ServiceName, ProxyHandler>;
  /** For long-lived responses (Server-Sent Events): no response timeout, no socket pool limit. */
  streaming: Record<ServiceName, ProxyHandler>;
  /** A buffering proxy to `service`; create it once and reuse it. */
  intercepting(service: ServiceName, interceptor: ResponseInterceptor): ProxyHandler;
}

type OnError = (error: Error, req: IncomingMessage, res: ServerResponse) => void;

export function createProxies(settings: ProxySettings): Proxies {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
  const onError = (service: ServiceName): OnError => (error, req, res) => {
    // The client left first (its close destroyed the upstream request): nobody to answer.
    if (res.destroyed || res.writableEnded) return;
    settings.logger.warn({ service, code: upstreamErrorCode(error) ?? 'UNKNOWN', err: error }, 'upstream failed');
    if (res.headersSent) res.destroy();
    else writeDoorProblem(req, res, upstreamProblem(service, error), (req as DoorRequest).id ?? '');
  };
  const services = Object.keys(settings.upstreams) as ServiceName[];

  const plain = {} as Record<ServiceName, ProxyHandler>;
  for (const service of services) plain[service] = forwardProxy(settings.upstreams[service], agent, settings, onError(service));

  const streaming = {} as Record<ServiceName, ProxyHandler>;
  for (const service of services) streaming[service] = streamProxy(settings.upstreams[service], onError(service));

  return {
    plain,
    streaming,
    intercepting(service, interceptor) {
      const logger = settings.logger;
      return forwardProxy(settings.upstreams[service], agent, settings, onError(service), { interceptor, logger });
    },
  };
}

interface Interception {
  interceptor: ResponseInterceptor;
  logger: Logger;
}

/**
 * One request to `target` (keep-alive pool), response relayed as it streams (or, intercepted, as a
 * whole once the interceptor is done). Request headers as http-proxy with xfwd sent them: all of the
 * client's end-to-end headers (Host unchanged) plus X-Forwarded-For, -Port, -Proto appended and
 * X-Forwarded-Host.
 */
function forwardProxy(target: string, agent: http.Agent, settings: ProxySettings, onError: OnError, interception?: Interception): ProxyHandler {
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
    const isHopByHop = hopByHopOf(incoming, SET_BY_GATEWAY);
    for (const name in incoming) {
      if (isHopByHop(name) || FORWARDED.has(name)) continue;
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
    const framing = bodyFraming(req);
    if (framing === 'none' && incoming['content-length'] === undefined && (req.method === 'DELETE' || req.method === 'OPTIONS')) headers.push('content-length', '0');
    // This hop's own framing: node writes no chunked framing by itself for GET, DELETE or OPTIONS.
    if (framing === 'chunked') headers.push('transfer-encoding', 'chunked');

    const upstream = http.request({ host, port, method: req.method ?? 'GET', path: prefix + (req.url ?? '/'), headers, agent });
    upstream.setTimeout(timeoutMs, () => upstream.destroy(upstreamTimeout(timeoutMs)));
    upstream.on('error', (error) => onError(error, req, res));
    upstream.on('response', (answer) => {
      onUpstreamResponse?.(answer, req);
      const relayed = answer.headers;
      const answerHopByHop = hopByHopOf(relayed);
      for (const name in relayed) if (!answerHopByHop(name)) res.setHeader(name, relayed[name]!);
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      answer.on('error', () => res.destroy());
      if (interception) relayWhole(answer, req, res, interception);
      else relayStream(answer, res);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (framing === 'none') upstream.end();
    else req.pipe(upstream);
  };
}

/**
 * How a request's body travels upstream: with its Content-Length, chunked, or not at all. A DELETE or
 * OPTIONS without Content-Length is sent without a body (Content-Length: 0).
 */
function bodyFraming(req: IncomingMessage): 'length' | 'chunked' | 'none' {
  const length = req.headers['content-length'];
  if (length !== undefined) return length === '0' ? 'none' : 'length';
  if (req.method === 'DELETE' || req.method === 'OPTIONS') return 'none';
  return req.headers['transfer-encoding'] !== undefined ? 'chunked' : 'none';
}

/**
 * pipe() without its machinery (a visible share of a small response's cost): write what comes, pause
 * the upstream while the client's socket is full.
 */
function relayStream(answer: IncomingMessage, res: ServerResponse): void {
  answer.on('data', (chunk: Buffer) => {
    if (!res.write(chunk)) {
      answer.pause();
      res.once('drain', () => answer.resume());
    }
  });
  answer.on('end', () => res.end());
}

/** The whole answer to the interceptor, then its result with its own Content-Length. */
function relayWhole(answer: IncomingMessage, req: IncomingMessage, res: ServerResponse, { interceptor, logger }: Interception): void {
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('end', () => {
    const body = Buffer.concat(chunks);
    const send = (out: Buffer | string) => {
      res.setHeader('content-length', Buffer.byteLength(out));
      res.end(out);
    };
    // The upstream's answer stands even when the gateway's follow-up work fails.
    interceptor(body, answer, req, res).then(send, (error: unknown) => {
      logger.error({ err: error, requestId: (req as DoorRequest).id }, 'response interceptor failed; relaying the upstream answer');
      send(body);
    });
  });
}

/** X-Forwarded-For/-Port/-Proto: this hop appended to what earlier proxies said. */
function appended(existing: string | string[] | undefined, value: string): string {
  const earlier = Array.isArray(existing) ? existing.join(', ') : existing;
  return earlier ? `${earlier},${value}` : value;
}

/** Set by forwardProxy itself (appended or kept). */
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host']);

/** Request headers the gateway sets or frames the upstream hop with: a client's Connection cannot name them away. */
const SET_BY_GATEWAY: ReadonlySet<string> = new Set(['host', 'content-length', ASSERTION_HEADER, 'x-request-id']);

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
    const upstream = http.request({ host: base.hostname, port: base.port, method: 'GET', path: (req as DoorRequest).originalUrl ?? req.url, headers, agent });
    upstream.on('response', (answer) => {
      const relayed: http.OutgoingHttpHeaders = {};
      const isHopByHop = hopByHopOf(answer.headers);
      for (const [name, value] of Object.entries(answer.headers)) if (!isHopByHop(name)) relayed[name] = value;
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
