/**
 * Revisions routes (behind the gateway, under /api/v1):
 *   GET  /events/{slug}/results/revisions              history of results (race, fleet, boat filters)
 *   POST /events/{slug}/races/{raceId}/results/revert  restore an earlier revision (a new one)   results scope, member
 */
import { identityOf, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { listEventRevisions } from '../app/list-revisions.js';
import { revertRace } from '../app/revert-race.js';
import { pathParams, raceParams, slugParams } from './results.schemas.js';
import { revertBody, revisionsQuery } from './revisions.schemas.js';
import { revertedView, revisionsView } from './revisions.views.js';

export function revisionsRoutes(context: ServiceContext): RouteDefinition[] {
  const list: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/results/revisions',
    handler: async (req, res) => {
      const query = parseInput(revisionsQuery, req.query, 'query');
      const { slug } = pathParams(slugParams, req, 'Event');
      res.json(revisionsView(await listEventRevisions(context, identityOf(res), slug, query)));
    },
  };

  const revert: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/races/:raceId/results/revert',
    handler: async (req, res) => {
      const identity = identityOf(res);
      pathParams(slugParams, req, 'Event');
      const { slug, raceId } = pathParams(raceParams, req, 'Race');
      const body = parseInput(revertBody, req.body, 'body');
      res.json(revertedView(await revertRace(context, identity, { slug, raceId, revisionId: body.revision, reason: body.reason, requestId: requestIdOf(req) })));
    },
  };

  return [list, revert];
}
