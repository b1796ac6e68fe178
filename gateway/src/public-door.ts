/**
 * The public door: regatta pages, their JSON twins, the public live feeds and the widget, for anyone
 * without credentials. Served on plain node:http before express (a CPU profile of the gateway on the
 * standings page showed the express router, per-request logging and header handling as the gateway's
 * own cost; this path has none of that). Each request is counted against its client address's
 * per-minute limit (429 as problem+json, or a small HTML page for browsers in their language,
 * limit-page.ts, with Retry-After),
 * stripped of any credentials (of the cookies only the pages' language choice, regatta_lang, goes on),
 * and proxied to public-results with an anonymous identity assertion
 * (signed once and reused while young, since it says nothing about the caller). The doors' prelude
 * (door-prelude.ts) gives it its request id, access log, metrics (route label `public`) and problem
 * writer.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ASSERTION_HEADER, HttpProblem, isMalformedPath, malformedPath, signAssertion } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import { EMBED_HEADER } from './credentials.js';
import { answerDoorFailure, withDoorPrelude, type DoorHandler } from './door-prelude.js';
import { INTERNAL_TOKEN_HEADER } from './identity-client.js';
import type { AddressRateLimiter } from './public-limit.js';
import { clientAddress, type TrustProxy } from './client-address.js';
import { limitPages, type LimitPages } from './limit-page.js';
import type { ProxyHandler } from './proxy.js';

const PUBLIC_PATH = /^\/(?:regattas(?:\.json)?(?:\/|$|\?)|clubs\/|series\/|embed\/)/;
const LIVE_PATH = /^\/regattas\/[^/?]+\/live(?:\?|$)/;
const ASSERTION_REUSE_MS = 30_000;

const LANGUAGE_COOKIE = /(?:^|;)\s*regatta_lang=([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})?)\s*(?:;|$)/;

/**
 * The public pages' language cookie (`regatta_lang`, set by their language switch) as the one cookie
 * the door lets through, rebuilt from a strict pattern; undefined when the request has none.
 */
export function languageCookie(header: string | string[] | undefined): string | undefined {
  const value = typeof header === 'string' ? LANGUAGE_COOKIE.exec(header)?.[1] : undefined;
  return value ? `regatta_lang=${value}` : undefined;
}

/** True for the paths this door serves (everything else goes to express). */
export function isPublicPath(url: string): boolean {
  return PUBLIC_PATH.test(url);
}

export interface PublicDoorOptions {
  logger: Logger;
  /** Whose X-Forwarded-For to believe (TRUST_PROXY). */
  trustProxy: TrustProxy;
  limiter: AddressRateLimiter | undefined;
  assertionSecret: string;
  proxy: ProxyHandler;
  streamProxy: ProxyHandler;
  /** Reads the words of the over-the-limit page (public-results); without it the page is English. */
  loadLimitWords?: () => Promise<unknown>;
}

function prefersHtml(req: IncomingMessage, path: string): boolean {
  return (req.headers.accept ?? '').includes('text/html') && !path.endsWith('.json');
}

/** The `lang` query parameter of a request URL (a language switch link), if any. */
function langParam(url: string | undefined): string | undefined {
  const query = (url ?? '').split('?')[1];
  return query ? (new URLSearchParams(query).get('lang') ?? undefined) : undefined;
}

/** The door's work on a request whose id is settled (express mounts this under its own prelude). */
export function publicDoorHandler(options: PublicDoorOptions): DoorHandler {
  let assertion = { token: '', madeAt: 0 };
  const pages: LimitPages | undefined = options.limiter ? limitPages(options.loadLimitWords ?? (async () => undefined)) : undefined;
  const anonymousAssertion = () => {
    const now = Date.now();
    if (now - assertion.madeAt > ASSERTION_REUSE_MS) assertion = { token: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, options.assertionSecret), madeAt: now };
    return assertion.token;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    // A path that does not decode (`/regattas/%FF`) names nothing: 400 here, costing no upstream call.
    if (isMalformedPath(path)) throw malformedPath();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new HttpProblem(405, 'method_not_allowed', `${req.method} is not allowed here; use GET.`, { headers: { Allow: 'GET, HEAD' } });
    }
    if (options.limiter) {
      const outcome = await options.limiter.consume(clientAddress(req, options.trustProxy));
      res.setHeader('RateLimit-Limit', String(outcome.limit));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, outcome.remaining)));
      res.setHeader('RateLimit-Reset', String(outcome.resetSeconds));
      if (!outcome.allowed) {
        const retryAfter = String(outcome.resetSeconds);
        if (pages && prefersHtml(req, path)) {
          const reader = { query: langParam(req.url), cookie: languageCookie(req.headers.cookie), acceptLanguage: req.headers['accept-language'] };
          const { body, lang } = pages.render(reader, outcome.resetSeconds);
          res.writeHead(429, {
            'Content-Type': 'text/html; charset=utf-8',
            'Content-Language': lang,
            Vary: 'Accept-Language, Cookie',
            'Retry-After': retryAfter,
            'Cache-Control': 'no-store',
            'Content-Length': Buffer.byteLength(body),
          });
          res.end(body);
          return;
        }
        throw new HttpProblem(429, 'rate_limit_exceeded', `Too many requests from this address; retry in ${retryAfter} s.`, {
          headers: { 'Retry-After': retryAfter },
          extensions: { limit: outcome.limit, retryAfter: outcome.resetSeconds },
        });
      }
    }
    req.headers[ASSERTION_HEADER] = anonymousAssertion();
    req.headers['x-request-id'] = requestId;
    delete req.headers.authorization;
    // Of the cookies only the reader's language choice goes on (a preference, never a credential).
    const language = languageCookie(req.headers.cookie);
    if (language) req.headers.cookie = language;
    else delete req.headers.cookie;
    delete req.headers[EMBED_HEADER];
    delete req.headers[INTERNAL_TOKEN_HEADER];
    const proxy = LIVE_PATH.test(req.url ?? '') ? options.streamProxy : options.proxy;
    proxy(req, res);
  };

  return (req, res, requestId) => {
    req.id = requestId;
    handle(req, res, requestId).catch((error: unknown) => answerDoorFailure(options.logger, req, res, requestId, error));
  };
}

/** The door on plain node:http: the prelude, then the door. */
export function publicDoor(options: PublicDoorOptions): RequestListener {
  return withDoorPrelude({ logger: options.logger, routeOf: () => 'public' }, publicDoorHandler(options));
}
