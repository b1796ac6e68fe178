/**
 * The public pages and their JSON twins (same path + ".json"), served to anyone through the gateway:
 *   GET /regattas[.json]?q=            upcoming and recent regattas, searchable by name, venue, club
 *   GET /clubs/{orgSlug}[.json]          a club with its upcoming and past regattas
 *   GET /regattas/{slug}[.json]          details, notice board, race schedule
 *   GET /regattas/{slug}/entries[.json]  entry list per fleet, waitlist apart
 *   GET /regattas/{slug}/results[.json]  every race per fleet
 *   GET /regattas/{slug}/standings[.json] standings per fleet, discards in brackets, ties explained
 *   GET /series/{slug}[.json]            series standings
 * A draft or unknown regatta is 404 (HTML or problem+json, like its twin). Pages speak the reader's
 * language (`?lang=`, the regatta_lang cookie, Accept-Language: language.ts); twins are language-neutral.
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { notFound, parseInput, querySearch, type RouteDefinition } from '@regatta/http';
import { clubView, publicRegattaTab, regattaList, seriesView, type RegattaTab } from '../app/regatta-pages.js';
import type { PublicContext, PublicResources } from '../app/resources.js';
import { localeOf, type Locale } from '../i18n/locale.js';
import { requestLanguage, sayLanguage } from './language.js';
import { param } from './params.js';
import { sendPage, type PublicCachePolicy } from './respond.js';
import { SLUG } from './slug.js';
import { clubPage, entriesPage, notFoundPage, regattaPage, regattasPage, resultsPage, seriesPage, standingsPage } from './pages.views.js';

const TABS: Record<string, RegattaTab> = { entries: 'entries', results: 'results', standings: 'standings' };
const listQuery = z.object({ q: querySearch(100) }).passthrough();
const LISTING_TTL_MS = 60_000;
const PAGE_TTL_MS = 3_600_000;

/** "spring-cup.json" -> { slug: "spring-cup", json: true }; undefined when it cannot be a slug. */
function splitSuffix(value: string | undefined): { name: string; json: boolean } | undefined {
  if (value === undefined) return undefined;
  const json = value.endsWith('.json');
  const name = json ? value.slice(0, -5) : value;
  return { name, json };
}

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

export function pageRoutes(context: PublicContext, resources: PublicResources): RouteDefinition[] {
  const { pool } = context;
  const { heads, cache } = resources;
  const policy: PublicCachePolicy = { maxAgeSeconds: context.config.PUBLIC_MAX_AGE_SECONDS };
  /**
   * Serves from cache or renders; `load` answers the page's data (undefined = 404). An HTML page is
   * rendered and cached per language (the key names it); a JSON twin has no language.
   */
  async function serve<T>(
    req: Request,
    res: Response,
    options: { key: string; tag: string; json: boolean; ttlMs: number; what: string; load: () => Promise<T | undefined>; render: (view: T, locale: Locale) => string; toJson?: (view: T) => unknown },
  ): Promise<void> {
    const language = options.json ? undefined : requestLanguage(req);
    const key = language ? `h|${language.lang}|${options.key}` : `j|${options.key}`;
    const cached = cache.get(key);
    if (cached) return sendPage(req, res, cached, policy, language);
    const generation = cache.generationOf(options.tag);
    const view = await options.load();
    if (view === undefined) {
      if (!language) throw notFound(options.what);
      res.status(404).setHeader('Cache-Control', 'no-store');
      sayLanguage(res, language);
      res.type(HTML).send(notFoundPage(options.what, localeOf(language.lang)));
      return;
    }
    const body = language ? options.render(view, localeOf(language.lang)) : JSON.stringify({ data: options.toJson ? options.toJson(view) : view });
    sendPage(req, res, cache.put(key, options.tag, body, language ? HTML : JSON_TYPE, options.ttlMs, generation), policy, language);
  }

  const list = (json: boolean): RouteDefinition => ({
    method: 'get',
    path: json ? '/regattas.json' : '/regattas',
    handler: async (req, res) => {
      const { q } = parseInput(listQuery, req.query, 'query');
      const search = q ?? null;
      await serve(req, res, { key: `list|${search ?? ''}`, tag: 'c', json, ttlMs: LISTING_TTL_MS, what: 'Regattas', load: () => regattaList(pool, search, new Date()), render: regattasPage });
    },
  });

  const club: RouteDefinition = {
    method: 'get',
    path: '/clubs/:slug',
    handler: async (req, res) => {
      const part = splitSuffix(param(req, 'slug'));
      if (!part || !SLUG.test(part.name)) throw notFound('Club');
      await serve(req, res, { key: `club|${part.name}`, tag: 'c', json: part.json, ttlMs: LISTING_TTL_MS, what: 'Club', load: () => clubView(pool, part.name, new Date()), render: clubPage });
    },
  };

  const regatta = async (req: Request, res: Response, slugParam: string | undefined, tabParam: string | undefined) => {
    const part = splitSuffix(tabParam ?? slugParam);
    const slug = tabParam === undefined ? part?.name : slugParam;
    const tab: RegattaTab | undefined = tabParam === undefined ? 'overview' : TABS[part?.name ?? ''];
    if (!part || !slug || !SLUG.test(slug) || !tab) throw notFound('Regatta page');
    const { tag, load } = await publicRegattaTab({ pool, heads }, slug, tab);
    await serve(req, res, {
      key: `regatta|${slug}|${tab}`,
      tag,
      json: part.json,
      ttlMs: PAGE_TTL_MS,
      what: 'Regatta',
      load,
      toJson: (page) => page.view,
      render: (page, locale) => {
        switch (page.tab) {
          case 'overview':
            return regattaPage(page.view, locale);
          case 'entries':
            return entriesPage(page.view, locale);
          case 'results':
            return resultsPage(page.view, locale);
          case 'standings':
            return standingsPage(page.view, locale);
        }
      },
    });
  };

  const series: RouteDefinition = {
    method: 'get',
    path: '/series/:slug',
    handler: async (req, res) => {
      const part = splitSuffix(param(req, 'slug'));
      if (!part || !SLUG.test(part.name)) throw notFound('Series');
      await serve(req, res, { key: `series|${part.name}`, tag: 'series', json: part.json, ttlMs: LISTING_TTL_MS, what: 'Series', load: () => seriesView(pool, part.name), render: seriesPage });
    },
  };

  return [
    list(false),
    list(true),
    club,
    { method: 'get', path: '/regattas/:slug', handler: (req, res) => regatta(req, res, param(req, 'slug'), undefined) },
    { method: 'get', path: '/regattas/:slug/:tab', handler: (req, res) => regatta(req, res, param(req, 'slug'), param(req, 'tab')) },
    series,
  ];
}

