/**
 * The app factory's public behaviour: problem+json for every failure, with the right status and code.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { z } from 'zod';
import { createLogger } from '@regatta/logging';
import { createApp, finishApp, mountRoutes } from './app.js';
import { signAssertion } from './assertion.js';
import { parseInput } from './validation.js';

const SECRET = 'a'.repeat(40);
let server: Server;
let base = '';

before(async () => {
  const logger = createLogger({ service: 'http-test', version: 'test', level: 'silent' });
  const app = createApp({ logger, assertionSecret: SECRET, bodyLimit: '1kb' });
  mountRoutes(app, [
    { method: 'get', path: '/boom', handler: () => Promise.reject(new Error('kaboom')) },
    { method: 'get', path: '/pool', handler: () => Promise.reject(new Error('timeout exceeded when trying to connect')) },
    {
      method: 'post',
      path: '/boats',
      handler: (req, res) => {
        const body = parseInput(z.object({ name: z.string().min(1), sailNumber: z.string().max(10) }), req.body, 'body');
        res.status(201).json({ data: body });
      },
    },
  ]);
  finishApp(app, logger);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

const asserted = { 'x-identity-assertion': signAssertion({ scopes: ['read'], roles: {}, via: 'key' }, SECRET) };

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(base + path, { method, headers: { ...asserted, ...init.headers }, ...(init.body ? { body: init.body } : {}) });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', headers: response.headers, body: text ? JSON.parse(text) : null };
}

test('an unexpected error is a 500 problem that leaks nothing', async () => {
  const response = await call('GET', '/boom');
  assert.equal(response.status, 500);
  assert.match(response.type, /application\/problem\+json/);
  assert.equal(response.body.code, 'internal_error');
  assert.doesNotMatch(JSON.stringify(response.body), /kaboom/);
  assert.ok(response.body.requestId);
});

test('an exhausted database pool is a 503 with Retry-After, not a 500', async () => {
  const response = await call('GET', '/pool');
  assert.equal(response.status, 503);
  assert.equal(response.body.code, 'service_unavailable');
  assert.equal(response.headers.get('retry-after'), '2');
});

test('validation names every bad field', async () => {
  const response = await call('POST', '/boats', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '', sailNumber: 'X'.repeat(11) }) });
  assert.equal(response.status, 400);
  assert.equal(response.body.code, 'validation_failed');
  assert.deepEqual(response.body.errors.map((error: { field: string }) => error.field).sort(), ['name', 'sailNumber']);
});

test('malformed JSON 400, oversized body 413, non-JSON body 415', async () => {
  const json = { 'content-type': 'application/json' };
  assert.equal((await call('POST', '/boats', { headers: json, body: '{"name":' })).body.code, 'malformed_json');
  const large = await call('POST', '/boats', { headers: json, body: JSON.stringify({ name: 'x'.repeat(2_000), sailNumber: '1' }) });
  assert.equal(large.status, 413);
  const text = await call('POST', '/boats', { headers: { 'content-type': 'text/plain' }, body: 'name=x' });
  assert.equal(text.status, 415);
});

test('unknown path 404 and wrong method 405 with Allow', async () => {
  const missing = await call('GET', '/nowhere');
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'route_not_found');
  const wrong = await call('DELETE', '/boats');
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get('allow'), 'POST');
});

test('no or forged identity assertion: 401; health and metrics stay open', async () => {
  const none = await fetch(`${base}/boom`);
  assert.equal(none.status, 401);
  const forged = await fetch(`${base}/boom`, { headers: { 'x-identity-assertion': signAssertion({ scopes: [], roles: {}, via: 'key' }, 'b'.repeat(40)) } });
  assert.equal(forged.status, 401);
  assert.equal((await fetch(`${base}/health/live`)).status, 200);
  assert.equal((await fetch(`${base}/metrics`)).status, 200);
});
