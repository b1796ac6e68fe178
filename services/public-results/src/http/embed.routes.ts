/**
 * The embeddable widget and its demo page:
 *   GET /embed/v1/regatta-widget.js  one self-contained script (custom element <regatta-results>)
 *   GET /embed/v1/demo               how to paste it into a club's site, with a live preview
 * The script's URL carries its major version; within it the content may change, so it is cached for
 * a day and revalidated by ETag (a club's page never holds a stale widget longer than that).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { RouteDefinition } from '@regatta/http';
import { etagOf } from '../app/page-cache.js';

const ASSETS = new URL('../../assets/', import.meta.url);

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  type: string;
  cacheControl: string;
}

function asset(name: string, type: string, cacheControl: string): Asset {
  const text = readFileSync(new URL(name, ASSETS), 'utf8');
  const body = Buffer.from(text);
  return { body, gzipped: gzipSync(body, { level: 9 }), etag: etagOf(text), type, cacheControl };
}

export function embedRoutes(): RouteDefinition[] {
  const widget = asset('regatta-widget.js', 'text/javascript; charset=utf-8', 'public, max-age=86400, stale-while-revalidate=604800');
  const demo = asset('embed-demo.html', 'text/html; charset=utf-8', 'public, max-age=300');
  const serve = (file: Asset): RouteDefinition['handler'] => (req, res) => {
    res.setHeader('ETag', file.etag);
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.header('if-none-match') === file.etag) {
      res.status(304).end();
      return;
    }
    res.type(file.type);
    if (/\bgzip\b/.test(req.header('accept-encoding') ?? '')) {
      res.setHeader('Content-Encoding', 'gzip');
      res.send(file.gzipped);
    } else res.send(file.body);
  };
  return [
    { method: 'get', path: '/embed/v1/regatta-widget.js', handler: serve(widget) },
    { method: 'get', path: '/embed/v1/demo', handler: serve(demo) },
  ];
}
