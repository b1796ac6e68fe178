/** Registrations: register (place or waitlist), one entry with its form, list (JSON, or the entry list as CSV/HTML/PDF), update, move to another fleet or boat, cancel (with promotion from the waitlist). */
import { requestedFormat, sendExport, varyOnAccept, type ExportFormat } from '@regatta/exports';
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { cancelRegistration } from '../app/cancel-registration.js';
import { getRegistration } from '../app/get-registration.js';
import { listRegistrations } from '../app/list-registrations.js';
import { moveRegistration } from '../app/move-registration.js';
import { register } from '../app/register.js';
import { updateRegistration } from '../app/update-registration.js';
import { registrationIdParam, slugParam } from './params.js';
import { parse } from './parse.js';
import { EXPORT_ENTRY_LIMIT, entriesTable } from './registrations.export.js';
import { listRegistrationsQuery, moveRegistrationBody, registrationBody, updateRegistrationBody } from './registrations.schemas.js';
import { entryDetailJson } from './entry-form.views.js';
import { cancelledMessage, listedEntryJson, movedMessage, redactedRegistrationJson, registeredMessage, registrationJson } from './registrations.views.js';

export function registrationRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/events/:slug/register',
      handler: async (req, res) => {
        const registered = await register(context, identityOf(res), slugParam(req), () => parse(registrationBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: registrationJson(registered.registration), message: registeredMessage(registered), waitlistPosition: registered.waitlistPosition });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/registrations',
      handler: async (req, res) => {
        // Read with the other parameters, after the event is known (an unknown event is 404 first).
        let format: ExportFormat = 'json';
        const { event, entries, pagination, form } = await listRegistrations(context, identityOf(res), slugParam(req), () => {
          const input = parse(listRegistrationsQuery, req.query, 'query');
          format = requestedFormat(req.query, req.headers.accept);
          // An export is the whole list unless the caller pages it.
          const whole = format !== 'json' && req.query['limit'] === undefined && req.query['offset'] === undefined;
          return whole ? { ...input, limit: EXPORT_ENTRY_LIMIT } : input;
        });
        varyOnAccept(res);
        if (format === 'json') res.json({ data: entries.map(listedEntryJson), pagination });
        else await sendExport(req, res, entriesTable(event, entries, form), format);
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/registrations/:registrationId',
      handler: async (req, res) => {
        res.json({ data: entryDetailJson(await getRegistration(context, identityOf(res), slugParam(req), registrationIdParam(req))) });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/events/:slug/registrations/:registrationId',
      handler: async (req, res) => {
        const result = await updateRegistration(
          context,
          identityOf(res),
          slugParam(req),
          registrationIdParam(req),
          () => parse(updateRegistrationBody, req.body, 'body'),
          requestIdOf(req),
        );
        res.json({
          data: registrationJson(result.registration),
          promoted: result.promoted ? registrationJson(result.promoted) : null,
          message: result.changed.length === 0 ? 'Nothing changed.' : `Registration updated (${result.changed.join(', ')}).`,
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/registrations/:registrationId/move',
      handler: async (req, res) => {
        const moved = await moveRegistration(context, identityOf(res), slugParam(req), registrationIdParam(req), () => parse(moveRegistrationBody, req.body, 'body'), requestIdOf(req));
        const promotedJson = moved.seesPromotedPrivate ? registrationJson : redactedRegistrationJson;
        res.json({
          data: registrationJson(moved.registration),
          waitlistPosition: moved.waitlistPosition,
          promoted: moved.promoted ? promotedJson(moved.promoted) : null,
          changed: moved.changed,
          message: movedMessage(moved),
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/registrations/:registrationId/cancel',
      handler: async (req, res) => {
        const outcome = await cancelRegistration(context, identityOf(res), slugParam(req), registrationIdParam(req), requestIdOf(req));
        const promotedJson = outcome.seesPromotedPrivate ? registrationJson : redactedRegistrationJson;
        res.json({
          data: registrationJson(outcome.cancelled),
          promoted: outcome.promoted ? promotedJson(outcome.promoted) : null,
          message: cancelledMessage(outcome),
        });
      },
    },
  ];
}
