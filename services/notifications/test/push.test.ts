/**
 * Web push for the at-once kinds: a browser's subscription (here a local HTTP server standing in for
 * the browser's push service, with a P-256 key pair and auth secret as a browser makes them) gets a
 * VAPID-signed, aes128gcm-encrypted push when the account signs in from a new device; the payload
 * decrypts to the message's title, text and page. A push service answering 410 drops the
 * subscription. The e-mail is sent as well (the record).
 */
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { apiClient, signUp, waitForMail } from '@regatta/testing';
import { ok } from './helpers.js';
// The library web-push encrypts with; a browser would decrypt as this does (RFC 8188 / 8291).
import ece from 'http_ece';

const api = apiClient();
const received: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
let gone = false;
let server: http.Server;
let base: string;

before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a new-device sign-in is pushed to the subscribed browser, encrypted for it; a gone subscription is dropped', async () => {
  const key = (await ok(api.get('/api/v1/notifications/push/key'))).data.publicKey as string;
  assert.equal(Buffer.from(key, 'base64url').length, 65);
  const user = await signUp(api);
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const authSecret = randomBytes(16);
  const endpoint = `${base}/push/${user.userId}`;
  const subscription = { endpoint, keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
  await ok(api.post('/api/v1/notifications/push/subscriptions', subscription, { cookie: user.cookie }), 201);
  // The page asks whether this browser pushes to the person: yes for them, unknown for anyone else.
  assert.equal((await ok(api.get('/api/v1/notifications/push/subscriptions', { cookie: user.cookie, query: { endpoint } }))).data.endpoint, endpoint);
  const other = await signUp(api);
  assert.equal((await api.get('/api/v1/notifications/push/subscriptions', { cookie: other.cookie, query: { endpoint } })).status, 404);
  const refused = await api.post('/api/v1/notifications/push/subscriptions', { ...subscription, endpoint: 'ftp://push.example/x' }, { cookie: user.cookie, contract: false });
  assert.equal(refused.status, 400);

  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  await ok(api.post('/api/v1/auth/login', { email: user.email, password: user.password }, { headers: { 'user-agent': firefox } }));
  await waitForMail(user.email, /New sign-in to your account/);
  const deadline = Date.now() + 10_000;
  while (!received.some((r) => r.path === `/push/${user.userId}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const push = received.find((r) => r.path === `/push/${user.userId}`);
  assert.ok(push, 'the push service got the push');
  assert.equal(push.headers['content-encoding'], 'aes128gcm');
  assert.match(String(push.headers['authorization']), new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
  assert.equal(push.headers['ttl'], '3600');
  const payload = JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: browser, authSecret: authSecret.toString('base64url') }).toString('utf8'));
  assert.equal(payload.title, 'New sign-in to your account');
  assert.match(payload.body, /from Firefox on Linux/);
  assert.match(payload.url, /\/console\/account$/);
  assert.equal(payload.kind, 'new_device');

  // The push service says the browser is gone: the next push drops the subscription.
  gone = true;
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  await ok(api.post('/api/v1/auth/login', { email: user.email, password: user.password }, { headers: { 'user-agent': chrome } }));
  await waitForMail(user.email, /New sign-in to your account/, 2);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.equal((await api.get('/api/v1/notifications/push/subscriptions', { cookie: user.cookie, query: { endpoint } })).status, 404, 'the page hears it is gone');
  const removed = await api.delete('/api/v1/notifications/push/subscriptions', { cookie: user.cookie, query: { endpoint } });
  assert.equal(removed.status, 404, 'the subscription was already dropped');
});
