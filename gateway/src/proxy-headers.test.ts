/**
 * Hop-by-hop headers stay on their hop through every proxy of the gateway (plain, intercepting,
 * streaming; API door and public door): a tiny upstream on loopback records what reaches it and
 * answers with `Connection: x-secret` + `X-Secret`, `Proxy-Authenticate`, `Keep-Alive` and `Trailer`.
 */
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createLogger } from '@regatta/logging';
import { createGatewayListener } from './app.js';
import type { Authenticator } from './auth.js';
import type { ServiceName } from './config.js';

const servers: Server[] = [];
let gatewayPort = 0;
/** What the upstream received, per path. */
const received = new Map<string, { headers: IncomingHttpHeaders; body: string }>();

/** A signed-in session for the one route that needs it (POST /organizations, the intercepting proxy). */
const session: Authenticator = {
  authenticate: async (req) =>
    req.headers.authorization === 'Bearer session'
      ? { kind: 'authenticated', principal: { userId: 'user-1', scopes: [], roles: {}, via: 'session' } }
      : { kind: 'none' },
};

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

before(async () => {
  const upstream = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.set((req.url ?? '').split('?')[0]!, { headers: req.headers, body });
      const stream = (req.url ?? '').endsWith('/live');
      res.statusCode = req.method === 'POST' && req.url?.endsWith('/organizations') ? 201 : 200;
      res.setHeader('Content-Type', stream ? 'text/event-stream' : 'application/json');
      res.setHeader('Connection', 'x-secret');
      res.setHeader('X-Secret', 'internal-only');
      res.setHeader('Keep-Alive', 'timeout=99');
      res.setHeader('Proxy-Authenticate', 'Basic realm="upstream"');
      res.setHeader('Trailer', 'x-checksum');
      res.setHeader('X-Kept', 'end-to-end');
      // No Content-Length: chunked, which a Trailer needs.
      res.write(stream ? 'data: {}\n\n' : '{"data":');
      if (stream) return;
      res.addTrailers({ 'x-checksum': 'abc' });
      res.end('{"id":"org-1"}}');
    });
  });
  const upstreamUrl = `http://127.0.0.1:${await listen(upstream)}`;
  const upstreams = Object.fromEntries(
    (['identity', 'organizations', 'events', 'results-scoring', 'sailors', 'webhooks', 'public-results'] as ServiceName[]).map((name) => [name, upstreamUrl]),
  ) as Record<ServiceName, string>;
  const listener = createGatewayListener({
    logger: createLogger({ service: 'gateway-test', version: 'test', level: 'silent' }),
    authenticator: session,
    assertionSecret: 'x'.repeat(48),
    upstreams,
    upstreamTimeoutMs: 2_000,
    trustedOrigins: [],
    openapiDocument: () => ({}),
  });
  gatewayPort = await listen(createServer(listener));
});

after(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request with exactly these headers (node's client sends TE, Proxy-Authorization and Connection as given). */
function send(method: string, path: string, headers: Record<string, string>, body?: string | string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: gatewayPort, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        // A stream never ends by itself: its first frame is enough.
        if (path.endsWith('/live')) res.destroy();
      });
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', reject);
    for (const chunk of Array.isArray(body) ? body : body === undefined ? [] : [body]) req.write(chunk);
    req.end();
  });
}

/** Hop-by-hop headers a client sends; none may reach the service. */
const CLIENT_HOP_BY_HOP = {
  TE: 'trailers',
  'Proxy-Authorization': 'Basic c2VjcmV0',
  Connection: 'keep-alive, x-hop',
  'X-Hop': 'only-for-the-gateway',
  'Proxy-Connection': 'keep-alive',
  'Keep-Alive': 'timeout=30',
};

function assertRequestStayedOnItsHop(path: string): IncomingHttpHeaders {
  const upstream = received.get(path);
  assert.ok(upstream, `the upstream saw ${path}`);
  for (const name of ['te', 'proxy-authorization', 'x-hop', 'proxy-connection', 'keep-alive', 'trailer', 'upgrade']) {
    assert.equal(upstream.headers[name], undefined, `${name} reached the service`);
  }
  // The gateway's own connection to the service (its keep-alive pool), not the client's list.
  assert.ok(upstream.headers.connection === undefined || upstream.headers.connection === 'keep-alive' || upstream.headers.connection === 'close');
  return upstream.headers;
}

function assertAnswerStayedOnItsHop(answer: Answer): void {
  assert.equal(answer.headers['x-secret'], undefined, 'the header named by the upstream Connection leaked');
  assert.equal(answer.headers['proxy-authenticate'], undefined);
  assert.equal(answer.headers.trailer, undefined);
  assert.notEqual(answer.headers['keep-alive'], 'timeout=99', "the upstream's Keep-Alive leaked");
  assert.ok(!String(answer.headers.connection ?? '').includes('x-secret'), "the upstream's Connection leaked");
  assert.equal(answer.headers['x-kept'], 'end-to-end', 'an end-to-end header is relayed');
}

test('API door, plain proxy: neither direction carries hop-by-hop headers; a chunked body still arrives', async () => {
  const answer = await send('POST', '/api/v1/auth/login', { ...CLIENT_HOP_BY_HOP, 'Content-Type': 'application/json' }, ['{"email":', '"a@b.c"}']);
  assert.equal(answer.status, 200);
  assert.equal(answer.body, '{"data":{"id":"org-1"}}');
  assertAnswerStayedOnItsHop(answer);
  const upstream = assertRequestStayedOnItsHop('/api/v1/auth/login');
  assert.equal(received.get('/api/v1/auth/login')?.body, '{"email":"a@b.c"}');
  // This hop's own framing: chunked, or (a body that had all arrived before it was sent) its length.
  const framed = upstream['transfer-encoding'] === 'chunked' || upstream['content-length'] === String(Buffer.byteLength('{"email":"a@b.c"}'));
  assert.ok(framed, `the gateway frames its own hop's body (${upstream['transfer-encoding'] ?? upstream['content-length']})`);
  assert.equal(upstream['content-type'], 'application/json');
});

test('a client naming the gateway\'s own headers in Connection does not strip them', async () => {
  const answer = await send('POST', '/api/v1/auth/login', { Connection: 'x-identity-assertion, x-request-id, content-length, host', 'Content-Type': 'application/json', 'Content-Length': '17', 'X-Request-Id': 'req-named' }, '{"email":"a@b.c"}');
  assert.equal(answer.status, 200);
  const upstream = received.get('/api/v1/auth/login');
  assert.ok(upstream?.headers['x-identity-assertion'], 'the assertion reached the service');
  assert.equal(upstream?.headers['x-request-id'], 'req-named');
  assert.equal(upstream?.headers['content-length'], String(Buffer.byteLength('{"email":"a@b.c"}')));
  assert.equal(upstream?.body, '{"email":"a@b.c"}');
  assert.match(String(upstream?.headers.host), /^127\.0\.0\.1:\d+$/);
});

test('API door, intercepting proxy (organization created): neither direction carries hop-by-hop headers', async () => {
  const answer = await send('POST', '/api/v1/organizations', { ...CLIENT_HOP_BY_HOP, Authorization: 'Bearer session', 'Content-Type': 'application/json' }, '{"name":"Club"}');
  assert.equal(answer.status, 201);
  assert.equal(answer.body, '{"data":{"id":"org-1"}}');
  assert.equal(answer.headers['content-length'], String(Buffer.byteLength(answer.body)));
  assertAnswerStayedOnItsHop(answer);
  const upstream = assertRequestStayedOnItsHop('/api/v1/organizations');
  assert.equal(upstream.authorization, undefined, 'raw credentials never reach a service');
});

test('public door: neither direction carries hop-by-hop headers', async () => {
  const answer = await send('GET', '/regattas/spring-cup', CLIENT_HOP_BY_HOP);
  assert.equal(answer.status, 200);
  assertAnswerStayedOnItsHop(answer);
  assertRequestStayedOnItsHop('/regattas/spring-cup');
});

test('public door, streaming proxy: the stream answer carries no hop-by-hop headers', async () => {
  const answer = await send('GET', '/regattas/spring-cup/live', { ...CLIENT_HOP_BY_HOP, Accept: 'text/event-stream' });
  assert.equal(answer.status, 200);
  assert.equal(answer.body, 'data: {}\n\n');
  assert.equal(answer.headers['x-secret'], undefined);
  assert.equal(answer.headers['proxy-authenticate'], undefined);
  assert.equal(answer.headers.trailer, undefined);
  assertRequestStayedOnItsHop('/regattas/spring-cup/live');
});
