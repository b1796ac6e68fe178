/**
 * Split-series routes (behind the gateway, under /api/v1):
 *   PUT  /events/{slug}/split-series      define the qualifying → final → medal series (committee)
 *   GET  /events/{slug}/split-series      the definition as stored (whoever may read the event)
 *   POST /events/{slug}/split             split into final fleets, or choose the medal fleet (committee)
 *   GET  /events/{slug}/split-standings   standings per stage (qualifying, final, medal) or overall
 */
import { identityOf, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { getSplitSeries } from '../app/get-split-series.js';
import { getSplitStandings } from '../app/get-split-standings.js';
import { defineSplitSeries, splitFleets } from '../app/split-series.js';
import { pathParams, slugParams } from '../../results/http/results.schemas.js';
import { splitBody, splitSeriesBody, splitStandingsQuery } from './split.schemas.js';
import { splitSeriesView, splitStandingsView, splitView } from './split.views.js';

export function splitRoutes(context: ServiceContext): RouteDefinition[] {
  const define: RouteDefinition = {
    method: 'put',
    path: '/api/v1/events/:slug/split-series',
    handler: async (req, res) => {
      const { slug } = pathParams(slugParams, req, 'Event');
      const body = parseInput(splitSeriesBody, req.body, 'body');
      res.json(splitSeriesView(await defineSplitSeries(context, identityOf(res), slug, body)));
    },
  };

  const read: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/split-series',
    handler: async (req, res) => {
      const { slug } = pathParams(slugParams, req, 'Event');
      res.json(splitSeriesView(await getSplitSeries(context, identityOf(res), slug)));
    },
  };

  const split: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/split',
    handler: async (req, res) => {
      const { slug } = pathParams(slugParams, req, 'Event');
      const body = parseInput(splitBody, req.body, 'body');
      res.json(splitView(await splitFleets(context, identityOf(res), slug, { ...body, requestId: requestIdOf(req) })));
    },
  };

  const standings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/split-standings',
    handler: async (req, res) => {
      const { slug } = pathParams(slugParams, req, 'Event');
      const { stage } = parseInput(splitStandingsQuery, req.query, 'query');
      res.json(splitStandingsView(await getSplitStandings(context, identityOf(res), slug, stage)));
    },
  };

  return [define, read, split, standings];
}
