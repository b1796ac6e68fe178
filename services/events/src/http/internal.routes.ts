/**
 * Internal operations (the gateway never forwards /internal): the notifications service asks for the
 * name and address of sailors entered without an account, by registration, when it sends their
 * messages. Its token: issuer "regatta-notifications", audience "regatta-events-contacts".
 */
import { serviceTokenOnly, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { z } from 'zod';
import { guestContacts } from '../app/guest-contacts.js';
import { parse } from './parse.js';

const registrationContactsBody = z.object({ registrationIds: z.array(z.string().uuid()).min(1).max(500) }).strict();

export function internalRoutes(context: ServiceContext): RouteDefinition[] {
  const forNotifications = serviceTokenOnly(
    context.config.assertionSecret,
    { issuer: 'regatta-notifications', audience: 'regatta-events-contacts' },
    'This endpoint is for the notifications service only.',
  );
  return [
    {
      method: 'post',
      path: '/internal/v1/registration-contacts',
      handler: forNotifications(async (req, res) => {
        const body = parse(registrationContactsBody, req.body, 'body');
        res.json({ data: await guestContacts(context, body.registrationIds) });
      }),
    },
  ];
}
