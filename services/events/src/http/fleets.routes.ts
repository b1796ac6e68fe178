/** Fleets of an event. */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { addFleet } from '../app/add-fleet.js';
import { createFleetBody } from './events.schemas.js';
import { fleetJson } from './events.views.js';
import { slugParam } from './params.js';
import { parse } from './parse.js';

export function fleetRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/events/:slug/fleets',
      handler: async (req, res) => {
        const fleet = await addFleet(context, identityOf(res), slugParam(req), () => parse(createFleetBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: fleetJson(fleet), message: `Fleet ${fleet.name} created.` });
      },
    },
  ];
}
