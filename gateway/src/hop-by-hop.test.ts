import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOP_BY_HOP_HEADERS, connectionOptions, endToEndHeaders, hopByHopOf } from './hop-by-hop.js';

const FIXED = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization', 'proxy-authenticate'];

test('the fixed hop-by-hop list is exactly these nine headers', () => {
  assert.deepEqual([...HOP_BY_HOP_HEADERS].sort(), [...FIXED].sort());
});

for (const name of FIXED) {
  test(`${name} stays on its hop, with or without a Connection header`, () => {
    assert.equal(hopByHopOf({})(name), true);
    assert.equal(hopByHopOf({ connection: 'keep-alive' })(name), true);
    assert.equal(hopByHopOf({ connection: 'x-secret' })(name), true);
    assert.deepEqual(endToEndHeaders({ [name]: 'v', accept: 'application/json' }), { accept: 'application/json' });
  });
}

test('every header the Connection header names stays on its hop, case-insensitively', () => {
  const isHopByHop = hopByHopOf({ connection: 'close, X-Secret ,  x-Other' });
  assert.equal(isHopByHop('x-secret'), true);
  assert.equal(isHopByHop('x-other'), true);
  assert.equal(isHopByHop('x-secrets'), false, 'a longer name is another header');
  assert.equal(isHopByHop('content-type'), false);
  assert.equal(isHopByHop('x-request-id'), false);
});

test('a Connection header given twice names the headers of both lines', () => {
  assert.deepEqual([...connectionOptions(['x-a', 'X-B, keep-alive'])], ['x-a', 'x-b', 'keep-alive']);
  assert.deepEqual([...connectionOptions(undefined)], []);
  assert.deepEqual([...connectionOptions(' , ,')], [], 'empty list members are no names');
});

test('end-to-end headers of a response with Connection: x-secret', () => {
  const headers = {
    connection: 'x-secret',
    'x-secret': 'internal',
    'keep-alive': 'timeout=5',
    'transfer-encoding': 'chunked',
    trailer: 'x-checksum',
    'proxy-authenticate': 'Basic realm="upstream"',
    'content-type': 'application/json',
    'set-cookie': ['a=1', 'b=2'],
    etag: '"v1"',
  };
  assert.deepEqual(endToEndHeaders(headers), { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'], etag: '"v1"' });
});

test('end-to-end headers of a request with TE, Proxy-Authorization and a Connection-named header', () => {
  const headers = {
    host: 'regatta.test',
    te: 'trailers',
    'proxy-authorization': 'Basic c2VjcmV0',
    connection: 'keep-alive, x-hop',
    'x-hop': '1',
    upgrade: 'h2c',
    'proxy-connection': 'keep-alive',
    'content-length': '2',
    'x-request-id': 'abc',
  };
  assert.deepEqual(endToEndHeaders(headers), { host: 'regatta.test', 'content-length': '2', 'x-request-id': 'abc' });
});

test('a Connection list cannot name away what the proxy itself sets for the next hop', () => {
  const keep = new Set(['host', 'content-length', 'x-identity-assertion', 'x-request-id']);
  const isHopByHop = hopByHopOf({ connection: 'Host, Content-Length, X-Identity-Assertion, x-request-id, x-hop' }, keep);
  for (const name of keep) assert.equal(isHopByHop(name), false, name);
  assert.equal(isHopByHop('x-hop'), true);
  assert.equal(hopByHopOf({ connection: 'te' }, keep)('te'), true, 'the fixed list stays whatever keep says');
});
