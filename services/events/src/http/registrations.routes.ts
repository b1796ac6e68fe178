/** Registrations: register (place or waitlist), list, update, cancel (with promotion from the waitlist). */
import { identityOf, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { cancelRegistration } from '../app/cancel-registration.js';
import { listRegistrations } from '../app/list-registrations.js';
import { register } from '../app/register.js';
import { updateRegistration } from '../app/update-registration.js';
import { registrationIdParam, slugParam } from './params.js';
import { parse } from './parse.js';
import { listRegistrationsQuery, registrationBody, updateRegistrationBody } from './registrations.schemas.js';
import { cancelledMessage, listedEntryJson, registeredMessage, registrationJson } from './registrations.views.js';

export function registrationRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/events/:slug/register',
      handler: async (req, res) => {
        const registered = await register(context, identityOf(res), slugParam(req), () => parse(registrationBody, req.body, 'body'), requestIdOf(req));
        res.status(201).json({ data: registrationJson(registered.registration), message: registeredMessage(registered) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug/registrations',
      handler: async (req, res) => {
        const { entries, pagination } = await listRegistrations(context, identityOf(res), slugParam(req), () => parse(listRegistrationsQuery, req.query, 'query'));
        res.json({ data: entries.map(listedEntryJson), pagination });
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
      path: '/api/v1/events/:slug/registrations/:registrationId/cancel',
      handler: async (req, res) => {
        const outcome = await cancelRegistration(context, identityOf(res), slugParam(req), registrationIdParam(req), requestIdOf(req));
        res.json({
          data: registrationJson(outcome.cancelled),
          promoted: outcome.promoted ? registrationJson(outcome.promoted) : null,
          message: cancelledMessage(outcome),
        });
      },
    },
  ];
}
