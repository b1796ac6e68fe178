/** Events: create, copy, list (the public calendar), read with includes, update, delete (nobody entered) and cancel. */
import { identityOf, requestIdOf, validationFailed, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { COPIED_PARTS, copyEvent } from '../app/copy-event.js';
import { createEvent } from '../app/create-event.js';
import { getEvent } from '../app/get-event.js';
import { listEvents } from '../app/list-events.js';
import { cancelEvent, deleteEvent } from '../app/remove-event.js';
import { updateEvent } from '../app/update-event.js';
import { cancelEventBody } from './changes.schemas.js';
import { copyEventBody } from './copy.schemas.js';
import { createEventBody, eventDetailQuery, listEventsQuery, updateEventBody } from './events.schemas.js';
import { eventDetailJson, eventJson, eventSummaryJson } from './events.views.js';
import { slugParam } from './params.js';
import { parse } from './parse.js';

export function eventRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/events',
      handler: async (req, res) => {
        const { event, organization } = await createEvent(context, identityOf(res), () => parse(createEventBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: eventJson(event, organization), message: `Event ${event.name} created as a draft.` });
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/copy',
      handler: async (req, res) => {
        const { copy, source, offsetDays } = await copyEvent(context, identityOf(res), slugParam(req), () => parse(copyEventBody, req.body, 'body'), requestIdOf(req));
        const parts = [`${copy.fleets?.length ?? 0} fleets`, `${copy.races?.length ?? 0} races`, `${copy.documents?.length ?? 0} documents`].join(', ');
        res.status(201).json({
          data: eventDetailJson(copy, COPIED_PARTS),
          message: `Event ${copy.event.name} created as a draft from ${source.name} (${parts}), its dates moved by ${offsetDays} days.`,
        });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events',
      handler: async (req, res) => {
        const query = parse(listEventsQuery, req.query, 'query');
        if (query.after && query.before && query.before.getTime() <= query.after.getTime())
          throw validationFailed([{ field: 'query.before', message: 'must be later than after' }]);
        const { rows, hasMore } = await listEvents(context, identityOf(res), query);
        res.json({ data: rows.map(eventSummaryJson), pagination: { limit: query.limit, offset: query.offset, hasMore } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug',
      handler: async (req, res) => {
        const { include } = parse(eventDetailQuery, req.query, 'query');
        const detail = await getEvent(context, identityOf(res), slugParam(req), include);
        res.json({ data: eventDetailJson(detail, include) });
      },
    },
    {
      method: 'put',
      path: '/api/v1/events/:slug',
      handler: async (req, res) => {
        const result = await updateEvent(context, identityOf(res), slugParam(req), () => parse(updateEventBody, req.body, 'body'), requestIdOf(req));
        res.json({
          data: eventJson(result.event, result.organization),
          message: result.changed.length === 0 ? 'Nothing changed.' : `Event updated (${result.changed.join(', ')}).`,
        });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/events/:slug',
      handler: async (req, res) => {
        const event = await deleteEvent(context, identityOf(res), slugParam(req), requestIdOf(req));
        res.json({ message: `Event ${event.name} deleted.` });
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/cancel',
      handler: async (req, res) => {
        const result = await cancelEvent(context, identityOf(res), slugParam(req), () => parse(cancelEventBody, req.body ?? {}, 'body').reason ?? null, requestIdOf(req));
        res.json({ data: eventJson(result.event, result.organization), message: `Event ${result.event.name} cancelled (was ${result.previousStatus}); its entries and results are kept.` });
      },
    },
  ];
}
