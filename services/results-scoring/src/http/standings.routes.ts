/**
 * Standings routes (behind the gateway, under /api/v1):
 *   GET  /events/{slug}/standings                 fleet standings (fleet, includeDrops)
 *   GET  /series/{slug}/standings                 multi-event series standings (fleet, includeDrops)
 *
 * Both answer from the read views (app/render-views.ts, app/series-standings.ts): stored JSON text.
 */
import { identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { getSeriesStandings } from '../app/get-series-standings.js';
import { getStandings } from '../app/get-standings.js';
import { pathParams, slugParams, standingsQuery } from './results.schemas.js';
import { seriesStandingsText, standingsText } from './standings.views.js';

export function standingsRoutes(context: ServiceContext): RouteDefinition[] {
  const eventStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/standings',
    handler: async (req, res) => {
      const query = parseInput(standingsQuery, req.query, 'query');
      const { slug } = pathParams(slugParams, req, 'Event');
      res.type('json').send(standingsText(await getStandings(context, identityOf(res), slug, query)));
    },
  };

  const seriesStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/series/:slug/standings',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Series');
      const query = parseInput(standingsQuery, req.query, 'query');
      res.type('json').send(seriesStandingsText(await getSeriesStandings(context, identity, slug, query)));
    },
  };

  return [eventStandings, seriesStandings];
}
