/** Races of an event's fleets. */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { scheduleRace } from '../app/schedule-race.js';
import { createRaceBody } from './events.schemas.js';
import { raceJson } from './events.views.js';
import { slugParam } from './params.js';
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
  ];
}
