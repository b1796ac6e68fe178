/**
 * The prelude both plain node:http doors (the API door and the public door) run before their own
 * work, and the one problem writer they and the proxy answer with: what createApp's middleware gives
 * express routes, written once.
 * - request id: a safe incoming `X-Request-Id` is kept, anything else replaced by a UUID; echoed on
 *   the response and kept on the request (`req.id`) for the proxy's problems;
 * - access log: one line per finished request (successes debug, 4xx info, 5xx error);
 * - metrics: the request-duration histogram, labelled with the door's route for the request, its
 *   labelled series looked up once per method, route and status;
 * - problem writer: problem+json with the bytes express's sendProblem writes (charset, length, no
 *   body for HEAD), keeping headers already set (rate-limit counters, CORS grants);
 * - failure: a thrown HttpProblem is answered as it is, anything else logged and answered 500; once
 *   headers are out, the connection is closed instead.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpProblem, PROBLEM_CONTENT_TYPE, httpRequestDuration } from '@regatta/http';
import type { Logger } from '@regatta/logging';

/** A request as the doors and the proxy see it (plain node:http, or express's under it). */
export type DoorRequest = IncomingMessage & {
  /** The request id the prelude (or express's createApp) settled on. */
  id?: string;
  /** express's untrimmed URL when express mounted the door. */
  originalUrl?: string;
};

/** The door's own work on a request whose id is settled. */
export type DoorHandler<R extends DoorRequest = DoorRequest> = (req: R, res: ServerResponse, requestId: string) => void;

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** What express's res.type() makes of the problem type (sendProblem): the same bytes either way. */
const PROBLEM_TYPE_HEADER = `${PROBLEM_CONTENT_TYPE}; charset=utf-8`;
const INTERNAL_ERROR = 'Something went wrong on our side; the request id identifies it in our logs.';

/** A safe incoming X-Request-Id, or a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** problem+json exactly as @regatta/http's sendProblem writes it through express. */
export function writeDoorProblem(req: IncomingMessage, res: ServerResponse, problem: HttpProblem, requestId: string): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  const body = JSON.stringify(problem.toBody((req.url ?? '/').split('?')[0], requestId));
  res.statusCode = problem.status;
  res.setHeader('Content-Type', PROBLEM_TYPE_HEADER);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** Answers what a door's work threw: its problem, or 500 (logged); a started response is closed. */
export function answerDoorFailure(logger: Logger, req: IncomingMessage, res: ServerResponse, requestId: string, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof HttpProblem) {
    writeDoorProblem(req, res, error, requestId);
    return;
  }
  logger.error({ err: error, requestId }, 'unhandled error');
  writeDoorProblem(req, res, new HttpProblem(500, 'internal_error', INTERNAL_ERROR), requestId);
}

export interface PreludeOptions<R extends DoorRequest> {
  logger: Logger;
  /** The metrics label of a finished request (the matched route template, or the door's name). */
  routeOf(req: R): string;
}

/** A plain node:http listener running the prelude, then `handle`. */
export function withDoorPrelude<R extends DoorRequest>(options: PreludeOptions<R>, handle: DoorHandler<R>): (req: IncomingMessage, res: ServerResponse) => void {
  const { logger, routeOf } = options;
  const series = new Map<string, { observe(seconds: number): void }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) series.set(key, (found = httpRequestDuration.labels({ method, route, status: String(status) })));
    return found;
  };
  return (request, res) => {
    const req = request as R;
    const startedAt = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    req.id = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const status = res.statusCode;
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      seriesOf(req.method ?? 'GET', routeOf(req), status).observe(seconds);
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      // req.url as the door left it: an embed token moved out of the query is not logged.
      logger[level]({ requestId, req: { method: req.method, url: req.url ?? '' }, res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
    });
    handle(req, res, requestId);
  };
}

/** A header's value as one string: a repeated header joined with ", " (RFC 9110 5.3). */
export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
