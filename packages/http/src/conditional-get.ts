/**
 * Conditional GETs: a strong ETag over the exact JSON body sent, `If-None-Match` answered with 304
 * and no body, and `Cache-Control: private, no-cache`.
 *
 * Why these choices: a body can differ by the caller's authorization (a draft regatta, an embed
 * token's organization), so the tag is computed from the bytes this caller is about to receive, never
 * from a version number of the resource; `private` keeps shared caches (CDNs, proxies) from storing a
 * response meant for one credential, and `no-cache` makes the caller's own cache revalidate on every
 * use, so a 304 is only ever given for a body this caller would have received byte for byte. No
 * `Vary` on the credential headers is needed for that (and `Vary: Cookie` would defeat browser
 * caches): the revalidation itself is per request.
 */
import { hash } from 'node:crypto';
import type { Express, Request, Response } from 'express';

export const CONDITIONAL_CACHE_CONTROL = 'private, no-cache';
/**
 * A service's marking of a GET answer that is the same for every caller the route admits, naming the
 * key of the facts that change it (the event id): the gateway may answer its revalidations itself
 * (gateway/src/edge-revalidation.ts). The gateway never relays it.
 */
export const EDGE_VIEW_HEADER = 'x-edge-view';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A strong entity tag of a body: SHA-1 (a one-shot native digest, about a microsecond for a typical
 * answer) in base64url, quoted. Any change of a byte changes it, which is what "strong" promises.
 */
export function etagOf(body: string | Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/**
 * True when an If-None-Match header matches the current tag: `*`, or one of the listed tags by the
 * weak comparison RFC 9110 (13.1.2) prescribes for this header (a `W/` prefix is ignored).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // The common case: the client echoes the one tag it holds.
  if (header === etag) return true;
  const current = opaqueTag(etag);
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || opaqueTag(tag) === current) return true;
  }
  return false;
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Sends a JSON body as the answer to a GET or HEAD: ETag, Cache-Control, then 304 without a body when
 * If-None-Match matches, else 200 with the body. A tag or cache policy the handler set already wins
 * (its tag is the one compared); a handler that said `no-store` gets a plain answer without a tag.
 */
export function sendConditionalJson(req: Request, res: Response, body: string | Buffer): void {
  const cacheControl = res.getHeader('Cache-Control');
  if (typeof cacheControl === 'string' && cacheControl.includes('no-store')) {
    sendJsonBody(req, res, body);
    return;
  }
  let etag = res.getHeader('ETag');
  if (typeof etag !== 'string') {
    etag = etagOf(body);
    res.setHeader('ETag', etag);
  }
  if (cacheControl === undefined) res.setHeader('Cache-Control', CONDITIONAL_CACHE_CONTROL);
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    res.removeHeader('Content-Type');
    res.statusCode = 304;
    res.end();
    return;
  }
  sendJsonBody(req, res, body);
}

function sendJsonBody(req: Request, res: Response, body: string | Buffer): void {
  if (typeof body === 'string') {
    // As express's send: the handler's JSON type is kept, with the charset the text is sent in.
    const type = res.getHeader('Content-Type');
    if (typeof type !== 'string') res.setHeader('Content-Type', JSON_CONTENT_TYPE);
    else if (!type.includes('charset=')) res.setHeader('Content-Type', `${type}; charset=utf-8`);
  }
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * Makes the 200 JSON answers to GET and HEAD under /api/ (health and metrics stay plain) of this app
 * conditional, whether a handler calls `res.json(value)` (express's json ends in `send`) or sends
 * JSON text it prepared (`res.type('json').send(text)`, the stored views of results-scoring).
 * Everything else (other methods, statuses and content types) goes through express's own `send`
 * unchanged. Installed on the app's response prototype: handlers change nothing and nothing is
 * allocated per request.
 */
export function installConditionalJson(app: Express): void {
  const response = app.response as Response;
  const plainSend = response.send;
  response.send = function conditionalSend(this: Response, body?: unknown): Response {
    const req = this.req;
    if (
      (typeof body === 'string' || Buffer.isBuffer(body)) &&
      this.statusCode === 200 &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      isJson(this.getHeader('Content-Type')) &&
      req.originalUrl.startsWith('/api/')
    ) {
      sendConditionalJson(req, this, body);
      return this;
    }
    return plainSend.call(this, body);
  };
  // res.json's own path (res.set with a MIME lookup, then send) showed in the events service's
  // profile; the common case, a 200 to a GET, is stringified and sent here directly.
  const plainJson = response.json;
  response.json = function conditionalJson(this: Response, body?: unknown): Response {
    const req = this.req;
    if (this.statusCode !== 200 || (req.method !== 'GET' && req.method !== 'HEAD') || !req.originalUrl.startsWith('/api/')) return plainJson.call(this, body);
    const text = JSON.stringify(body) as string | undefined;
    if (text === undefined) return plainJson.call(this, body);
    sendConditionalJson(req, this, text);
    return this;
  };
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
