import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { createApp, etagOf } from '@regatta/http';
import { createLogger } from '@regatta/logging';
import { sendJsonView } from './send-view.js';

const big = JSON.stringify({ data: { races: Array.from({ length: 200 }, (_, i) => ({ boat: `GER ${i}`, points: i + 1 })) } });
const small = '{"data":[]}';
let base = '';
let close: () => void = () => undefined;

before(async () => {
  const app = createApp({ logger: createLogger({ service: 'send-view-test', level: 'warn' }), parseJson: false, conditionalGets: true });
  app.get('/api/v1/big', (req, res) => sendJsonView(req, res, big));
  app.get('/api/v1/small', (req, res) => sendJsonView(req, res, small));
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
