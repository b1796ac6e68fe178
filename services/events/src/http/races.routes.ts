/** Races of an event's fleets: schedule, change (reschedule, postpone, abandon before the start), delete. */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { deleteRace } from '../app/delete-race.js';
import { scheduleRace } from '../app/schedule-race.js';
import { updateRace } from '../app/update-race.js';
import { updateRaceBody } from './changes.schemas.js';
import { createRaceBody } from './events.schemas.js';
import { raceJson } from './events.views.js';
import { raceIdParam, slugParam } from './params.js';
import { parse } from './parse.js';

export function raceRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/events/:slug/races',
      handler: async (req, res) => {
        const { race, fleet } = await scheduleRace(context, identityOf(res), slugParam(req), () => parse(createRaceBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: raceJson(race), message: `Race ${race.race_number} of ${fleet.name} scheduled.` });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/events/:slug/races/:raceId',
      handler: async (req, res) => {
        const { race, changed } = await updateRace(context, identityOf(res), slugParam(req), raceIdParam(req), () => parse(updateRaceBody, req.body, 'body'), requestIdOf(req));
        res.json({ data: raceJson(race), message: changed.length === 0 ? 'Nothing changed.' : `Race ${race.race_number} updated (${changed.join(', ')}).` });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/events/:slug/races/:raceId',
      handler: async (req, res) => {
        const race = await deleteRace(context, identityOf(res), slugParam(req), raceIdParam(req), requestIdOf(req));
        res.json({ message: `Race ${race.race_number} deleted.` });
      },
    },
  ];
}
