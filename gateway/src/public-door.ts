/**
 * The public door: regatta pages, their JSON twins, the public live feeds and the widget, for anyone
 * without credentials. Each request is counted against its client address's per-minute limit
 * (429 as problem+json, or a small HTML page for browsers, with Retry-After), stripped of any
 * credentials, and proxied to public-results with an anonymous identity assertion (signed once and
 * reused while young, since it says nothing about the caller).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ASSERTION_HEADER, HttpProblem, sendProblem, signAssertion } from '@regatta/http';
import { EMBED_HEADER } from './credentials.js';
import { INTERNAL_TOKEN_HEADER } from './identity-client.js';
import type { AddressRateLimiter } from './public-limit.js';

export const PUBLIC_PREFIXES = ['/regattas', '/clubs', '/series', '/embed'];

export interface PublicDoorOptions {
  limiter: AddressRateLimiter | undefined;
  assertionSecret: string;
  proxy: RequestHandler;
  streamProxy: RequestHandler;
}

const ASSERTION_REUSE_MS = 30_000;

function prefersHtml(req: Request): boolean {
  const accept = req.header('accept') ?? '';
  return accept.includes('text/html') && !req.path.endsWith('.json');
}

function tooManyPage(retryAfter: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head><body><main><h1>Too many requests</h1><p>This address sent too many requests. Please try again in ${retryAfter} seconds.</p></main></body></html>`;
}

export function publicDoor(options: PublicDoorOptions): RequestHandler {
  let assertion = { token: '', madeAt: 0 };
  const anonymousAssertion = () => {
    const now = Date.now();
    if (now - assertion.madeAt > ASSERTION_REUSE_MS) assertion = { token: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, options.assertionSecret), madeAt: now };
    return assertion.token;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here; use GET.`, { headers: { Allow: 'GET, HEAD' } });
      }
      if (options.limiter) {
        const outcome = await options.limiter.consume(req.ip ?? req.socket.remoteAddress ?? 'unknown');
        res.setHeader('RateLimit-Limit', String(outcome.limit));
        res.setHeader('RateLimit-Remaining', String(Math.max(0, outcome.remaining)));
        res.setHeader('RateLimit-Reset', String(outcome.resetSeconds));
        if (!outcome.allowed) {
          res.setHeader('Retry-After', String(outcome.resetSeconds));
          if (prefersHtml(req)) {
            res.status(429).type('html').setHeader('Cache-Control', 'no-store').send(tooManyPage(outcome.resetSeconds));
            return;
          }
          throw new HttpProblem(429, 'rate_limit_exceeded', `Too many requests from this address; retry in ${outcome.resetSeconds} s.`, {
            headers: { 'Retry-After': String(outcome.resetSeconds) },
            extensions: { limit: outcome.limit, retryAfter: outcome.resetSeconds },
          });
        }
      }
      req.headers[ASSERTION_HEADER] = anonymousAssertion();
      req.headers['x-request-id'] = (req as Request & { id: string }).id;
      delete req.headers.authorization;
      delete req.headers.cookie;
      delete req.headers[EMBED_HEADER];
      delete req.headers[INTERNAL_TOKEN_HEADER];
      req.url = req.originalUrl;
      (req as Request & { proxyStartedAt?: number }).proxyStartedAt = Date.now();
      const path = req.originalUrl.split('?')[0] ?? '';
      (/^\/regattas\/[^/]+\/live$/.test(path) ? options.streamProxy : options.proxy)(req, res, next);
    } catch (error) {
      if (error instanceof HttpProblem) {
        sendProblem(req, res, error);
        return;
      }
      next(error);
    }
  };
}
