/** Series: regattas of one or more organizations scored together (standings: results-scoring). */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { createSeries } from '../app/create-series.js';
import { getSeries } from '../app/get-series.js';
import { listSeries } from '../app/list-series.js';
import { parse } from './parse.js';
import { slugParam } from './params.js';
import { createSeriesBody, listSeriesQuery } from './series.schemas.js';
import { seriesDetailJson, seriesSummaryJson } from './series.views.js';

export function seriesRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/series',
      handler: async (req, res) => {
        const created = await createSeries(context, identityOf(res), () => parse(createSeriesBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: seriesDetailJson(created), message: `Series ${created.series.name} created.` });
      },
    },
    {
      method: 'get',
      path: '/api/v1/series',
      handler: async (req, res) => {
        const query = parse(listSeriesQuery, req.query, 'query');
        const { items, hasMore } = await listSeries(context, identityOf(res), query);
        res.json({ data: items.map(seriesSummaryJson), pagination: { limit: query.limit, offset: query.offset, hasMore } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/series/:slug',
      handler: async (req, res) => {
        res.json({ data: seriesDetailJson(await getSeries(context, identityOf(res), slugParam(req))) });
      },
    },
  ];
}
