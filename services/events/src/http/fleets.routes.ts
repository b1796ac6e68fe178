/** Fleets of an event: add, change (set-up included), delete. */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { addFleet } from '../app/add-fleet.js';
import { deleteFleet } from '../app/delete-fleet.js';
import { updateFleet } from '../app/update-fleet.js';
import { updateFleetBody } from './changes.schemas.js';
import { createFleetBody } from './events.schemas.js';
import { fleetJson } from './events.views.js';
import { fleetIdParam, slugParam } from './params.js';
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
    {
      method: 'patch',
      path: '/api/v1/events/:slug/fleets/:fleetId',
      handler: async (req, res) => {
        const outcome = await updateFleet(context, identityOf(res), slugParam(req), fleetIdParam(req), () => parse(updateFleetBody, req.body, 'body'), requestIdOf(req));
        const message =
          outcome.changed.length === 0
            ? 'Nothing changed.'
            : `Fleet updated (${outcome.changed.join(', ')}).${outcome.rescored ? ' The set-up changed after results: the fleet is re-scored and the re-score recorded as a revision.' : ''}`;
        res.json({ data: fleetJson(outcome.fleet), message });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/events/:slug/fleets/:fleetId',
      handler: async (req, res) => {
        const fleet = await deleteFleet(context, identityOf(res), slugParam(req), fleetIdParam(req), requestIdOf(req));
        res.json({ message: `Fleet ${fleet.name} deleted.` });
      },
    },
  ];
}
