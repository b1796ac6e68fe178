/**
 * Results routes (behind the gateway, under /api/v1):
 *   POST /events/{slug}/races/{raceId}/results   submit (or replace) a race's results       results scope, member
 *   GET  /events/{slug}/results                   results by race, with race/fleet/boat filters (also CSV/HTML/PDF)
 *   POST /events/{slug}/results/publish           make the event's results official (the path's old name)  results scope, member
 *
 * The GET answers from the read views rendered when results change (app/render-views.ts): stored JSON
 * text sent as it is, with the event reference and the filters applied around it. `?format=` or Accept
 * asks for an export (packages/exports) of that same answer.
 */
import { requestedFormat, sendExport, varyOnAccept } from '@regatta/exports';
import { identityOf, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { listResults, resultsOfVersion, resultsVersion } from '../app/list-results.js';
import { makeEventOfficial } from '../app/make-event-official.js';
import type { ResultsResources } from '../app/resources.js';
import { submitResults } from '../app/submit-results.js';
import { resultsTable } from './results.export.js';
import { pathParams, raceParams, resultsQuery, slugParams, submitResultsBody } from './results.schemas.js';
import { eventOfficialView, resultsTag, resultsText, submittedView } from './results.views.js';
import { edgeViewOf, sendJsonView, sendStoredView } from '../../shared/http/send-view.js';

export function resultsRoutes(context: ServiceContext, resources: ResultsResources): RouteDefinition[] {
  const submit: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/races/:raceId/results',
    handler: async (req, res) => {
      const identity = identityOf(res);
      pathParams(slugParams, req, 'Event');
      const { slug, raceId } = pathParams(raceParams, req, 'Race');
      const body = parseInput(submitResultsBody, req.body, 'body');
      const submitted = await submitResults(context, resources, identity, { slug, raceId, requestId: requestIdOf(req) }, body);
      res.json(submittedView(submitted));
    },
  };

  const list: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/results',
    handler: async (req, res) => {
      const query = parseInput(resultsQuery, req.query, 'query');
      const format = requestedFormat(req.query, req.headers.accept);
      const { slug } = pathParams(slugParams, req, 'Event');
      varyOnAccept(res);
      if (format === 'json' && !query.asOf && !query.boat) {
        // The current answer by its views' stored versions: their text is read only when needed.
        const version = await resultsVersion(context, identityOf(res), slug, query);
        await sendStoredView(req, res, resultsTag(version, version.races.map((r) => r.etag ?? 'null')), async () => {
          const { results, etags } = await resultsOfVersion(context, version);
          return { etag: resultsTag(version, etags), text: resultsText(results) };
        }, edgeViewOf(version.event));
        return;
      }
      const text = resultsText(await listResults(context, identityOf(res), slug, query));
      if (format === 'json') sendJsonView(req, res, text);
      else await sendExport(req, res, resultsTable(text), format);
    },
  };

  const makeOfficial: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/results/publish',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Event');
      res.json(eventOfficialView(await makeEventOfficial(context, identity, { slug, requestId: requestIdOf(req) })));
    },
  };

  return [submit, list, makeOfficial];
}
