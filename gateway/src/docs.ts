/**
 * The interactive API reference:
 *   GET /api/v1/docs                 Swagger UI rendering /api/v1/openapi.json in the browser ("try it
 *                                    out" sends requests to this gateway), the operation table inside
 *                                    <noscript> for clients without JavaScript
 *   GET /api/v1/docs/assets/<file>   Swagger UI's own files, read from the swagger-ui-dist package
 *
 * Nothing is fetched from anywhere but this gateway: no CDN, no web fonts (Swagger UI uses the system's),
 * and its only default outside request, the badge of the online validator (validator.swagger.io), is
 * turned off (validatorUrl: null). The page's Content-Security-Policy (script, style, image and connect
 * sources 'self') holds the browser to that, so the reference works offline and inside networks that
 * reach nothing else. The page links the assets with their content hash (?v=), so they are cached for a
 * year (immutable) and revalidated by ETag otherwise; bodies are gzipped once, on first use.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Express, Request, Response } from 'express';
import { HttpProblem, sendProblem } from '@regatta/http';
import { operationIndexHtml } from '@regatta/openapi';

export const DOCS_PATH = '/api/v1/docs';
export const DOCS_ASSETS_PATH = '/api/v1/docs/assets';
const SPEC_PATH = '/api/v1/openapi.json';

const gzipAsync = promisify(gzip);

interface Asset {
  body: Buffer;
  etag: string;
  /** The first 16 characters of the body's SHA-256 (base64url): the ?v= of the page's links. */
  version: string;
  type: string;
  gzipped?: Promise<Buffer>;
}

function assetOf(body: Buffer, type: string): Asset {
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return { body, etag: `"${version}"`, version, type };
}

/** Swagger UI's configuration; served as a file so the page's CSP needs no inline script. */
function initScript(): string {
  const options = {
    url: SPEC_PATH,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // The online validator's badge is an <img> from validator.swagger.io: off, no request leaves.
    validatorUrl: null,
    // ?url= / ?configUrl= must not point the page at another document.
    queryConfigEnabled: false,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    requestSnippetsEnabled: true,
    persistAuthorization: false,
  };
  return `"use strict";
window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(options, null, 2)}, {
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
}));
`;
}

function loadAssets(): Map<string, Asset> {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const file = (name: string, type: string) => assetOf(readFileSync(join(dist, name)), type);
  return new Map([
    ['swagger-ui-bundle.js', file('swagger-ui-bundle.js', 'text/javascript; charset=utf-8')],
    ['swagger-ui.css', file('swagger-ui.css', 'text/css; charset=utf-8')],
    ['favicon-32x32.png', file('favicon-32x32.png', 'image/png')],
    // The bundle's first line points here for the licences of what it contains.
    ['swagger-ui-bundle.js.LICENSE.txt', file('swagger-ui-bundle.js.LICENSE.txt', 'text/plain; charset=utf-8')],
    ['docs-init.js', assetOf(Buffer.from(initScript()), 'text/javascript; charset=utf-8')],
  ]);
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes and a few <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function renderPage(document: Record<string, unknown>, assets: Map<string, Asset>): Asset {
  const href = (name: string) => `${DOCS_ASSETS_PATH}/${name}?v=${assets.get(name)!.version}`;
  const info = (document['info'] ?? {}) as { title?: string; version?: string };
  const title = escapeHtml(`${info.title ?? 'API'} ${info.version ?? ''}`.trim());
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – reference</title>
<link rel="icon" type="image/png" href="${href('favicon-32x32.png')}">
<link rel="stylesheet" href="${href('swagger-ui.css')}">
<style>body{margin:0}noscript{display:block;font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}noscript td,noscript th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}</style>
</head>
<body>
<main id="swagger-ui"></main>
<noscript>
<h1>${title}</h1>
<p>The interactive reference needs JavaScript. The OpenAPI 3.1 document: <a href="${SPEC_PATH}">${SPEC_PATH}</a>.</p>
${operationIndexHtml(document)}
</noscript>
<script src="${href('swagger-ui-bundle.js')}"></script>
<script src="${href('docs-init.js')}"></script>
</body>
</html>
`;
  return assetOf(Buffer.from(html), 'text/html; charset=utf-8');
}

function matchesEtag(req: Request, etag: string): boolean {
  const header = req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

async function send(req: Request, res: Response, asset: Asset, cacheControl: string): Promise<void> {
  res.setHeader('ETag', asset.etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (matchesEtag(req, asset.etag)) {
    res.status(304).end();
    return;
  }
  res.type(asset.type);
  if (asset.body.length > 1024 && /\bgzip\b/.test(req.header('accept-encoding') ?? '')) {
    asset.gzipped ??= gzipAsync(asset.body, { level: 9 });
    const gzipped = await asset.gzipped;
    res.setHeader('Content-Encoding', 'gzip');
    res.send(gzipped);
    return;
  }
  res.send(asset.body);
}

export interface DocsOptions {
  /** The merged OpenAPI document (the one /api/v1/openapi.json serves). */
  openapiDocument: () => unknown;
}

/** Registers GET /api/v1/docs and its assets on the gateway's express app (before the /api proxy). */
export function registerDocs(app: Express, options: DocsOptions): void {
  // Read on first use: the gateway starts without touching swagger-ui-dist's 2 MB.
  let assets: Map<string, Asset> | undefined;
  let page: Asset | undefined;
  const loaded = () => (assets ??= loadAssets());

  app.get(DOCS_PATH, (req, res, next) => {
    try {
      page ??= renderPage((options.openapiDocument() ?? {}) as Record<string, unknown>, loaded());
      res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      res.setHeader('Referrer-Policy', 'no-referrer');
      send(req, res, page, 'no-cache').catch(next);
    } catch (error) {
      next(error);
    }
  });

  app.get(`${DOCS_ASSETS_PATH}/:file`, (req, res, next) => {
    try {
      const asset = loaded().get(String(req.params['file']));
      if (!asset) {
        sendProblem(req, res, new HttpProblem(404, 'route_not_found', `No documentation asset ${req.path}.`));
        return;
      }
      // A link with the current hash may be kept for good; any other request revalidates hourly.
      const cacheControl = req.query['v'] === asset.version ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
      send(req, res, asset, cacheControl).catch(next);
    } catch (error) {
      next(error);
    }
  });
}
