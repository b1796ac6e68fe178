import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { createApp, etagOf } from '@regatta/http';
import { createLogger } from '@regatta/logging';
import { sendJsonView, sendStoredView } from './send-view.js';

const big = JSON.stringify({ data: { races: Array.from({ length: 200 }, (_, i) => ({ boat: `GER ${i}`, points: i + 1 })) } });
const small = '{"data":[]}';
const stored = big.replace('GER 0', 'GER 000');
let loads = 0;
let base = '';
let close: () => void = () => undefined;

before(async () => {
  const app = createApp({ logger: createLogger({ service: 'send-view-test', level: 'warn' }), parseJson: false, conditionalGets: true });
  app.get('/api/v1/big', (req, res) => sendJsonView(req, res, big));
  app.get('/api/v1/small', (req, res) => sendJsonView(req, res, small));
  // A view made of stored views: the tag is its versions' (given), the text read only when needed.
  app.get('/api/v1/stored', (req, res, next) => {
    const tag = String(req.query['tag']);
    sendStoredView(req, res, tag, async () => {
      loads += 1;
      return { etag: String(req.query['now'] ?? tag), text: stored };
    }).catch(next);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
after(() => close());

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

test('a client accepting gzip gets the view gzipped, with the plain body\'s ETag and Vary: Accept-Encoding', async () => {
  const answer = await get('/api/v1/big', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers['content-encoding'], 'gzip');
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(answer.headers['etag'], etagOf(big));
  assert.match(String(answer.headers['vary']), /Accept-Encoding/);
  assert.equal(gunzipSync(answer.body).toString('utf8'), big);
  assert.ok(answer.body.length < big.length / 4, `${answer.body.length} gzipped bytes of ${big.length}`);
  assert.equal(Number(answer.headers['content-length']), answer.body.length);
});

test('other clients get the plain body with the same ETag; If-None-Match answers 304 either way', async () => {
  const plain = await get('/api/v1/big');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString('utf8'), big);
  assert.equal(plain.headers['etag'], etagOf(big));
  for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
    const revalidated = await get('/api/v1/big', { ...headers, 'if-none-match': etagOf(big) });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body.length, 0);
  }
});

test('a short view is sent plain even to a client accepting gzip', async () => {
  const answer = await get('/api/v1/small', { 'accept-encoding': 'gzip' });
  assert.equal(answer.headers['content-encoding'], undefined);
  assert.equal(answer.body.toString('utf8'), small);
});

test('a stored view: If-None-Match of its versions\' tag is answered 304 without reading its text', async () => {
  loads = 0;
  for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
    const revalidated = await get('/api/v1/stored?tag=%22v1%22', { ...headers, 'if-none-match': '"v1"' });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body.length, 0);
    assert.equal(revalidated.headers['etag'], '"v1"');
    assert.equal(revalidated.headers['cache-control'], 'private, no-cache');
    assert.match(String(revalidated.headers['vary']), /Accept-Encoding/);
  }
  assert.equal(loads, 0, 'no view text read for a 304');
});

test('a stored view is read once per tag, then sent (plain or gzipped) from what was kept', async () => {
  loads = 0;
  const first = await get('/api/v1/stored?tag=%22v2%22');
  assert.equal(first.status, 200);
  assert.equal(first.body.toString('utf8'), stored);
  assert.equal(first.headers['etag'], '"v2"');
  assert.equal(first.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(Number(first.headers['content-length']), Buffer.byteLength(stored));
  const zipped = await get('/api/v1/stored?tag=%22v2%22', { 'accept-encoding': 'gzip' });
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(zipped.body).toString('utf8'), stored);
  assert.equal(zipped.headers['etag'], '"v2"');
  assert.equal((await get('/api/v1/stored?tag=%22v2%22')).body.toString('utf8'), stored);
  assert.equal(loads, 1, 'the text of one tag is read once');
  assert.equal((await get('/api/v1/stored?tag=%22v2%22', { 'if-none-match': 'W/"v2"' })).status, 304);
});

test('a view stored again between its version and its text is sent under the tag of what was read', async () => {
  const answer = await get('/api/v1/stored?tag=%22v3%22&now=%22v4%22');
  assert.equal(answer.status, 200);
  assert.equal(answer.headers['etag'], '"v4"');
  assert.equal((await get('/api/v1/stored?tag=%22v4%22', { 'if-none-match': '"v4"' })).status, 304);
});
