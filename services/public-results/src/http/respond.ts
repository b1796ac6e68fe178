/** Answers a public page or its JSON twin with validators and short shared caching; 304 when unchanged. */
import type { Request, Response } from 'express';
import type { CachedPage } from '../app/page-cache.js';
import type { LanguageChoice } from '../i18n/negotiate.js';
import { sayLanguage } from './language.js';

export interface PublicCachePolicy {
  maxAgeSeconds: number;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => strip(tag) === strip(etag));
}

/** `language`: the HTML page's language (its headers); a JSON twin has none. */
export function sendPage(req: Request, res: Response, page: CachedPage, policy: PublicCachePolicy, language?: LanguageChoice): void {
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', `public, max-age=${policy.maxAgeSeconds}`);
  res.setHeader('Vary', 'Accept-Encoding');
  if (language) sayLanguage(res, language);
  if (page.contentType.startsWith('application/json')) res.setHeader('Access-Control-Allow-Origin', '*');
  if (matches(req.header('if-none-match'), page.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type(page.contentType);
  if (page.gzipped && /\bgzip\b/.test(req.header('accept-encoding') ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(page.gzipped);
  } else res.send(page.body);
}
