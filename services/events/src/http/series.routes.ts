/** Series: regattas of one or more organizations scored together (standings: results-scoring). */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { deleteSeries, updateSeries } from '../app/change-series.js';
import { createSeries } from '../app/create-series.js';
import { updateSeriesBody } from './changes.schemas.js';
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
    {
      method: 'patch',
      path: '/api/v1/series/:slug',
      handler: async (req, res) => {
        const { result, changed } = await updateSeries(context, identityOf(res), slugParam(req), () => parse(updateSeriesBody, req.body, 'body'), requestIdOf(req));
        res.json({ data: seriesDetailJson(result), message: changed.length === 0 ? 'Nothing changed.' : `Series updated (${changed.join(', ')}).` });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/series/:slug',
      handler: async (req, res) => {
        const series = await deleteSeries(context, identityOf(res), slugParam(req), requestIdOf(req));
        res.json({ message: `Series ${series.name} deleted.` });
      },
    },
  ];
}
