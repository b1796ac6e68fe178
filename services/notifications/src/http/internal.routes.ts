/**
 * Internal operations (never forwarded by the gateway): running the organizers' daily digests as of
 * a given instant. The digest task does this every minute with the time; this route lets an
 * operator catch up and tests run a digest without waiting for the digest hour. It takes a service
 * token signed with the assertion secret: issuer "regatta-operator", audience
 * "regatta-notifications-digests".
 */
import { parseInput, serviceTokenOnly, type RouteDefinition } from '@regatta/http';
import { runDigests } from '../app/digests.js';
import type { NotificationsContext } from '../app/resources.js';
import { runDigestsBody } from './notifications.schemas.js';

export const DIGEST_RUN_SCOPE = { issuer: 'regatta-operator', audience: 'regatta-notifications-digests' };

export function internalRoutes(context: NotificationsContext): RouteDefinition[] {
  const operatorOnly = serviceTokenOnly(context.config.assertionSecret, DIGEST_RUN_SCOPE, 'This endpoint is for operators of the platform only.');
  const settings = { pool: context.pool, schema: context.config.DB_SCHEMA, hour: context.config.NOTIFY_DIGEST_HOUR };
  return [
    {
      method: 'post',
      path: '/internal/v1/digests/run',
      handler: operatorOnly(async (req, res) => {
        const body = parseInput(runDigestsBody, req.body ?? {}, 'body');
        const at = body.at ? new Date(body.at) : new Date();
        res.json({ data: { at: at.toISOString(), queued: await runDigests(settings, at, body.eventId ?? null) } });
      }),
    },
  ];
}
