/**
 * The overall (combined) result of an event across fleets:
 *   PUT /events/{slug}/overall   define it (race committee): fleets, method, handicap or points formula
 *   GET /events/{slug}/overall   the overall standings, computed from the fleets' results
 */
import { identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { defineOverall, getOverall } from '../app/overall-result.js';
import { overallBody } from './overall.schemas.js';
import { overallView } from './overall.views.js';
import { pathParams, slugParams } from '../../results/http/results.schemas.js';

export function overallRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'put',
      path: '/api/v1/events/:slug/overall',
      handler: async (req, res) => {
        const { slug } = pathParams(slugParams, req, 'Event');
        const body = parseInput(overallBody, req.body, 'body');
        res.json({ ...overallView(await defineOverall(context, identityOf(res), slug, body)), message: 'Overall result defined.' });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/overall',
      handler: async (req, res) => {
        const { slug } = pathParams(slugParams, req, 'Event');
        res.json(overallView(await getOverall(context, identityOf(res), slug)));
      },
    },
  ];
}
