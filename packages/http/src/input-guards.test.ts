/**
 * The input guard (input-guards.ts) on its own and mounted by createApp: malformed percent-encoding
 * in the path is a 400 malformed_path, a NUL character anywhere (path, query, JSON body) a 400 naming
 * the field, a foreign charset a 415; never a 500. Also the shared integer query parameter.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { createLogger } from '@regatta/logging';
import { charsetOf, createApp, finishApp, mountRoutes } from './app.js';
import { signAssertion } from './assertion.js';
import { MAX_BODY_DEPTH, NUL_MESSAGE, bodyNulErrors, decodePathSegments, isMalformedPath, pathNulErrors, queryNulErrors } from './input-guards.js';
import { MAX_OFFSET, queryInt, queryOffset } from './query.js';
import { fieldErrors, parseInput } from './validation.js';

const NUL = '\u0000';

describe('pure checks', () => {
  test('malformed percent-encoding: invalid hex, bare %, invalid or overlong UTF-8', () => {
    for (const path of ['/events/%FF', '/events/%ZZ', '/events/%', '/events/a%', '/events/%C0%AE', '/events/%E2%82', '/%ED%A0%80/x']) {
      assert.equal(isMalformedPath(path), true, path);
      assert.equal(decodePathSegments(path), undefined, path);
    }
    for (const path of ['/events/spring-cup', '/events/caf%C3%A9', '/events/a%20b', '/events/%2F', '/', '']) assert.equal(isMalformedPath(path), false, path);
    assert.deepEqual(decodePathSegments('/events/caf%C3%A9'), ['', 'events', 'café']);
  });

  test('NUL in a decoded path segment is the field "path"', () => {
    assert.deepEqual(pathNulErrors('/events/a%00b'), [{ field: 'path', message: NUL_MESSAGE }]);
    assert.deepEqual(pathNulErrors('/events/a%2500b'), [], '%25 is a literal percent sign');
    assert.deepEqual(pathNulErrors('/events/ab'), []);
  });

  test('NUL in query names and values, strings and arrays', () => {
    assert.deepEqual(queryNulErrors({ q: `a${NUL}b`, limit: '5' }), [{ field: 'query.q', message: NUL_MESSAGE }]);
    assert.deepEqual(queryNulErrors({ tag: ['ok', `x${NUL}`] }), [{ field: 'query.tag', message: NUL_MESSAGE }]);
    assert.deepEqual(queryNulErrors({ [`a${NUL}`]: 'v' }), [{ field: 'query.a\\u0000', message: NUL_MESSAGE }]);
    assert.deepEqual(queryNulErrors({ q: 'fine', list: ['a', 'b'] }), []);
    assert.deepEqual(queryNulErrors(undefined), []);
  });

  test('NUL in body strings and keys, named as dotted paths in document order', () => {
    const body = { name: `a${NUL}`, venue: 'ok', results: [{ notes: 'fine' }, { notes: `x${NUL}y`, [`k${NUL}`]: 1 }], settings: { deep: { list: [[`${NUL}`]] } } };
    assert.deepEqual(
      bodyNulErrors(body).map((error) => error.field),
      ['name', 'results.1.notes', 'results.1.k\\u0000', 'settings.deep.list.0.0'],
    );
    assert.ok(bodyNulErrors(body).every((error) => error.message === NUL_MESSAGE));
    assert.deepEqual(bodyNulErrors(`root${NUL}`), [{ field: 'body', message: NUL_MESSAGE }]);
    assert.deepEqual(bodyNulErrors({ n: 1, b: true, z: null, s: 'x', a: [] }), []);
  });

  test('the walk is bounded: depth refused past MAX_BODY_DEPTH, reported fields capped', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < MAX_BODY_DEPTH + 10; level += 1) deep = [deep];
    const errors = bodyNulErrors(deep);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, new RegExp(`nested more than ${MAX_BODY_DEPTH} levels`));
    let fine: unknown = 'leaf';
    for (let level = 0; level < MAX_BODY_DEPTH; level += 1) fine = { a: fine };
    assert.deepEqual(bodyNulErrors(fine), []);
    // A body of 100,000 NUL strings reports 20 and stops; a huge nesting as deep as JSON.parse allows does not overflow.
    assert.equal(bodyNulErrors(Array.from({ length: 100_000 }, () => NUL)).length, 20);
    const veryDeep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    assert.equal(bodyNulErrors(veryDeep).length, 1);
  });

  test('charset of a Content-Type', () => {
    assert.equal(charsetOf('application/json'), undefined);
    assert.equal(charsetOf('application/json; charset=UTF-8'), 'utf-8');
    assert.equal(charsetOf('application/json;charset="latin1"'), 'latin1');
    assert.equal(charsetOf('application/json; charset = utf-16 ; x=y'), 'utf-16');
  });
});

describe('queryInt', () => {
  const messages = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : fieldErrors(result.error).map((error) => error.message);
  };

  test('too large says "must be at most N" at any length; non-integers "must be an integer"', () => {
    const offset = queryOffset();
    assert.equal(messages(offset, String(MAX_OFFSET)), MAX_OFFSET);
    assert.equal(messages(offset, undefined), 0);
    assert.equal(messages(offset, '007'), 7);
    for (const tooLarge of [String(MAX_OFFSET + 1), '9999999999', '99999999999999999999', '9'.repeat(400)]) {
      assert.deepEqual(messages(offset, tooLarge), [`must be at most ${MAX_OFFSET}`], tooLarge);
    }
    for (const tooSmall of ['-1', `-${'9'.repeat(400)}`]) assert.deepEqual(messages(offset, tooSmall), ['must be at least 0']);
    for (const notInteger of ['', '1.5', '1e3', ' 5', 'abc', '0x10', '+1', '-']) {
      assert.deepEqual(messages(offset, notInteger), ['must be an integer'], JSON.stringify(notInteger));
    }
    assert.deepEqual(messages(queryInt(1, 100), '101'), ['must be at most 100']);
    assert.equal(messages(queryInt(1, Number.MAX_SAFE_INTEGER), '9007199254740991'), Number.MAX_SAFE_INTEGER);
    assert.deepEqual(messages(queryInt(1, Number.MAX_SAFE_INTEGER), '9007199254740992'), [`must be at most ${Number.MAX_SAFE_INTEGER}`]);
    assert.throws(() => queryInt(0, 2 ** 60));
  });
});

describe('mounted by createApp', () => {
  const SECRET = 'a'.repeat(40);
  let server: Server;
  let base = '';

  before(async () => {
    const logger = createLogger({ service: 'http-test', version: 'test', level: 'silent' });
    const app = createApp({ logger, assertionSecret: SECRET });
    const echo = (schema: z.ZodType) => (req: { body: unknown }, res: { json: (value: unknown) => void }) => res.json({ data: parseInput(schema, req.body, 'body') });
    mountRoutes(app, [
      { method: 'get', path: '/events', handler: (req, res) => res.json({ query: req.query }) },
      { method: 'get', path: '/events/:slug', handler: (req, res) => res.json({ slug: req.params['slug'] }) },
      { method: 'post', path: '/events/:slug/races/:raceId/results', handler: echo(z.unknown()) },
    ]);
    finishApp(app, logger);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(() => server.close());

  const asserted = { 'x-identity-assertion': signAssertion({ scopes: ['read'], roles: {}, via: 'key' }, SECRET) };
  async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const response = await fetch(base + path, { method, headers: { ...asserted, ...init.headers }, ...(init.body !== undefined ? { body: init.body } : {}) });
    const text = await response.text();
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: text ? JSON.parse(text) : null };
  }

  test('a malformed path parameter is 400 malformed_path (the router would throw a URIError: 500)', async () => {
    for (const bad of ['%FF', '%ZZ', '%', '%C0%AE', 'ok%E2%82']) {
      const response = await call('GET', `/events/${bad}`);
      assert.equal(response.status, 400, bad);
      assert.match(response.type, /application\/problem\+json/);
      assert.equal(response.body.code, 'malformed_path');
      const post = await call('POST', `/events/${bad}/races/r1/results`, { headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(post.status, 400, bad);
      assert.equal(post.body.code, 'malformed_path');
    }
    assert.deepEqual((await call('GET', '/events/caf%C3%A9')).body, { slug: 'café' });
  });

  test('NUL in the path, the query or the body is a 400 naming the field', async () => {
    const path = await call('GET', '/events/a%00b');
    assert.equal(path.status, 400);
    assert.equal(path.body.code, 'validation_failed');
    assert.deepEqual(path.body.errors, [{ field: 'path', message: NUL_MESSAGE }]);

    const query = await call('GET', '/events?q=a%00b&limit=5&tag=x&tag=%00');
    assert.equal(query.status, 400);
    assert.deepEqual(query.body.errors.map((error: { field: string }) => error.field), ['query.q', 'query.tag']);

    const body = await call('POST', '/events/e1/races/r1/results', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'finished', results: [{ boat: 'b1' }, { boat: 'b2', notes: `late${NUL}` }] }),
    });
    assert.equal(body.status, 400);
    assert.deepEqual(body.body.errors, [{ field: 'results.1.notes', message: NUL_MESSAGE }]);

    const escaped = await call('POST', '/events/e1/races/r1/results', { headers: { 'content-type': 'application/json' }, body: '{"a":"\\\\u0000 is fine"}' });
    assert.equal(escaped.status, 200, 'an escaped backslash followed by u0000 is text, not NUL');
    assert.equal((await call('GET', '/events?q=100%25')).status, 200);
  });

  test('a foreign charset is 415 unsupported_media_type naming it; utf-8 in any spelling is accepted', async () => {
    for (const charset of ['latin1', 'ISO-8859-1', 'utf-16', 'utf8', '"windows-1252"']) {
      const response = await call('POST', '/events/e1/races/r1/results', { headers: { 'content-type': `application/json; charset=${charset}` }, body: '{}' });
      assert.equal(response.status, 415, charset);
      assert.equal(response.body.code, 'unsupported_media_type');
      assert.match(response.body.detail, new RegExp(charset.replace(/"/g, ''), 'i'));
      assert.match(response.body.detail, /utf-8/);
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"']) {
      assert.equal((await call('POST', '/events/e1/races/r1/results', { headers: { 'content-type': `application/json; charset=${charset}` }, body: '{}' })).status, 200, charset);
    }
    const encoding = await call('POST', '/events/e1/races/r1/results', { headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' }, body: '{}' });
    assert.equal(encoding.status, 415);
    assert.equal(encoding.body.code, 'unsupported_media_type');
  });
});
