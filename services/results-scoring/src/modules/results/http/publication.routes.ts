/**
 * Publication routes (behind the gateway, under /api/v1); committee actions need the results scope
 * (keys) and membership of the event's organization:
 *   POST /events/{slug}/fleets/{fleetId}/results/publish    publish: post provisional results, start the protest time limit
 *   POST /events/{slug}/fleets/{fleetId}/results/official   make official: the committee ends the provisional state
 *   GET  /events/{slug}/results/protest-time-limit          the event's limit (minutes)
 *   PUT  /events/{slug}/results/protest-time-limit          set it
 */
import { identityOf, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { makeFleetOfficial } from '../app/make-official.js';
import { publishProvisional } from '../app/publish-provisional.js';
import { getProtestTimeLimit, setProtestTimeLimit } from '../app/protest-time-limit.js';
import type { ResultsResources } from '../app/resources.js';
import { pathParams, slugParams } from './results.schemas.js';
import { fleetParams, officialBody, protestTimeLimitBody, publishBody } from './revisions.schemas.js';
import { officialView, protestTimeLimitView, publishedProvisionalView } from './revisions.views.js';

export function publicationRoutes(context: ServiceContext, _resources: ResultsResources): RouteDefinition[] {
  const publish: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/fleets/:fleetId/results/publish',
    handler: async (req, res) => {
      const identity = identityOf(res);
      pathParams(slugParams, req, 'Event');
      const { slug, fleetId } = pathParams(fleetParams, req, 'Fleet');
      const body = parseInput(publishBody, req.body ?? {}, 'body');
      res.json(publishedProvisionalView(await publishProvisional(context, identity, { slug, fleetId, ...body, requestId: requestIdOf(req) })));
    },
  };

  const official: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/fleets/:fleetId/results/official',
    handler: async (req, res) => {
      const identity = identityOf(res);
      pathParams(slugParams, req, 'Event');
      const { slug, fleetId } = pathParams(fleetParams, req, 'Fleet');
      const body = parseInput(officialBody, req.body ?? {}, 'body');
      res.json(officialView(await makeFleetOfficial(context, identity, { slug, fleetId, ...body, requestId: requestIdOf(req) })));
    },
  };

  const getLimit: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/results/protest-time-limit',
    handler: async (req, res) => {
      const { slug } = pathParams(slugParams, req, 'Event');
      res.json(protestTimeLimitView(await getProtestTimeLimit(context, identityOf(res), slug)));
    },
  };

  const setLimit: RouteDefinition = {
    method: 'put',
    path: '/api/v1/events/:slug/results/protest-time-limit',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Event');
      const body = parseInput(protestTimeLimitBody, req.body, 'body');
      res.json(protestTimeLimitView(await setProtestTimeLimit(context, identity, slug, { minutes: body.minutes, timeZone: body.timeZone ?? null })));
    },
  };

  return [publish, official, getLimit, setLimit];
}
