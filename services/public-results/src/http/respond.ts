/** Answers a public page or its JSON twin with validators and short shared caching; 304 when unchanged. */
import type { Request, Response } from 'express';
import type { CachedPage } from '../app/page-cache.js';

export interface PublicCachePolicy {
  maxAgeSeconds: number;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => strip(tag) === strip(etag));
}

export function sendPage(req: Request, res: Response, page: CachedPage, policy: PublicCachePolicy, status = 200): void {
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', status === 200 ? `public, max-age=${policy.maxAgeSeconds}` : 'public, max-age=5');
  res.setHeader('Vary', 'Accept-Encoding');
  if (page.contentType.startsWith('application/json')) res.setHeader('Access-Control-Allow-Origin', '*');
  if (status === 200 && matches(req.header('if-none-match'), page.etag)) {
    res.status(304).end();
    return;
  }
  res.status(status).type(page.contentType);
  if (page.gzipped && /\bgzip\b/.test(req.header('accept-encoding') ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(page.gzipped);
  } else res.send(page.body);
}
