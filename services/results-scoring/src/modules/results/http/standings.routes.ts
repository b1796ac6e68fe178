/**
 * Standings routes (behind the gateway, under /api/v1):
 *   GET  /events/{slug}/standings                 fleet standings (fleet, includeDrops)
 *
 * It answers from the read views (app/render-views.ts): stored JSON text;
 * `?format=` or Accept asks for an export (packages/exports) of that same answer.
 */
import { requestedFormat, sendExport, varyOnAccept } from '@regatta/exports';
import { identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { getStandings, standingsOfVersion, standingsVersion } from '../app/get-standings.js';
import { pathParams, slugParams, standingsQuery } from './results.schemas.js';
import { standingsTable } from './standings.export.js';
import { standingsTag, standingsText } from './standings.views.js';
import { edgeViewOf, sendJsonView, sendStoredView } from '../../shared/http/send-view.js';

export function standingsRoutes(context: ServiceContext): RouteDefinition[] {
  const eventStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/standings',
    handler: async (req, res) => {
      const query = parseInput(standingsQuery, req.query, 'query');
      const format = requestedFormat(req.query, req.headers.accept);
      const { slug } = pathParams(slugParams, req, 'Event');
      varyOnAccept(res);
      if (format === 'json' && !query.asOf) {
        // The current answer by its views' stored versions: their text is read only when needed.
        const version = await standingsVersion(context, identityOf(res), slug, query);
        await sendStoredView(req, res, standingsTag(version, version.fleets.map((f) => f.etag)), async () => {
          const { standings, etags } = await standingsOfVersion(context, version);
          return { etag: standingsTag(version, etags), text: standingsText(standings) };
        }, edgeViewOf(version.event));
        return;
      }
      const text = standingsText(await getStandings(context, identityOf(res), slug, query));
      if (format === 'json') sendJsonView(req, res, text);
      else await sendExport(req, res, standingsTable(text), format);
    },
  };

  return [eventStandings];
}
