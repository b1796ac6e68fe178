/**
 * The live feed (Server-Sent Events) of one regatta:
 *   GET /api/v1/events/{slug}/live   bearer key (read) or embed token (query `embed_token`, taken off by
 *                                    the gateway); members also follow their own drafts
 *   GET /regattas/{slug}/live        the public twin, for public regattas, no credentials
 * Each message has an `id` (the regatta's message number); `Last-Event-ID` (header, or `lastEventId`
 * query for clients that cannot set headers) resumes after it, or gets a `reload` message when the
 * bounded history no longer covers the gap. Comments every LIVE_HEARTBEAT_MS keep proxies from
 * closing idle streams.
 */
import type { Request, Response } from 'express';
import { canSeeEvent, identityOf, notFound, type RouteDefinition } from '@regatta/http';
import { followLive } from '../app/follow-live.js';
import type { PublicContext, PublicResources } from '../app/resources.js';
import { parseLastEventId } from '../domain/live-messages.js';
import type { EventHead } from '../domain/model.js';
import { isPublicStatus } from '../domain/visibility.js';
import { param } from './params.js';
import { SLUG } from './slug.js';

export function liveRoutes(context: PublicContext, resources: PublicResources): RouteDefinition[] {
  const { heads, hub } = resources;
  const retryMs = context.config.LIVE_RETRY_MS;

  async function stream(req: Request, res: Response, visible: (head: EventHead) => boolean): Promise<void> {
    const slug = param(req, 'slug');
    if (!SLUG.test(slug)) throw notFound('Event');
    const lastEventId = parseLastEventId(req.header('last-event-id') ?? req.query['lastEventId']);
    const { head, start } = await followLive({ pool: context.pool, heads }, slug, visible, lastEventId);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    });
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.write(`retry: ${retryMs}\n\n${start.frames}`);
    hub.add(head.id, res, start.seq);
  }

  return [
    {
      method: 'get',
      path: '/api/v1/events/:slug/live',
      handler: (req, res) => stream(req, res, (head) => canSeeEvent(identityOf(res), head)),
    },
    {
      method: 'get',
      path: '/regattas/:slug/live',
      handler: (req, res) => stream(req, res, (head) => isPublicStatus(head.status)),
    },
  ];
}
