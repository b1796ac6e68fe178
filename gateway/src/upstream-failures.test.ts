/**
 * Upstream failures become problem+json by their error code: a refused connection 503 (with
 * Retry-After), an upstream that answers too slowly 504, and one that drops the connection 502, also
 * when it drops it just before the timeout. The code table unit by unit, then real sockets on
 * loopback; the public login route (identity) is the proxied request.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { createLogger } from '@regatta/logging';
import { createGatewayApp } from './app.js';
import type { Authenticator } from './auth.js';
import type { ServiceName } from './config.js';
import { classifyUpstreamFailure, upstreamErrorCode, upstreamProblem } from './upstream-failures.js';

const EXPECTED: Array<[code: string, status: number, problem: string]> = [
  ['ETIMEDOUT', 504, 'gateway_timeout'],
  ['ESOCKETTIMEDOUT', 504, 'gateway_timeout'],
  ['UND_ERR_CONNECT_TIMEOUT', 504, 'gateway_timeout'],
  ['UND_ERR_HEADERS_TIMEOUT', 504, 'gateway_timeout'],
  ['UND_ERR_BODY_TIMEOUT', 504, 'gateway_timeout'],
  ['ECONNREFUSED', 503, 'service_unavailable'],
  ['EHOSTUNREACH', 503, 'service_unavailable'],
  ['ENETUNREACH', 503, 'service_unavailable'],
  ['EHOSTDOWN', 503, 'service_unavailable'],
  ['ENETDOWN', 503, 'service_unavailable'],
  ['ENOTFOUND', 503, 'service_unavailable'],
  ['EAI_AGAIN', 503, 'service_unavailable'],
  ['ECONNRESET', 502, 'bad_gateway'],
  ['EPIPE', 502, 'bad_gateway'],
  ['ECONNABORTED', 502, 'bad_gateway'],
  ['HPE_INVALID_CONSTANT', 502, 'bad_gateway'],
  ['HPE_HEADER_OVERFLOW', 502, 'bad_gateway'],
  ['UND_ERR_SOCKET', 502, 'bad_gateway'],
  ['UND_ERR_CLOSED', 502, 'bad_gateway'],
  ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 502, 'bad_gateway'],
  ['ERR_STREAM_PREMATURE_CLOSE', 502, 'bad_gateway'],
];

for (const [code, status, problem] of EXPECTED) {
  test(`an upstream error ${code} answers ${status} ${problem}`, () => {
    const answer = upstreamProblem('identity', Object.assign(new Error('upstream'), { code }));
    assert.equal(answer.status, status);
    assert.equal(answer.code, problem);
    assert.deepEqual(answer.headers, status === 503 ? { 'Retry-After': '5' } : {});
  });
}

test('an error without a code is judged by its cause (fetch wraps undici errors), else 502', () => {
  const wrapped = new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
  assert.equal(upstreamErrorCode(wrapped), 'ECONNREFUSED');
  assert.equal(upstreamProblem('events', wrapped).status, 503);
  assert.equal(upstreamErrorCode(new Error('no code')), undefined);
  assert.equal(classifyUpstreamFailure(undefined), 'broken');
  assert.equal(upstreamProblem('events', new Error('no code')).status, 502);
  assert.equal(upstreamProblem('events', 'not even an error').status, 502);
  assert.match(upstreamProblem('events', wrapped).message, /The events service is unavailable/);
});

const servers: Server[] = [];
/** The proxied route is public: no credentials are involved. */
const anonymous: Authenticator = { authenticate: async () => ({ kind: 'none' }) };
const TIMEOUT_MS = 400;

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function unusedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A gateway whose identity upstream is `identityUrl`; returns its base URL. */
async function gatewayWithIdentityAt(identityUrl: string): Promise<string> {
  const upstreams = Object.fromEntries(
    (['identity', 'organizations', 'events', 'results-scoring', 'sailors', 'webhooks', 'public-results'] as ServiceName[]).map((name) => [name, identityUrl]),
  ) as Record<ServiceName, string>;
  const app = createGatewayApp({
    logger: createLogger({ service: 'gateway-test', version: 'test', level: 'silent' }),
    authenticator: anonymous,
    assertionSecret: 'x'.repeat(48),
    upstreams,
    upstreamTimeoutMs: TIMEOUT_MS,
    trustedOrigins: [],
    openapiDocument: () => ({}),
  });
  return `http://127.0.0.1:${await listen(createServer(app))}`;
}

async function login(gatewayUrl: string) {
  const started = Date.now();
  const response = await fetch(`${gatewayUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'skipper@example.org', password: 'not-relevant' }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
    elapsedMs: Date.now() - started,
  };
}

after(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

test('a service that refuses connections: 503 problem+json with Retry-After', async () => {
  const response = await login(await gatewayWithIdentityAt(`http://127.0.0.1:${await unusedPort()}`));
  assert.equal(response.status, 503);
  assert.match(response.type, /application\/problem\+json/);
  assert.equal(response.body['code'], 'service_unavailable');
  assert.equal(response.body['status'], 503);
  assert.equal(response.retryAfter, '5');
});

test('a service slower than the upstream timeout: 504 problem+json after about the timeout', async () => {
  const hanging = await listen(createServer(() => undefined));
  const response = await login(await gatewayWithIdentityAt(`http://127.0.0.1:${hanging}`));
  assert.equal(response.status, 504);
  assert.match(response.type, /application\/problem\+json/);
  assert.equal(response.body['code'], 'gateway_timeout');
  assert.ok(response.elapsedMs >= TIMEOUT_MS - 50 && response.elapsedMs < TIMEOUT_MS + 3_000, `answered after ${response.elapsedMs} ms`);
});

test('a service that drops the connection just before the timeout: still 502, not 504', async () => {
  // 380 ms into a 400 ms timeout: judged by elapsed time this was a 504.
  const late = await listen(createServer((req) => setTimeout(() => req.socket.destroy(), TIMEOUT_MS - 20)));
  const response = await login(await gatewayWithIdentityAt(`http://127.0.0.1:${late}`));
  assert.equal(response.status, 502);
  assert.equal(response.body['code'], 'bad_gateway');
  assert.ok(response.elapsedMs >= TIMEOUT_MS - 20, `answered after ${response.elapsedMs} ms`);
});

test('a service that drops the connection: 502 problem+json', async () => {
  const dropping = await listen(createServer((req) => req.socket.destroy()));
  const response = await login(await gatewayWithIdentityAt(`http://127.0.0.1:${dropping}`));
  assert.equal(response.status, 502);
  assert.match(response.type, /application\/problem\+json/);
  assert.equal(response.body['code'], 'bad_gateway');
});
