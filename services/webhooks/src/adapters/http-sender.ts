/**
 * The adapter behind app/resources.ts's DeliverySender: one HTTP POST of a delivery, behind the
 * egress guard: the destination's name is resolved here and every resolved address is classified
 * before connecting; the socket connects to the address that was checked (a custom `lookup`, so there
 * is no second resolution to race). Redirects are never followed.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { DeliverySender, SendInput, SendResult } from '../app/resources.js';
import { addressAllowed, classifyAddress, type EgressPolicy } from '../domain/addresses.js';
import { RESPONSE_EXCERPT_BYTES, responseExcerpt } from '../domain/response-excerpt.js';


export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
}

export function guardedLookup(policy: EgressPolicy): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      // Refuse when ANY answer is forbidden, so a name cannot mix a public and a private address.
      for (const entry of addresses) {
        const kind = classifyAddress(entry.address) ?? 'reserved';
        if (!addressAllowed(kind, policy)) return callback(new EgressRefused(`egress refused: ${hostname} resolves to ${entry.address} (${kind})`));
      }
      if (addresses.length === 0) return callback(new Error(`no address for ${hostname}`));
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  }) as unknown as LookupFunction;
}

interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/** The sender of one process (created by setup): kept-alive connections per receiver, closed on teardown. */
export function createHttpSender(): DeliverySender {
  const agents: Agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64, keepAliveMsecs: 10_000 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64, keepAliveMsecs: 10_000 }),
  };
  return {
    send: (input) => sendDelivery(agents, input),
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function sendDelivery(agents: Agents, input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(input.url);
    } catch {
      finish({ statusCode: null, durationMs: 0, error: 'invalid url', outcome: 'network_error', response: null });
      return;
    }
    const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
    const literal = classifyAddress(host);
    if (literal !== undefined && !addressAllowed(literal, input.policy)) {
      finish({ statusCode: null, durationMs: 0, error: `egress refused: ${host} is ${literal}`, outcome: 'egress_refused', response: null });
      return;
    }
    const isHttps = target.protocol === 'https:';
    const body = Buffer.from(input.body, 'utf8');
    const request = (isHttps ? https : http).request(target, {
      method: 'POST',
      agent: isHttps ? agents.https : agents.http,
      headers: { ...input.headers, 'content-length': String(body.length) },
      lookup: guardedLookup(input.policy),
    });
    let onTimeout: (() => void) | undefined;
    const timer = setTimeout(() => {
      if (onTimeout) onTimeout();
      else finish({ statusCode: null, durationMs: elapsed(), error: `timeout: no response within ${input.timeoutMs} ms`, outcome: 'timeout', response: null });
      request.destroy(new Error('timeout'));
    }, input.timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const durationMs = elapsed();
      const outcome = (): Omit<SendResult, 'response'> =>
        status >= 200 && status < 300
          ? { statusCode: status, durationMs, error: null, outcome: 'success' }
          : status >= 300 && status < 400
            ? { statusCode: status, durationMs, error: `redirect not followed (HTTP ${status})`, outcome: 'redirect' }
            : { statusCode: status, durationMs, error: `HTTP ${status}`, outcome: 'http_error' };
      const contentType = response.headers['content-type'];
      // Read at most one byte past the excerpt's limit: enough to know the body was longer.
      const chunks: Buffer[] = [];
      let received = 0;
      const settle = (complete: boolean) => {
        const excerpt = responseExcerpt(Buffer.concat(chunks, received), complete, contentType);
        finish({ ...outcome(), response: excerpt });
      };
      // The status is known: when the time runs out while the body arrives, the attempt ends with what came.
      onTimeout = () => settle(false);
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = RESPONSE_EXCERPT_BYTES + 1 - received;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        received += Math.min(chunk.length, room);
        if (received > RESPONSE_EXCERPT_BYTES) {
          settle(true);
          // The rest is not read: a receiver streaming without end must not hold the dispatcher.
          response.destroy();
        }
      });
      response.on('end', () => settle(true));
      response.on('error', () => settle(false));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof EgressRefused || error.code === 'EGRESS_REFUSED') {
        finish({ statusCode: null, durationMs: elapsed(), error: error.message, outcome: 'egress_refused', response: null });
      } else {
        finish({ statusCode: null, durationMs: elapsed(), error: error.code ? `${error.code}: ${error.message}` : error.message, outcome: 'network_error', response: null });
      }
    });
    request.end(body);
  });
}
