/**
 * Hop-by-hop headers stay on their hop through the gateway, on the whole stack: a header the
 * request's `Connection` names is not forwarded, so it changes nothing a service answers (an
 * `If-None-Match` named there gets the full 200, an `Accept-Language` named there leaves the page in
 * English), while the same header without `Connection` does (the controls: 304, German). A request
 * carrying `TE` and `Proxy-Authorization` is served as usual, and no answer carries hop-by-hop fields
 * of the service's connection. (What exactly reaches a service, and a service's own `Connection:
 * x-secret` + `X-Secret` pair, are pinned with a recording upstream in
 * gateway/src/proxy-headers.test.ts.)
 */
import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import { before, describe, test } from 'node:test';
import { apiClient, gatewayUrl, newActor, type Actor } from '@regatta/testing';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

/** One GET with exactly these headers (node's client sends Connection, TE and Proxy-Authorization as given). */
function get(path: string, headers: Record<string, string>): Promise<Answer> {
  const base = new URL(gatewayUrl());
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method: 'GET', path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const HOP_BY_HOP_ANSWER_FIELDS = ['proxy-authenticate', 'proxy-authorization', 'trailer', 'te', 'upgrade', 'proxy-connection'];

function assertNoHopByHopFields(answer: Answer): void {
  for (const name of HOP_BY_HOP_ANSWER_FIELDS) assert.equal(answer.headers[name], undefined, `${name} in the answer`);
  // Connection and Keep-Alive, when present, are the gateway's own hop to this client.
  assert.ok([undefined, 'close', 'keep-alive'].includes(answer.headers.connection), `connection: ${answer.headers.connection}`);
}

describe('hop-by-hop headers through the gateway', () => {
  let reader: Actor;

  before(async () => {
    reader = await newActor(apiClient(), ['read']);
  });

  test('API door: an If-None-Match the Connection header names is not forwarded; TE and Proxy-Authorization change nothing', async () => {
    const auth = { Authorization: `Bearer ${reader.key}` };
    const first = await get('/api/v1/events', { ...auth, TE: 'trailers', 'Proxy-Authorization': 'Basic c2VjcmV0' });
    assert.equal(first.status, 200);
    assertNoHopByHopFields(first);
    const etag = first.headers.etag;
    assert.match(etag ?? '', /^"[A-Za-z0-9_-]+"$/);

    const conditional = await get('/api/v1/events', { ...auth, 'If-None-Match': etag! });
    assert.equal(conditional.status, 304, 'the control: forwarded, the tag matches');

    const namedByConnection = await get('/api/v1/events', { ...auth, Connection: 'keep-alive, if-none-match', 'If-None-Match': etag! });
    assert.equal(namedByConnection.status, 200, 'If-None-Match stayed on the first hop');
    assertNoHopByHopFields(namedByConnection);
  });

  test('public door: an Accept-Language the Connection header names is not forwarded', async () => {
    const page = { Accept: 'text/html' };
    const german = await get('/regattas', { ...page, 'Accept-Language': 'de', TE: 'trailers', 'Proxy-Authorization': 'Basic c2VjcmV0' });
    assert.equal(german.status, 200);
    assert.equal(german.headers['content-language'], 'de', 'the control: forwarded, the page is German');
    assertNoHopByHopFields(german);

    const namedByConnection = await get('/regattas', { ...page, Connection: 'accept-language', 'Accept-Language': 'de' });
    assert.equal(namedByConnection.status, 200);
    assert.equal(namedByConnection.headers['content-language'], 'en', 'Accept-Language stayed on the first hop');
    assertNoHopByHopFields(namedByConnection);
  });
});
