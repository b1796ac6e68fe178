/**
 * Edge revalidation at the API door (edge-revalidation.ts says what is learned and why it is safe):
 * after the route admitted the caller, a GET whose If-None-Match holds the learned current tag is
 * answered 304 here with the headers the service's 304 carries; any other GET is proxied with a
 * ticket, and its answer, when the service marked it, is learned. The marking header never reaches
 * a client, whatever the door.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamAnswer } from './forward-proxy.js';
import { Counter } from 'prom-client';
import { EDGE_VIEW_HEADER, metricsRegistry } from '@regatta/http';
import type { Principal } from './auth.js';
import { headerText } from './door-prelude.js';
import { edgeKey, edgeScopeOf, type EdgeRevalidation } from './edge-revalidation.js';

/** What a proxied GET carries to the learning of its answer. */
export interface EdgeLearning {
  key: string;
  ticket: number;
}

const edgeAnswers = new Counter({
  name: 'gateway_edge_revalidations_total',
  help: 'GET requests with If-None-Match by where they were answered: 304 at the edge, or proxied to the service',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});


/**
 * Answers `req` at the edge when it can (true); else marks it for learning (false). Only key and
 * session callers and anonymous ones on public routes: an embed token is bound to one organization,
 * a service's refusal of it must stand.
 */
export function answeredAtEdge(edge: EdgeRevalidation | undefined, req: IncomingMessage & { edge?: EdgeLearning }, res: ServerResponse, principal: Principal | undefined): boolean {
  if (!edge) return false;
  if (req.method !== 'GET') {
    // A change made through this gateway: the writer's next revalidation goes to the service.
    const scope = req.method === 'HEAD' || req.method === 'OPTIONS' ? undefined : edgeScopeOf(req.url ?? '/');
    if (scope) {
      // Forgotten when the write starts and again when it has been answered: an answer read while
      // the write was under way is not kept either.
      edge.changedUnder(scope);
      res.once('close', () => edge.changedUnder(scope));
    }
    return false;
  }
  if (!edge.ready) return false;
  if (principal && principal.via !== 'key' && principal.via !== 'session') return false;
  const key = edgeKey(req.url ?? '/', headerText(req.headers.accept));
  const ifNoneMatch = headerText(req.headers['if-none-match']);
  const hit = edge.revalidate(key, ifNoneMatch);
  if (hit) {
    edgeAnswers.inc({ outcome: 'edge' });
    res.statusCode = 304;
    res.setHeader('ETag', hit.etag);
    if (hit.cacheControl) res.setHeader('Cache-Control', hit.cacheControl);
    if (hit.vary) res.setHeader('Vary', hit.vary);
    res.end();
    return true;
  }
  if (ifNoneMatch) edgeAnswers.inc({ outcome: 'proxied' });
  req.edge = { key, ticket: edge.ticket() };
  return false;
}

/** Strips the service's marking from every answer; learns a marked 200 or 304 of a GET taken at the door. */
export function learnAtEdge(edge: EdgeRevalidation | undefined, answer: UpstreamAnswer, req: IncomingMessage & { edge?: EdgeLearning }): void {
  const view = answer.headers[EDGE_VIEW_HEADER];
  if (view === undefined) return;
  delete answer.headers[EDGE_VIEW_HEADER];
  const learning = req.edge;
  const etag = answer.headers.etag;
  if (!edge || !learning || typeof view !== 'string' || !etag || (answer.statusCode !== 200 && answer.statusCode !== 304)) return;
  edge.learn(learning.key, learning.ticket, {
    etag,
    view,
    scope: edgeScopeOf(req.url ?? '/'),
    cacheControl: answer.headers['cache-control'],
    vary: headerText(answer.headers.vary),
  });
}
