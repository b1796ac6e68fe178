/**
 * Proxies to the services with keep-alive connections and timeouts; an upstream failure becomes the
 * contract's problem+json by its error code (upstream-failures.ts): 502 (reset, broken answer), 503
 * (refused, unreachable) or 504 (no answer within the upstream timeout).
 * `onUpstreamResponse` sees every upstream response before its headers are relayed (the gateway
 * consumes identity's invalidation header there); an intercepting proxy buffers a response so the
 * gateway can finish work before relaying it (used after an organization is created).
 *
 * Plain and intercepting requests go through forward-proxy.ts over one undici Agent (a pool of
 * keep-alive connections per service); long-lived streams keep a plain node:http pipe each (below).
 * Hop-by-hop headers (hop-by-hop.ts) stay on their own hop in both directions, on every proxy.
 */
import http from 'node:http';
import { Agent } from 'undici';
import type { Logger } from '@regatta/logging';
import type { ServiceName } from './config.js';
import { writeDoorProblem, type DoorRequest } from './door-prelude.js';
import { forwardProxy, type OnUpstreamError, type ProxyHandler, type ResponseInterceptor, type UpstreamAnswer } from './forward-proxy.js';
import { hopByHopOf } from './hop-by-hop.js';
import { upstreamErrorCode, upstreamProblem } from './upstream-failures.js';

export type { ProxyHandler, ResponseInterceptor, UpstreamAnswer } from './forward-proxy.js';

export interface ProxySettings {
  upstreams: Record<ServiceName, string>;
  timeoutMs: number;
  logger: Logger;
  onUpstreamResponse?: (answer: UpstreamAnswer, req: http.IncomingMessage) => void;
}

export interface Proxies {
  plain: Record<ServiceName, ProxyHandler>;
  /** For long-lived responses (Server-Sent Events): no response timeout, no socket pool limit. */
  streaming: Record<ServiceName, ProxyHandler>;
  /** A buffering proxy to `service`; create it once and reuse it. */
  intercepting(service: ServiceName, interceptor: ResponseInterceptor): ProxyHandler;
}

export function createProxies(settings: ProxySettings): Proxies {
  // Up to 256 connections per service, as node's agent had (maxSockets); an idle one is closed after
  // 60 s, or earlier when the service's Keep-Alive hint says so (services keep theirs 65 s).
  const pool = new Agent({ connections: 256, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
  const onError =
    (service: ServiceName): OnUpstreamError =>
    (error, req, res) => {
      // The client left first (its close aborted the upstream request): nobody to answer.
      if (res.destroyed || res.writableEnded) return;
      settings.logger.warn({ service, code: upstreamErrorCode(error) ?? 'UNKNOWN', err: error }, 'upstream failed');
      if (res.headersSent) res.destroy();
      else writeDoorProblem(req, res, upstreamProblem(service, error), (req as DoorRequest).id ?? '');
    };
  const services = Object.keys(settings.upstreams) as ServiceName[];
  const forward = (service: ServiceName, interceptor?: ResponseInterceptor) =>
    forwardProxy({
      target: settings.upstreams[service],
      pool,
      timeoutMs: settings.timeoutMs,
      onUpstreamResponse: settings.onUpstreamResponse,
      onError: onError(service),
      interception: interceptor ? { interceptor, logger: settings.logger } : undefined,
    });

  const plain = {} as Record<ServiceName, ProxyHandler>;
  for (const service of services) plain[service] = forward(service);

  const streaming = {} as Record<ServiceName, ProxyHandler>;
  for (const service of services) streaming[service] = streamProxy(settings.upstreams[service], onError(service));

  return {
    plain,
    streaming,
    intercepting: (service, interceptor) => forward(service, interceptor),
  };
}

/**
 * A minimal proxy for long-lived responses (Server-Sent Events): one upstream request piped to the
 * client, no response timeout, no socket pool, nothing kept per connection but the two sockets and
 * their pipe (the benchmark measures the memory of 1,000 idle streams). Either side closing closes
 * the other.
 */
function streamProxy(target: string, onError: OnUpstreamError): ProxyHandler {
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
