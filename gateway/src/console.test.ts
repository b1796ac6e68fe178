/**
 * The console's files as the gateway serves them: hashed assets cached for a year and gzipped, the
 * page revalidated (no-cache, ETag, 304) with a Content-Security-Policy that allows no inline script,
 * every screen's URL answered with the page (deep links), nothing outside the build directory, and
 * a clear 503 where the console was not built.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { createLogger } from '@regatta/logging';
import { createGatewayApp } from './app.js';
import type { Authenticator } from './auth.js';
import type { ServiceName } from './config.js';

const servers: Server[] = [];
const anonymous = { authenticate: async () => undefined } as unknown as Authenticator;

async function gateway(consoleDirectory: string | undefined): Promise<string> {
  const upstreams = Object.fromEntries(
    (['identity', 'organizations', 'events', 'results-scoring', 'sailors', 'webhooks', 'public-results'] as ServiceName[]).map((name) => [name, 'http://127.0.0.1:9']),
  ) as Record<ServiceName, string>;
  const app = createGatewayApp({
    logger: createLogger({ service: 'gateway-test', version: 'test', level: 'silent' }),
    authenticator: anonymous,
    assertionSecret: 'x'.repeat(48),
    upstreams,
    upstreamTimeoutMs: 1000,
    trustedOrigins: [],
    openapiDocument: () => ({}),
    consoleDirectory,
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The body as sent (still compressed) and its Content-Encoding: fetch would decode it. */
function rawGet(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  const url = new URL(`${base}${path}`);
  return new Promise((resolve, reject) => {
    get({ host: url.hostname, port: url.port, path: url.pathname, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

let base: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><script type="module" src="/console/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'style-def456.css'), `body { color: ${'#123456; '.repeat(200)}}`);
  writeFileSync(join(dir, 'assets', 'style-def456.css.br'), brotliCompressSync(Buffer.from(`body { color: ${'#123456; '.repeat(200)}}`)));
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Regatta"}');
  writeFileSync(join(tmpdir(), 'outside-console.txt'), 'secret');
  base = await gateway(dir);
});

after(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

test('the page: no-cache with an ETag, a CSP without unsafe-inline scripts, framed by nobody; 304 on revalidation', async () => {
  const response = await fetch(`${base}/console/`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(response.headers.get('cache-control'), 'no-cache');
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(await response.text(), /<div id="root">/);
  const etag = response.headers.get('etag')!;
  const again = await fetch(`${base}/console/`, { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
});

test('a deep link to any screen answers with the page; /console redirects to /console/', async () => {
  for (const path of ['/console/orgs/ahyc/regattas', '/console/regattas/spring-cup/entries', '/console/sign-in?next=%2Fkeys']) {
    const response = await fetch(`${base}${path}`);
    assert.equal(response.status, 200, path);
    assert.match(await response.text(), /<div id="root">/, path);
  }
  const bare = await fetch(`${base}/console`, { redirect: 'manual' });
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.get('location'), '/console/');
});

test('hashed assets are cached for a year and sent gzipped to clients that accept it', async () => {
  const response = await fetch(`${base}/console/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/);
  assert.equal(await response.text(), script);
  const raw = await rawGet('/console/assets/index-abc123.js', 'gzip');
  assert.equal(raw.encoding, 'gzip');
  assert.ok(raw.body.length < script.length / 10, `${raw.body.length} bytes gzipped of ${script.length}`);
  assert.equal(gunzipSync(raw.body).toString(), script);
});

test("the build's brotli copy is sent to a client that accepts br; gzip otherwise", async () => {
  const css = `body { color: ${'#123456; '.repeat(200)}}`;
  const br = await rawGet('/console/assets/style-def456.css', 'gzip, deflate, br, zstd');
  assert.equal(br.encoding, 'br');
  assert.equal(brotliDecompressSync(br.body).toString(), css);
  const gz = await rawGet('/console/assets/style-def456.css', 'gzip');
  assert.equal(gz.encoding, 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), css);
});

test('a missing asset is a problem+json 404, and nothing outside the build is served', async () => {
  const missing = await fetch(`${base}/console/assets/nope-123.js`);
  assert.equal(missing.status, 404);
  assert.match(missing.headers.get('content-type') ?? '', /problem\+json/);
  const escape = await fetch(`${base}/console/assets/..%2F..%2Foutside-console.txt`);
  assert.notEqual(escape.status, 200);
  assert.doesNotMatch(await escape.text(), /secret/);
});

test('root files such as the web app manifest revalidate like the page', async () => {
  const response = await fetch(`${base}/console/manifest.webmanifest`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-cache');
});

test('a gateway without a built console says so with 503 console_not_built', async () => {
  const bare = await gateway(join(tmpdir(), 'no-console-here'));
  const response = await fetch(`${bare}/console/`);
  assert.equal(response.status, 503);
  assert.equal(((await response.json()) as { code: string }).code, 'console_not_built');
});
