/**
 * The protest room's routes (behind the gateway, under /api/v1):
 *   GET  /events/{slug}/protests                          the cases the caller may see              read
 *   POST /events/{slug}/protests                          lodge (competitor: own boat; committee)  register or results
 *   POST /events/{slug}/protests/{protestId}/hearing      schedule or move the hearing             results scope, member
 *   POST /events/{slug}/protests/{protestId}/decision     decide; scores change in the same txn    results scope, member
 *   POST /events/{slug}/protests/{protestId}/withdrawal   withdrawn with the committee's approval  results scope, member
 */
import { identityOf, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { decideHearing } from '../app/decide-hearing.js';
import { listVisibleProtests } from '../app/list-protests.js';
import { lodgeProtest } from '../app/lodge-protest.js';
import { scheduleHearing } from '../app/schedule-hearing.js';
import { withdrawCase } from '../app/withdraw-protest.js';
import { decideBody, lodgeProtestBody, protestParams, protestsQuery, scheduleHearingBody, withdrawBody } from './protests.schemas.js';
import { pathParams, slugParams } from '../../results/http/results.schemas.js';
import { fullView, listView } from './protests.views.js';

export function protestsRoutes(context: ServiceContext): RouteDefinition[] {
  const list: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/protests',
    handler: async (req, res) => {
      const query = parseInput(protestsQuery, req.query, 'query');
      const { slug } = pathParams(slugParams, req, 'Event');
      res.json(listView(await listVisibleProtests(context, identityOf(res), slug, query)));
    },
  };

  const lodge: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/protests',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Event');
      const body = parseInput(lodgeProtestBody, req.body, 'body');
      const protest = await lodgeProtest(context, identity, { slug, requestId: requestIdOf(req) }, {
        type: body.type,
        raceIds: body.raceIds,
        protestorBoatId: body.protestorBoat ?? null,
        protesteeBoatIds: body.protesteeBoats ?? [],
        incident: body.incident,
        rulesAlleged: body.rulesAlleged ?? [],
        contact: body.contact ? { name: body.contact.name ?? null, email: body.contact.email ?? null, phone: body.contact.phone ?? null } : null,
      });
      res.status(201).json({ data: fullView(protest) });
    },
  };

  const hearing: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/protests/:protestId/hearing',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug, protestId } = pathParams(protestParams, req, 'Protest');
      const body = parseInput(scheduleHearingBody, req.body, 'body');
      const protest = await scheduleHearing(context, identity, { slug, protestId, requestId: requestIdOf(req) }, { startsAt: new Date(body.startsAt), room: body.room, partyBoatIds: body.parties });
      res.json({ data: fullView(protest) });
    },
  };

  const decide: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/protests/:protestId/decision',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug, protestId } = pathParams(protestParams, req, 'Protest');
      const body = parseInput(decideBody, req.body, 'body');
      const protest = await decideHearing(context, identity, { slug, protestId, requestId: requestIdOf(req) }, {
        factsFound: body.factsFound,
        conclusions: body.conclusions,
        rulesApplied: body.rulesApplied ?? [],
        consequences: (body.consequences ?? []).map((c) => ({
          boatId: c.boat,
          raceId: c.race,
          action: c.action,
          points: c.points,
          percent: c.percent,
          method: c.method,
          status: c.status,
          code: c.code,
          ...(c.finishTime !== undefined ? { finishTime: c.finishTime === null ? null : new Date(c.finishTime) } : {}),
        })),
      });
      res.json({ data: fullView(protest) });
    },
  };

  const withdraw: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/protests/:protestId/withdrawal',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug, protestId } = pathParams(protestParams, req, 'Protest');
      const body = parseInput(withdrawBody, req.body, 'body');
      const protest = await withdrawCase(context, identity, { slug, protestId, requestId: requestIdOf(req) }, { reason: body.reason });
      res.json({ data: fullView(protest) });
    },
  };

  return [list, lodge, hearing, decide, withdraw];
}
