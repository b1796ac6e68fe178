/**
 * The embeddable widget and its demo page:
 *   GET /embed/v1/regatta-widget.js  one self-contained script (custom element <regatta-results>), with
 *                                    its words in every language (widget-script.ts)
 *   GET /embed/v1/demo               how to paste it into a club's site, with a live preview, in the
 *                                    reader's language (rendered once per language at start-up)
 *   GET /embed/v1/rate-limit.json    the words of the gateway's page for a reader over the per-address
 *                                    limit, in every language (the gateway renders it without asking)
 * The script's URL carries its major version; within it the content may change, so it is cached for
 * a day and revalidated by ETag (a club's page never holds a stale widget longer than that).
 */
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import type { RouteDefinition } from '@regatta/http';
import { etagOf } from '../app/page-cache.js';
import { DEFAULT_LANGUAGE, LANGUAGES, RESOURCES, localeOf, type Language } from '../i18n/locale.js';
import { embedDemoPage } from './embed-demo.views.js';
import type { LanguageChoice } from '../i18n/negotiate.js';
import { requestLanguage, sayLanguage } from './language.js';
import { widgetScript } from './widget-script.js';

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  type: string;
  cacheControl: string;
}

function asset(text: string, type: string, cacheControl: string): Asset {
  const body = Buffer.from(text);
  return { body, gzipped: gzipSync(body, { level: 9 }), etag: etagOf(text), type, cacheControl };
}

export function embedRoutes(): RouteDefinition[] {
  const widget = asset(widgetScript(), 'text/javascript; charset=utf-8', 'public, max-age=86400, stale-while-revalidate=604800');
  const rateLimit = asset(
    JSON.stringify({ data: { fallback: DEFAULT_LANGUAGE, languages: Object.fromEntries(LANGUAGES.map((lang) => [lang, RESOURCES[lang].translation.rateLimit])) } }),
    'application/json; charset=utf-8',
    'public, max-age=300',
  );
  const demos = Object.fromEntries(LANGUAGES.map((lang) => [lang, asset(embedDemoPage(localeOf(lang)), 'text/html; charset=utf-8', 'public, max-age=300')])) as Record<Language, Asset>;
  /** `language`: the demo page's language (its headers); the widget script has none. */
  const send = (req: Request, res: Response, file: Asset, language?: LanguageChoice) => {
    res.setHeader('ETag', file.etag);
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    if (language) sayLanguage(res, language);
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
    { method: 'get', path: '/embed/v1/regatta-widget.js', handler: (req, res) => send(req, res, widget) },
    { method: 'get', path: '/embed/v1/rate-limit.json', handler: (req, res) => send(req, res, rateLimit) },
    {
      method: 'get',
      path: '/embed/v1/demo',
      handler: (req, res) => {
        const language = requestLanguage(req);
        send(req, res, demos[language.lang], language);
      },
    },
  ];
}
