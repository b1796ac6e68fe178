/** An organization's own regattas, every status, for its members (the public calendar is GET /events). */
import { identityOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { listOrganizationEvents } from '../app/list-organization-events.js';
import { organizationEventsQuery } from './events.schemas.js';
import { eventSummaryJson } from './events.views.js';
import { slugParam } from './params.js';
import { parse } from './parse.js';

export function organizationEventRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/organizations/:slug/events',
      handler: async (req, res) => {
        const { rows, pagination } = await listOrganizationEvents(context, identityOf(res), slugParam(req), () => parse(organizationEventsQuery, req.query, 'query'));
        res.json({ data: rows.map(eventSummaryJson), pagination });
      },
    },
  ];
}
