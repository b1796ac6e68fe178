/** The boat registry (fed by registrations and results facts). The gateway requires the read scope. */
import { parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { getBoat } from '../app/get-boat.js';
import { listBoats } from '../app/list-boats.js';
import { boatsQuery } from './boats.schemas.js';
import { boatView } from './boats.views.js';
import { idParam } from './params.js';

export function boatRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/boats',
      handler: async (req, res) => {
        const query = parseInput(boatsQuery, req.query, 'query');
        const { items, hasMore } = await listBoats(context, query);
        res.json({ data: items.map(boatView), pagination: { limit: query.limit, offset: query.offset, hasMore } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/boats/:id',
      handler: async (req, res) => {
        res.json({ data: boatView(await getBoat(context, idParam(req, 'Boat'))) });
      },
    },
  ];
}
