/**
 * Sends a read view's JSON text (results, standings, series standings): to a client that accepts
 * gzip, the view's gzip, compressed once per distinct body and kept beside it in process by its
 * ETag, so each later request of an unchanged view sends the compressed bytes as they are. A CPU
 * profile of GET results of a 60-boat, 10-race fleet (208 KB of JSON) showed the socket write of the
 * body at a third of the service's busy time; its gzip is about a tenth of it. The gzip carries the
 * plain body's ETag, so a client's If-None-Match holds whichever encoding it received; the 304
 * decision stays with the conditional GET of @regatta/http.
 *
 * A stored view read by its version (sendStoredView: GET results and standings) is tagged from the
 * versions of the views it is made of, computed when they were stored, instead of by hashing its
 * text on every request: If-None-Match is answered before any view's text is read, and the answer's
 * text (and gzip) is kept in process by that tag, so a read of an unchanged answer reads only the
 * versions. A tag stands for one text byte for byte, because every input of the text is in it.
 */
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { CONDITIONAL_CACHE_CONTROL, EDGE_VIEW_HEADER, etagOf, ifNoneMatchHits, isPublicEventStatus } from '@regatta/http';

/** Bodies shorter than this are sent plain (gzip would save little). */
const MIN_GZIP_BYTES = 1024;
/** The answers kept (text and gzip), in bytes at most (least recently stored forgotten first). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

interface Kept {
  /** The UTF-8 bytes of the text (a string would be encoded again on every send). */
  plain?: Buffer;
  gzip?: Buffer;
}

const kept = new Map<string, Kept>();
let keptBytes = 0;

function keep(etag: string, add: Kept): Kept {
  const entry = kept.get(etag) ?? {};
  if (add.plain !== undefined && entry.plain === undefined) {
    entry.plain = add.plain;
    keptBytes += add.plain.length;
  }
  if (add.gzip !== undefined && entry.gzip === undefined) {
    entry.gzip = add.gzip;
    keptBytes += add.gzip.length;
  }
  kept.set(etag, entry);
  for (const [oldest, old] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES || oldest === etag) break;
    kept.delete(oldest);
    keptBytes -= (old.plain?.length ?? 0) + (old.gzip?.length ?? 0);
  }
  return entry;
}

function gzipOf(etag: string, text: string | Buffer): Buffer {
  return kept.get(etag)?.gzip ?? keep(etag, { gzip: gzipSync(text, { level: 6 }) }).gzip!;
}

const acceptsGzip = (req: Request) => /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '');

function varyOnEncoding(res: Response): void {
  const vary = res.getHeader('Vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/\baccept-encoding\b/i.test(current)) res.setHeader('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Answers a GET of a read view with its JSON text (or its UTF-8 bytes), gzipped for clients that accept it. */
export function sendJsonView(req: Request, res: Response, text: string | Buffer, etag?: string): void {
  res.type('json');
  if (etag) res.setHeader('ETag', etag);
  if (text.length < MIN_GZIP_BYTES) {
    res.send(text);
    return;
  }
  varyOnEncoding(res);
  if (!acceptsGzip(req)) {
    res.send(text);
    return;
  }
  const tag = etag ?? etagOf(text);
  res.setHeader('ETag', tag);
  res.setHeader('Content-Encoding', 'gzip');
  res.send(gzipOf(tag, text));
}

/** A stored view's answer: its text and the tag of the versions it was made of. */
export interface StoredAnswer {
  etag: string;
  text: string;
}

/**
 * Answers a GET of a view made of stored views by its tag (`etag`, from their versions): 304 when
 * If-None-Match holds it, else the text kept under it, else the text `load` reads (under the tag
 * of what it read, which differs from `etag` only when a view was stored again in between).
 * `edgeView`, for an answer the same for every caller the route admits (a public regatta's), is the
 * event id whose facts announce its changes: the gateway may then answer revalidations itself.
 */
export async function sendStoredView(req: Request, res: Response, etag: string, load: () => Promise<StoredAnswer>, edgeView?: string): Promise<void> {
  if (edgeView) res.setHeader(EDGE_VIEW_HEADER, edgeView);
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    // The headers a 200 would carry (RFC 9110 15.4.5); the tagged views are the large ones.
    varyOnEncoding(res);
    res.setHeader('ETag', etag);
    if (res.getHeader('Cache-Control') === undefined) res.setHeader('Cache-Control', CONDITIONAL_CACHE_CONTROL);
    res.statusCode = 304;
    res.end();
    return;
  }
  const plain = kept.get(etag)?.plain;
  if (plain !== undefined) {
    sendJsonView(req, res, plain, etag);
    return;
  }
  const answer = await load();
  sendJsonView(req, res, keep(answer.etag, { plain: Buffer.from(answer.text, 'utf8') }).plain!, answer.etag);
}

/** The edge marking of a regatta's views: its id while it is public (anyone the route admits sees the same). */
export function edgeViewOf(event: { id: string; status: string }): string | undefined {
  return isPublicEventStatus(event.status) ? event.id : undefined;
}
