/**
 * A person's notification preferences and log (signed in: session or API key), and the unsubscribe
 * link of every e-mail: GET shows a page with a button, POST (the button, or a mail client's
 * one-click request of RFC 8058) switches the kind off. A guest sailor's page (the link names their
 * registration) also lists the messages sent about that entry.
 */
import type { Request } from 'express';
import { HttpProblem, notFound, parseInput, type RouteDefinition } from '@regatta/http';
import { getPreferences, guestLog, notificationLog, readUnsubscribe, unsubscribe, updatePreferences } from '../app/preferences.js';
import type { NotificationsContext, NotificationsResources } from '../app/resources.js';
import { de } from '../domain/locales/de.js';
import { en } from '../domain/locales/en.js';
import { logQuery, preferencesBody, unsubscribeQuery } from './notifications.schemas.js';
import { messageView, preferencesView, unsubscribePage } from './notifications.views.js';
import { personOf } from './person.js';

const language = (req: Request): 'en' | 'de' => (/^de\b/i.test(req.header('accept-language') ?? '') ? 'de' : 'en');

export function notificationRoutes(context: NotificationsContext, resources: NotificationsResources): RouteDefinition[] {
  const key = resources.send.unsubscribeKey;
  const token = (req: Request) => parseInput(unsubscribeQuery, req.query, 'query').token;
  return [
    {
      method: 'get',
      path: '/api/v1/notifications/preferences',
      handler: async (_req, res) => {
        res.json({ data: preferencesView(await getPreferences(context, personOf(res))) });
      },
    },
    {
      method: 'put',
      path: '/api/v1/notifications/preferences',
      handler: async (req, res) => {
        const userId = personOf(res);
        const body = parseInput(preferencesBody, req.body, 'body');
        res.json({ data: preferencesView(await updatePreferences(context, userId, body as never)) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/notifications/messages',
      handler: async (req, res) => {
        const userId = personOf(res);
        const page = parseInput(logQuery, req.query, 'query');
        const { items, hasMore } = await notificationLog(context, userId, page);
        res.json({ data: items.map(messageView), pagination: { limit: page.limit, offset: page.offset, hasMore } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/notifications/unsubscribe',
      handler: async (req, res) => {
        const given = token(req);
        const scope = readUnsubscribe(key, given);
        const lang = language(req);
        const labels = (lang === 'de' ? de : en).kinds;
        // A guest sailor's link names the registration: the page lists what was sent about it.
        const guest = scope?.registrationId !== undefined ? { log: await guestLog(context, scope.registrationId), kindLabel: (kind: keyof typeof labels) => labels[kind] } : undefined;
        res
          .status(scope ? 200 : 404)
          .type('html')
          .send(unsubscribePage(scope ? 'ask' : 'invalid', lang, given, scope ? labels[scope.kind] : '', guest));
      },
    },
    {
      method: 'post',
      path: '/api/v1/notifications/unsubscribe',
      handler: async (req, res) => {
        // The one-click body ("List-Unsubscribe=One-Click", a form) says nothing the token does not;
        // a JSON body is not what this route takes.
        req.resume();
        if (req.is(['application/json', 'application/*+json'])) throw new HttpProblem(415, 'unsupported_media_type', 'This route takes a form body (List-Unsubscribe=One-Click) or none.');
        const scope = await unsubscribe(context, key, token(req));
        if (!scope) throw notFound('An unsubscribe link with this token');
        if (req.accepts(['json', 'html']) === 'html') {
          res.type('html').send(unsubscribePage('done', language(req), '', ''));
          return;
        }
        res.json({ data: { kind: scope.kind, eventId: scope.eventId, unsubscribed: true } });
      },
    },
  ];
}
