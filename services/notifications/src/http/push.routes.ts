/**
 * Web push: the sender's public VAPID key, and a signed-in person's browser subscribing, asking
 * whether its subscription pushes to them, and leaving.
 */
import { parseInput, type RouteDefinition } from '@regatta/http';
import { pushPublicKey, pushSubscriptionOf, subscribeToPush, unsubscribeFromPush } from '../app/push.js';
import type { NotificationsContext, NotificationsResources } from '../app/resources.js';
import { pushEndpointQuery, pushSubscriptionBody } from './notifications.schemas.js';
import { personOf } from './person.js';

export function pushRoutes(context: NotificationsContext, resources: NotificationsResources): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/notifications/push/key',
      handler: async (_req, res) => {
        res.json({ data: { publicKey: pushPublicKey(resources) } });
      },
    },
    {
      method: 'post',
      path: '/api/v1/notifications/push/subscriptions',
      handler: async (req, res) => {
        const userId = personOf(res);
        const body = parseInput(pushSubscriptionBody, req.body, 'body');
        await subscribeToPush(context, resources, userId, body);
        res.status(201).json({ data: { endpoint: body.endpoint } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/notifications/push/subscriptions',
      handler: async (req, res) => {
        const userId = personOf(res);
        res.json({ data: await pushSubscriptionOf(context, userId, parseInput(pushEndpointQuery, req.query, 'query').endpoint) });
      },
    },
    {
      method: 'delete',
      path: '/api/v1/notifications/push/subscriptions',
      handler: async (req, res) => {
        const userId = personOf(res);
        await unsubscribeFromPush(context, userId, parseInput(pushEndpointQuery, req.query, 'query').endpoint);
        res.status(204).end();
      },
    },
  ];
}
