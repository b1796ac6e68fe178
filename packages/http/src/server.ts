import { createServer, type RequestListener, type Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from '@regatta/logging';

export interface ServeOptions {
  /** An express app, or any request listener (the gateway puts its public door in front of express). */
  app: Express | RequestListener;
  port: number;
  host: string;
  logger: Logger;
  /** Called on SIGTERM/SIGINT after the server stopped accepting connections, in order. */
  onShutdown?: Array<() => Promise<void>>;
  /** Called on SIGTERM/SIGINT before the server waits for open connections (end long-lived streams here). */
  beforeClose?: Array<() => void>;
  shutdownTimeoutMs?: number;
}

/** Listens and wires graceful shutdown: stop accepting, drain, run hooks (consumers commit), exit. */
export async function serve(options: ServeOptions): Promise<Server> {
  const server = createServer(options.app as RequestListener).listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Longer than the gateway's idle keep-alive so the gateway never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  options.logger.info({ port: options.port, host: options.host }, 'listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    options.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      options.logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 20_000);
    timer.unref();
    for (const hook of options.beforeClose ?? []) {
      try {
        hook();
      } catch (error) {
        options.logger.error({ err: error }, 'shutdown hook failed');
      }
    }
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    for (const hook of options.onShutdown ?? []) {
      try {
        await hook();
      } catch (error) {
        options.logger.error({ err: error }, 'shutdown hook failed');
      }
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return server;
}
