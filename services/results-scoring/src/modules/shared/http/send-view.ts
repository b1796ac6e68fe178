/**
 * Sends a read view's JSON text (results, standings, series standings): to a client that accepts
 * gzip, the view's gzip, compressed once per distinct body and kept beside it in process by its
 * ETag, so each later request of an unchanged view sends the compressed bytes as they are. A CPU
 * profile of GET results of a 60-boat, 10-race fleet (208 KB of JSON) showed the socket write of the
 * body at a third of the service's busy time; its gzip is about a tenth of it. The ETag is the one
 * the plain body has (as the public pages send), so a client's If-None-Match holds whichever encoding
 * it received; the 304 decision stays with the conditional GET of @regatta/http.
 */
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { etagOf } from '@regatta/http';

/** Bodies shorter than this are sent plain (gzip would save little). */
const MIN_GZIP_BYTES = 1024;
/** The compressed views kept, in bytes at most (least recently stored forgotten first). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

const kept = new Map<string, Buffer>();
let keptBytes = 0;

function gzipOf(etag: string, text: string): Buffer {
  let gzipped = kept.get(etag);
  if (gzipped) return gzipped;
  gzipped = gzipSync(text, { level: 6 });
  kept.set(etag, gzipped);
  keptBytes += gzipped.length;
  for (const [oldest, buffer] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES) break;
    kept.delete(oldest);
    keptBytes -= buffer.length;
  }
  return gzipped;
}

const acceptsGzip = (req: Request) => /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '');

function varyOnEncoding(res: Response): void {
  const vary = res.getHeader('Vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/\baccept-encoding\b/i.test(current)) res.setHeader('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Answers a GET of a read view with its JSON text, gzipped for clients that accept it. */
export function sendJsonView(req: Request, res: Response, text: string): void {
  res.type('json');
  if (text.length < MIN_GZIP_BYTES) {
    res.send(text);
    return;
  }
  varyOnEncoding(res);
  if (!acceptsGzip(req)) {
    res.send(text);
    return;
  }
  const etag = etagOf(text);
  res.setHeader('ETag', etag);
  res.setHeader('Content-Encoding', 'gzip');
  res.send(gzipOf(etag, text));
}
