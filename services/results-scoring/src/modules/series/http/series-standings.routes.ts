/**
 * Series standings route (behind the gateway, under /api/v1):
 *   GET  /series/{slug}/standings                 multi-event series standings (fleet, includeDrops)
 *
 * It answers from the series' read view (app/series-standings.ts): stored JSON text; `?format=` or
 * Accept asks for an export (packages/exports) of that same answer.
 */
import { requestedFormat, sendExport, varyOnAccept } from '@regatta/exports';
import { identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { pathParams, slugParams, standingsQuery } from '../../results/http/results.schemas.js';
import { getSeriesStandings } from '../app/get-series-standings.js';
import { seriesStandingsTable } from './series-standings.export.js';
import { seriesStandingsText } from './series-standings.views.js';
import { sendJsonView } from '../../shared/http/send-view.js';

export function seriesStandingsRoutes(context: ServiceContext): RouteDefinition[] {
  const seriesStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/series/:slug/standings',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Series');
      const query = parseInput(standingsQuery, req.query, 'query');
      const format = requestedFormat(req.query, req.headers.accept);
      const text = seriesStandingsText(await getSeriesStandings(context, identity, slug, query));
      varyOnAccept(res);
      if (format === 'json') sendJsonView(req, res, text);
      else await sendExport(req, res, seriesStandingsTable(text), format);
    },
  };

  return [seriesStandings];
}
