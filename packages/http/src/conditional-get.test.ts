/**
 * Conditional GETs: the tag is a strong hash of the exact body; If-None-Match (one tag, a list, weak
 * form, `*`) gives 304 without a body; the tag follows the body each caller gets; other methods,
 * statuses, health and `no-store` answers stay plain.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createLogger } from '@regatta/logging';
import { createApp, finishApp, identityOf, mountRoutes } from './app.js';
import { signAssertion } from './assertion.js';
import { CONDITIONAL_CACHE_CONTROL, etagOf, ifNoneMatchHits } from './conditional-get.js';

describe('etagOf', () => {
  test('is a quoted strong tag, the same for the same bytes and different for any change', () => {
    const body = JSON.stringify({ data: { name: 'Kiel Week', boats: 42 } });
    const tag = etagOf(body);
    assert.match(tag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.equal(etagOf(body), tag);
    assert.equal(etagOf(Buffer.from(body)), tag, 'a string and its UTF-8 bytes are the same entity');
    assert.notEqual(etagOf(body.replace('42', '43')), tag);
    assert.notEqual(etagOf(`${body} `), tag);
  });

  test('hashes UTF-8 bytes (non-ASCII names differ from look-alikes)', () => {
    assert.notEqual(etagOf('{"name":"Kiel Wéek"}'), etagOf('{"name":"Kiel Week"}'));
    assert.equal(etagOf('{"name":"Kiel Wéek"}'), etagOf(Buffer.from('{"name":"Kiel Wéek"}', 'utf8')));
  });
});

describe('ifNoneMatchHits', () => {
  const tag = '"abc"';
  test('matches the tag itself, in a list, in weak form and *', () => {
    assert.equal(ifNoneMatchHits('"abc"', tag), true);
    assert.equal(ifNoneMatchHits('"x", "abc"', tag), true);
    assert.equal(ifNoneMatchHits('"x","abc" ', tag), true);
    assert.equal(ifNoneMatchHits('W/"abc"', tag), true);
    assert.equal(ifNoneMatchHits('*', tag), true);
  });
  test('misses an absent header, other tags and unquoted look-alikes', () => {
    assert.equal(ifNoneMatchHits(undefined, tag), false);
    assert.equal(ifNoneMatchHits('', tag), false);
    assert.equal(ifNoneMatchHits('"abd"', tag), false);
    assert.equal(ifNoneMatchHits('abc', tag), false);
    assert.equal(ifNoneMatchHits('"abc', tag), false);
  });
});

describe('conditional JSON answers of a service app', () => {
  const SECRET = 'c'.repeat(40);
  let server: Server;
  let base = '';
  let boats = 3;

  before(async () => {
    const logger = createLogger({ service: 'etag-test', version: 'test', level: 'silent' });
    const app = createApp({ logger, assertionSecret: SECRET });
    mountRoutes(app, [
      // The body depends on the caller, as event details do for drafts.
      { method: 'get', path: '/api/v1/boats', handler: (_req, res) => void res.json({ data: { boats, caller: identityOf(res).userId ?? null } }) },
      { method: 'post', path: '/api/v1/boats', handler: (_req, res) => void res.status(201).json({ data: { boats: ++boats } }) },
      { method: 'get', path: '/api/v1/secret', handler: (_req, res) => void res.setHeader('Cache-Control', 'no-store').json({ data: 'once' }) },
      { method: 'get', path: '/api/v1/missing', handler: (_req, res) => void res.status(404).json({ code: 'not_found' }) },
    ]);
    finishApp(app, logger);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const as = (userId: string) => ({ 'x-identity-assertion': signAssertion({ userId, scopes: ['read'], roles: {}, via: 'key' }, SECRET) });

  test('200 with the tag of the body sent, then 304 without a body, then 200 with a new tag after a change', async () => {
    const first = await fetch(`${base}/api/v1/boats`, { headers: as('u1') });
    const text = await first.text();
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('etag'), etagOf(text));
    assert.equal(first.headers.get('cache-control'), CONDITIONAL_CACHE_CONTROL);
    assert.match(first.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/);
    assert.equal(first.headers.get('content-length'), String(Buffer.byteLength(text)));

    const etag = first.headers.get('etag')!;
    const again = await fetch(`${base}/api/v1/boats`, { headers: { ...as('u1'), 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(again.headers.get('cache-control'), CONDITIONAL_CACHE_CONTROL);

    const created = await fetch(`${base}/api/v1/boats`, { method: 'POST', headers: as('u1') });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('etag'), null, 'no tag on answers to other methods');

    const changed = await fetch(`${base}/api/v1/boats`, { headers: { ...as('u1'), 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    const changedText = await changed.text();
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal(changed.headers.get('etag'), etagOf(changedText));
  });

  test('another caller whose body differs gets 200, not the first caller\'s 304', async () => {
    const mine = await fetch(`${base}/api/v1/boats`, { headers: as('u1') });
    const etag = mine.headers.get('etag')!;
    const theirs = await fetch(`${base}/api/v1/boats`, { headers: { ...as('u2'), 'if-none-match': etag } });
    assert.equal(theirs.status, 200);
    assert.equal(JSON.parse(await theirs.text()).data.caller, 'u2');
  });

  test('HEAD answers the same tag without a body and honours If-None-Match', async () => {
    const get = await fetch(`${base}/api/v1/boats`, { headers: as('u1') });
    const etag = get.headers.get('etag')!;
    const head = await fetch(`${base}/api/v1/boats`, { method: 'HEAD', headers: as('u1') });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    const conditional = await fetch(`${base}/api/v1/boats`, { method: 'HEAD', headers: { ...as('u1'), 'if-none-match': etag } });
    assert.equal(conditional.status, 304);
  });

  test('no-store answers, errors and health carry no tag and never 304', async () => {
    const secret = await fetch(`${base}/api/v1/secret`, { headers: { ...as('u1'), 'if-none-match': '*' } });
    assert.equal(secret.status, 200);
    assert.equal(secret.headers.get('etag'), null);
    assert.equal(secret.headers.get('cache-control'), 'no-store');
    const missing = await fetch(`${base}/api/v1/missing`, { headers: { ...as('u1'), 'if-none-match': '*' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('etag'), null);
    const health = await fetch(`${base}/health/live`, { headers: { 'if-none-match': '*' } });
    assert.equal(health.status, 200);
    assert.equal(health.headers.get('etag'), null);
  });
});

describe('JSON text sent as prepared (res.type(json).send)', () => {
  const SECRET = 'd'.repeat(40);
  let server: Server;
  let base = '';
  before(async () => {
    const logger = createLogger({ service: 'etag-test', version: 'test', level: 'silent' });
    const app = createApp({ logger, assertionSecret: SECRET });
    mountRoutes(app, [
      { method: 'get', path: '/api/v1/views', handler: (_req, res) => void res.type('json').send('{"data":[1,2,3]}') },
      { method: 'get', path: '/api/v1/page', handler: (_req, res) => void res.type('html').send('<p>not JSON</p>') },
    ]);
    finishApp(app, logger);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  const headers = () => ({ 'x-identity-assertion': signAssertion({ scopes: ['read'], roles: {}, via: 'key' }, SECRET) });

  test('is tagged and answered 304 like res.json', async () => {
    const first = await fetch(`${base}/api/v1/views`, { headers: headers() });
    assert.equal(await first.text(), '{"data":[1,2,3]}');
    assert.equal(first.headers.get('etag'), etagOf('{"data":[1,2,3]}'));
    const again = await fetch(`${base}/api/v1/views`, { headers: { ...headers(), 'if-none-match': first.headers.get('etag')! } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('content-type'), null);
  });

  test('other content types are left alone', async () => {
    const page = await fetch(`${base}/api/v1/page`, { headers: { ...headers(), 'if-none-match': '*' } });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('etag'), null);
  });
});
