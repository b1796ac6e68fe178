/**
 * The forwarding proxy of every non-streaming request: one request to a service over undici's
 * keep-alive connection pool, the answer relayed as it arrives (or, intercepted, as a whole once the
 * interceptor is done). undici rather than node:http's client: a CPU profile of the gateway under a
 * read load put node:http's client (ClientRequest, the agent, the IncomingMessage stream and its
 * events) at about a fifth of the gateway's own time; undici's dispatcher parses the answer without
 * building a stream per request and hands the body over as chunks.
 *
 * Request headers as http-proxy with xfwd sent them: all of the client's end-to-end headers (Host
 * unchanged) plus X-Forwarded-For, -Port, -Proto appended and X-Forwarded-Host. Hop-by-hop headers
 * (hop-by-hop.ts) stay on their own hop in both directions. Timeouts: no answer head, or no body
 * chunk, within the upstream timeout is undici's headers or body timeout (504, upstream-failures.ts).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { ASSERTION_HEADER } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { DoorRequest } from './door-prelude.js';
import { hopByHopOf } from './hop-by-hop.js';

/** A service's answer as the gateway's hooks see it before it is relayed. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
}

/** Sees a whole upstream response before it is relayed; returns the body to relay. */
export type ResponseInterceptor = (body: Buffer, answer: UpstreamAnswer, req: IncomingMessage, res: ServerResponse) => Promise<Buffer | string>;

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse) => void;
export type OnUpstreamError = (error: Error, req: IncomingMessage, res: ServerResponse) => void;

export interface ForwardSettings {
  /** The service's base URL (a path prefix is kept). */
  target: string;
  /** The keep-alive pool to the target's origin. */
  pool: Dispatcher;
  timeoutMs: number;
  onUpstreamResponse?: ((answer: UpstreamAnswer, req: IncomingMessage) => void) | undefined;
  onError: OnUpstreamError;
  interception?: { interceptor: ResponseInterceptor; logger: Logger } | undefined;
}

/** The client has gone: the upstream request is aborted with this (nobody is left to answer). */
const CLIENT_GONE = Object.assign(new Error('the client closed the connection'), { code: 'ECONNABORTED' });

export function forwardProxy(settings: ForwardSettings): ProxyHandler {
  const { pool, timeoutMs, onUpstreamResponse, onError, interception } = settings;
  const base = new URL(settings.target);
  const prefix = base.pathname === '/' ? '' : base.pathname.replace(/\/$/, '');
  return (req, res) => {
    let controller: Dispatcher.DispatchController | undefined;
    let clientGone = false;
    const chunks: Buffer[] | undefined = interception ? [] : undefined;
    let answer: UpstreamAnswer | undefined;
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      controller?.abort(CLIENT_GONE);
    });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (clientGone) started.abort(CLIENT_GONE);
      },
      onResponseStart(_controller, statusCode, headers, statusMessage) {
        answer = { statusCode, headers };
        onUpstreamResponse?.(answer, req);
        const isHopByHop = hopByHopOf(headers);
        for (const name in headers) if (!isHopByHop(name)) res.setHeader(name, headers[name]!);
        res.statusCode = statusCode;
        if (statusMessage) res.statusMessage = statusMessage;
      },
      onResponseData(flow, chunk) {
        if (chunks) chunks.push(chunk);
        else if (!res.write(chunk)) {
          flow.pause();
          res.once('drain', () => flow.resume());
        }
      },
      onResponseEnd() {
        if (chunks && interception && answer) relayWhole(Buffer.concat(chunks), answer, req, res, interception);
        else res.end();
      },
      onResponseError(_controller, error) {
        onError(error, req, res);
      },
    };
    const framing = bodyFraming(req);
    try {
      dispatch(pool, framing, req, handler);
    } catch (error) {
      // undici refuses a request it cannot send (a header or method it does not accept) by throwing.
      onError(error as Error, req, res);
    }
  };
  function dispatch(pool: Dispatcher, framing: 'length' | 'chunked' | 'none', req: IncomingMessage, handler: Dispatcher.DispatchHandler): void {
    pool.dispatch(
      {
        origin: base.origin,
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        path: prefix + (req.url ?? '/'),
        headers: forwardedHeaders(req, base.host, framing),
        body: framing === 'none' ? null : req,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      handler,
    );
  }
}

/**
 * How a request's body travels upstream: with its Content-Length, chunked (undici frames a body of
 * unknown length so), or not at all. A DELETE or OPTIONS without Content-Length is sent without a
 * body (Content-Length: 0).
 */
function bodyFraming(req: IncomingMessage): 'length' | 'chunked' | 'none' {
  const length = req.headers['content-length'];
  if (length !== undefined) return length === '0' ? 'none' : 'length';
  if (req.method === 'DELETE' || req.method === 'OPTIONS') return 'none';
  return req.headers['transfer-encoding'] !== undefined ? 'chunked' : 'none';
}

/**
 * The upstream request's headers as a flat [name, value, ...] list: the client's end-to-end headers
 * and this hop's X-Forwarded-* set. Expect stays here: node's server has already answered
 * 100-continue to the client, and the body is sent to the service as it arrives.
 */
function forwardedHeaders(req: IncomingMessage, defaultHost: string, framing: 'length' | 'chunked' | 'none'): string[] {
  const headers: string[] = [];
  const incoming = req.headers;
  const isHopByHop = hopByHopOf(incoming, SET_BY_GATEWAY);
  for (const name in incoming) {
    if (isHopByHop(name) || NOT_FORWARDED.has(name)) continue;
    const value = incoming[name];
    if (typeof value === 'string') headers.push(name, value);
    else if (value !== undefined) for (const item of value) headers.push(name, item);
  }
  const hostHeader = incoming.host;
  if (hostHeader === undefined) headers.push('host', defaultHost);
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
  if (framing === 'none' && incoming['content-length'] === undefined && (req.method === 'DELETE' || req.method === 'OPTIONS')) headers.push('content-length', '0');
  return headers;
}

/** The whole answer to the interceptor, then its result with its own Content-Length. */
function relayWhole(body: Buffer, answer: UpstreamAnswer, req: IncomingMessage, res: ServerResponse, { interceptor, logger }: NonNullable<ForwardSettings['interception']>): void {
  const send = (out: Buffer | string) => {
    res.setHeader('content-length', Buffer.byteLength(out));
    res.end(out);
  };
  // The upstream's answer stands even when the gateway's follow-up work fails.
  interceptor(body, answer, req, res).then(send, (error: unknown) => {
    logger.error({ err: error, requestId: (req as DoorRequest).id }, 'response interceptor failed; relaying the upstream answer');
    send(body);
  });
}

/** X-Forwarded-For/-Port/-Proto: this hop appended to what earlier proxies said. */
function appended(existing: string | string[] | undefined, value: string): string {
  const earlier = Array.isArray(existing) ? existing.join(', ') : existing;
  return earlier ? `${earlier},${value}` : value;
}

/** Set by forwardedHeaders itself (appended or kept), or framed by undici (Expect: see above). */
const NOT_FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host', 'expect']);

/** Request headers the gateway sets or frames the upstream hop with: a client's Connection cannot name them away. */
const SET_BY_GATEWAY: ReadonlySet<string> = new Set(['host', 'content-length', ASSERTION_HEADER, 'x-request-id']);
