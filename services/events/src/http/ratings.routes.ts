/**
 * Rating changes of an entry:
 *   PUT /events/{slug}/registrations/{registrationId}/ratings   record a rating in force from a race on
 *   GET /events/{slug}/registrations/{registrationId}/ratings   the entry's ratings and their changes
 */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { changeRating, getRatings } from '../app/change-rating.js';
import { registrationIdParam, slugParam } from './params.js';
import { parse } from './parse.js';
import { ratingChangeBody } from './ratings.schemas.js';
import { ratingsJson } from './ratings.views.js';

export function ratingRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'put',
      path: '/api/v1/events/:slug/registrations/:registrationId/ratings',
      handler: async (req, res) => {
        const row = await changeRating(context, identityOf(res), slugParam(req), registrationIdParam(req), () => parse(ratingChangeBody, req.body, 'body'), requestIdOf(req));
        res.json({ data: ratingsJson(row), message: `Rating changes of ${row.boat_name} recorded; the fleet is re-scored.` });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/registrations/:registrationId/ratings',
      handler: async (req, res) => {
        res.json({ data: ratingsJson(await getRatings(context, identityOf(res), slugParam(req), registrationIdParam(req))) });
      },
    },
  ];
}
