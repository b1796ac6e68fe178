/**
 * What a failed upstream call answers, decided by the error's code (never by how long it took):
 * - 504 `gateway_timeout`: the service did not answer in time (the proxy's own upstream timeout
 *   raises ETIMEDOUT; socket, connect, header and body timeouts of node and undici alike);
 * - 503 `service_unavailable` with `Retry-After: 5`: no instance to talk to (refused, unreachable,
 *   name not resolved);
 * - 502 `bad_gateway`: anything else (reset, broken pipe, a response that does not parse, a socket
 *   closed mid-answer, an error without a code).
 * An error without a code of its own is judged by its `cause` (fetch wraps undici's error that way).
 */
import { HttpProblem } from '@regatta/http';

export type UpstreamFailure = 'timeout' | 'unavailable' | 'broken';

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/** The code of an upstream error, or of its cause when it has none (undefined when neither has one). */
export function upstreamErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function classifyUpstreamFailure(code: string | undefined): UpstreamFailure {
  if (code === undefined) return 'broken';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (UNAVAILABLE_CODES.has(code)) return 'unavailable';
  return 'broken';
}

/** The contract's problem+json for an upstream failure of `service`. */
export function upstreamProblem(service: string, error: unknown): HttpProblem {
  switch (classifyUpstreamFailure(upstreamErrorCode(error))) {
    case 'timeout':
      return new HttpProblem(504, 'gateway_timeout', `The ${service} service did not answer in time.`);
    case 'unavailable':
      return new HttpProblem(503, 'service_unavailable', `The ${service} service is unavailable; try again shortly.`, {
        headers: { 'Retry-After': '5' },
      });
    case 'broken':
      return new HttpProblem(502, 'bad_gateway', `The ${service} service failed to answer.`);
  }
}

/** The error the proxy raises when an upstream stays silent longer than its timeout. */
export function upstreamTimeout(timeoutMs: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`upstream did not answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' });
}
