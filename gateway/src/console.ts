/**
 * The console (web/console, built by Vite into static files) at /console/:
 *   /console/assets/<name>-<hash>.<ext>  hashed files: cached for a year (immutable), sent as the
 *                                        build's .br (brotli) or .gz beside them when the client
 *                                        accepts it (gzipped here once where the build has none)
 *   /console and /console/<any screen>   the single page (index.html), revalidated on every visit
 *                                        (no-cache with an ETag), so a deep link opens its screen
 * The page gets a Content-Security-Policy without 'unsafe-inline' scripts (the build emits none) and
 * may be framed by nobody. It talks to /api/v1 on this same origin with the session cookie; nothing
 * here authenticates: every screen's data comes through the API door like any other client's.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Express, Request, Response } from 'express';
import { HttpProblem, sendProblem } from '@regatta/http';

export const CONSOLE_PATH = '/console';

/** What the console's page may load: its own scripts, styles and API; frames of this origin (the widget preview). */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.json', '.svg', '.webmanifest']);

interface StaticFile {
  body: Buffer;
  gzipped: Buffer | undefined;
  brotli: Buffer | undefined;
  etag: string;
  type: string;
  mtimeMs: number;
}

/** Where the built console is: CONSOLE_DIR, else the @regatta/console package's dist/. */
export function consoleDirectory(configured?: string): string | undefined {
  if (configured) return configured;
  try {
    const manifest = createRequire(import.meta.url).resolve('@regatta/console/package.json');
    return join(dirname(manifest), 'dist');
  } catch {
    return undefined;
  }
}

/** A precompressed copy the build wrote beside a file (name.js.br, name.js.gz), if there is one. */
function sidecar(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

export interface ConsoleOptions {
  /** The built console's directory (index.html and assets/); absent or missing: 503 console_not_built. */
  directory: string | undefined;
}

export function registerConsole(app: Express, options: ConsoleOptions): void {
  const cache = new Map<string, StaticFile>();
  const root = options.directory;

  const load = (path: string): StaticFile | undefined => {
    if (!root) return undefined;
    const file = normalize(join(root, path));
    if (!file.startsWith(normalize(root) + sep)) return undefined;
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached;
    const body = readFileSync(file);
    const ext = extname(file);
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const entry: StaticFile = {
      body,
      gzipped: compress ? (sidecar(`${file}.gz`) ?? gzipSync(body, { level: 9 })) : undefined,
      brotli: compress ? sidecar(`${file}.br`) : undefined,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      type: TYPES[ext] ?? 'application/octet-stream',
      mtimeMs: stat.mtimeMs,
    };
    cache.set(file, entry);
    return entry;
  };

  const send = (req: Request, res: Response, file: StaticFile, cacheControl: string): void => {
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', file.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === file.etag) {
      res.status(304).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = file.brotli && /\bbr\b/.test(accepted) ? 'br' : file.gzipped && /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const body = encoding === 'br' ? file.brotli! : encoding === 'gzip' ? file.gzipped! : file.body;
    res.setHeader('Content-Length', String(body.length));
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  };

  const page = (req: Request, res: Response): void => {
    const index = load('index.html');
    if (!index) {
      sendProblem(req, res, new HttpProblem(503, 'console_not_built', 'The console has not been built on this server (npm run build).'));
      return;
    }
    res.setHeader('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    send(req, res, index, 'no-cache');
  };

  app.get(`${CONSOLE_PATH}/assets/*path`, (req, res) => {
    const file = load(req.path.slice(CONSOLE_PATH.length + 1));
    if (!file) {
      sendProblem(req, res, new HttpProblem(404, 'route_not_found', `No console asset ${req.path}.`));
      return;
    }
    send(req, res, file, 'public, max-age=31536000, immutable');
  });
  // Files at the console's root (a web app manifest, a service worker, icons) revalidate like the page.
  app.get(`${CONSOLE_PATH}/:file`, (req, res, next) => {
    const name = String(req.params['file']);
    const file = extname(name) ? load(name) : undefined;
    if (file && name !== 'index.html') send(req, res, file, 'no-cache');
    else next();
  });
  // Without strict routing /console and /console/ are one route: the page lives at the second.
  app.get(CONSOLE_PATH, (req, res) => (req.path.endsWith('/') ? page(req, res) : res.redirect(301, `${CONSOLE_PATH}/`)));
  app.get(`${CONSOLE_PATH}/*screen`, page);
}
