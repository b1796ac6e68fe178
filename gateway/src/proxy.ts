/**
 * Proxies to the services with keep-alive connections and timeouts; upstream failures become
 * problem+json 502 (refused/reset), 503 (no route to a healthy instance) or 504 (too slow).
 */
import http from 'node:http';
import type { Request, Response, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { HttpProblem, sendProblem } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import type { ServiceName } from './config.js';

export interface ProxySettings {
  upstreams: Record<ServiceName, string>;
  timeoutMs: number;
  logger: Logger;
}

export function createProxies(settings: ProxySettings): Record<ServiceName, RequestHandler> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });
  const proxies = {} as Record<ServiceName, RequestHandler>;
  for (const [service, target] of Object.entries(settings.upstreams) as Array<[ServiceName, string]>) {
    proxies[service] = createProxyMiddleware<Request, Response>({
      target,
      agent,
      changeOrigin: false,
      xfwd: true,
      proxyTimeout: settings.timeoutMs,
      logger: undefined,
      on: {
        error: (error, req, res) => {
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
          else if ('destroy' in res) res.destroy();
        },
      },
    });
  }
  return proxies;
}
