/**
 * Sailor profiles and racing history: read-only views of the projections the consumers keep
 * (messaging/). The gateway requires the read scope.
 */
import { parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { getSailorHistory } from '../app/get-sailor-history.js';
import { getSailorProfile } from '../app/get-sailor-profile.js';
import { idParam } from './params.js';
import { historyQuery } from './sailors.schemas.js';
import { historyView, profileView } from './sailors.views.js';

export function sailorRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/sailors/:id',
      handler: async (req, res) => {
        const { sailor, boats } = await getSailorProfile(context, idParam(req, 'Sailor'));
        res.json(profileView(sailor, boats));
      },
    },
    {
      method: 'get',
      path: '/api/v1/sailors/:id/history',
      handler: async (req, res) => {
        const id = idParam(req, 'Sailor');
        const query = parseInput(historyQuery, req.query, 'query');
        const { sailor, page } = await getSailorHistory(context, id, query);
        res.json(historyView(sailor, page, query));
      },
    },
  ];
}
