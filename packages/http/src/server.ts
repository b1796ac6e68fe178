import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Express } from 'express';
import type { Logger } from '@regatta/logging';

export interface ServeOptions {
  /** An express app, or any request listener (the gateway puts its public door in front of express). */
  app: Express | RequestListener;
  port: number;
  host: string;
  logger: Logger;
  /** Called on SIGTERM/SIGINT after the HTTP server has closed every connection, in order. */
  onShutdown?: Array<() => Promise<void>>;
  /** Called on SIGTERM/SIGINT before the server waits for requests in flight (end long-lived streams here). */
  beforeClose?: Array<() => void>;
  /** Longest wait for requests in flight before their connections are closed (default 3 s). */
  drainTimeoutMs?: number;
  /** How long idle keep-alive connections stay open after the signal, serving one last request each (default 300 ms). */
  idleGraceMs?: number;
  /** Whole shutdown; past it the process exits 1 (default 20 s). */
  shutdownTimeoutMs?: number;
  /** Exit the process when shutdown is done (default true; tests of serve itself pass false). */
  exitProcess?: boolean;
}

export interface ServedServer extends Server {
  /** Runs the graceful shutdown (what SIGTERM does) and resolves with the exit code. */
  shutdown(signal?: string): Promise<number>;
}

/**
 * Listens and wires graceful shutdown. On SIGTERM/SIGINT:
 * 1. stop accepting connections (new ones are refused: a proxy answers 503 and retries elsewhere);
 * 2. every response from now on carries `Connection: close`, requests in flight included, so each
 *    connection closes after its response;
 * 3. after a short grace (`idleGraceMs`) idle keep-alive connections are closed, and again whenever a
 *    response finishes. Closing them at the very instant of the signal made a client that had just
 *    picked an idle connection for its next request see a reset (the gateway answered 502 for ~1 % of
 *    requests under load); during the grace such a request is served instead, with Connection: close;
 * 4. after `drainTimeoutMs` whatever is still open is closed;
 * 5. the hooks run in order (background tasks, consumers commit, relay, pool), then exit 0.
 * Without this, keep-alive connections (keepAliveTimeout 65 s) held the server open until the
 * shutdown timer killed the process with exit 1.
 */
export async function serve(options: ServeOptions): Promise<ServedServer> {
  const server = createServer() as ServedServer;
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  let graceOver = false;
  let onIdle: (() => void) | undefined;

  // Registered before the app, so the header is in place before the app writes anything.
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      if (!stopping) return;
      if (graceOver) server.closeIdleConnections();
      if (inFlight.size === 0) onIdle?.();
    });
  });
  server.on('request', options.app as RequestListener);
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Longer than the gateway's idle keep-alive so the gateway never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  options.logger.info({ port: options.port, host: options.host }, 'listening');

  let shutdown: Promise<number> | undefined;
  const run = async (signal: string): Promise<number> => {
    stopping = true;
    const started = Date.now();
    options.logger.info({ signal, inFlight: inFlight.size }, 'shutting down');
    for (const hook of options.beforeClose ?? []) {
      try {
        hook();
      } catch (error) {
        options.logger.error({ err: error }, 'shutdown hook failed');
      }
    }
    // net.Server#close stops accepting; http.Server#close would also close idle connections at once.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const drainTimeoutMs = options.drainTimeoutMs ?? 3_000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.idleGraceMs ?? 300, drainTimeoutMs)));
    graceOver = true;
    server.closeIdleConnections();
    if (inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        onIdle = resolve;
        timer = setTimeout(resolve, Math.max(0, drainTimeoutMs - (Date.now() - started)));
      });
      clearTimeout(timer);
      if (inFlight.size > 0) options.logger.warn({ inFlight: inFlight.size, drainTimeoutMs }, 'requests still in flight; closing their connections');
    }
    server.closeIdleConnections();
    server.closeAllConnections();
    await closed;
    options.logger.info({ ms: Date.now() - started }, 'HTTP server closed');
    // A failing hook is logged and the next one still runs (a consumer that cannot commit while Kafka
    // is down is redelivered and absorbed by its inbox); the pool is always ended last.
    for (const hook of options.onShutdown ?? []) {
      try {
        await hook();
      } catch (error) {
        options.logger.error({ err: error }, 'shutdown hook failed');
      }
    }
    options.logger.info({ ms: Date.now() - started }, 'shutdown complete');
    return 0;
  };
  server.shutdown = (signal = 'shutdown') => {
    if (!shutdown) {
      const timer = setTimeout(() => {
        options.logger.error({ shutdownTimeoutMs: options.shutdownTimeoutMs ?? 20_000 }, 'shutdown timed out; exiting');
        if (options.exitProcess !== false) process.exit(1);
      }, options.shutdownTimeoutMs ?? 20_000);
      timer.unref();
      shutdown = run(signal).finally(() => clearTimeout(timer));
    }
    return shutdown;
  };
  const onSignal = (signal: string) => {
    void server.shutdown(signal).then((code) => {
      if (options.exitProcess !== false) process.exit(code);
    });
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  return server;
}
