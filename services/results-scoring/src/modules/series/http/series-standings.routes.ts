/**
 * Series standings route (behind the gateway, under /api/v1):
 *   GET  /series/{slug}/standings                 multi-event series standings (fleet, includeDrops)
 *
 * It answers from the series' read view (app/series-standings.ts): stored JSON text, tagged by the
 * view's stored version so If-None-Match is answered without reading it; `?format=` or Accept asks
 * for an export (packages/exports) of that same answer.
 */
import { requestedFormat, sendExport, varyOnAccept } from '@regatta/exports';
import { etagOf, identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { pathParams, seriesStandingsQuery, slugParams } from '../../results/http/results.schemas.js';
import { getSeriesStandings, seriesStandingsOfVersion, seriesStandingsVersion } from '../app/get-series-standings.js';
import { seriesStandingsTable } from './series-standings.export.js';
import { seriesStandingsTag, seriesStandingsText } from './series-standings.views.js';
import { sendJsonView, sendStoredView } from '../../shared/http/send-view.js';

export function seriesStandingsRoutes(context: ServiceContext): RouteDefinition[] {
  const seriesStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/series/:slug/standings',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Series');
      const query = parseInput(seriesStandingsQuery, req.query, 'query');
      const format = requestedFormat(req.query, req.headers.accept);
      varyOnAccept(res);
      // The stored view by its version: its text is read only when needed.
      const version = format === 'json' ? await seriesStandingsVersion(context, identity, slug, query) : undefined;
      if (version) {
        await sendStoredView(req, res, seriesStandingsTag(version, version.etag), async () => {
          const read = await seriesStandingsOfVersion(context, version);
          if (read) return { etag: seriesStandingsTag(version, read.etag), text: seriesStandingsText(read.standings) };
          const text = seriesStandingsText(await getSeriesStandings(context, identity, slug, query));
          return { etag: etagOf(text), text };
        });
        return;
      }
      const text = seriesStandingsText(await getSeriesStandings(context, identity, slug, query));
      if (format === 'json') sendJsonView(req, res, text);
      else await sendExport(req, res, seriesStandingsTable(text), format);
    },
  };

  return [seriesStandings];
}
