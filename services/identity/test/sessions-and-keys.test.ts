/**
 * Sessions and API keys end to end through the gateway (run under scripts/with-stack.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, createApiKey, eventually, sessionCookieOf, signUp, uniqueSuffix } from '@regatta/testing';

const api = apiClient();
const DEFAULT_LIMIT = Number(process.env['RATE_LIMIT_DEFAULT'] ?? '100000');
/** A cheap key-authenticated route served by identity (unknown slug: 404 straight away). */
const keyedProbe = (key: string) => api.get(`/api/v1/organizations/no-such-org-${uniqueSuffix()}/members`, { key });

function fields(body: { errors?: Array<{ field: string }> }): string[] {
  return (body.errors ?? []).map((error) => error.field).sort();
}

describe('sessions', () => {
  test('signup sets an HttpOnly SameSite=Lax session cookie and the session names the user', async () => {
    const email = `Skipper-${uniqueSuffix()}@Example.org`;
    const response = await api.post('/api/v1/auth/signup', { email, password: 'Correct-horse-1', name: 'Ada Skipper' });
    assert.equal(response.status, 201);
    assert.equal(response.body.data.user.email, email.toLowerCase());
    assert.equal(response.body.data.user.name, 'Ada Skipper');
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('regatta_session='));
    assert.ok(setCookie);
    for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure', 'Max-Age=1209600']) assert.ok(setCookie.includes(attribute), attribute);
    const cookie = sessionCookieOf(response)!;
    const session = await api.get('/api/v1/auth/session', { cookie });
    assert.equal(session.status, 200);
    assert.deepEqual(session.body.data.user, response.body.data.user);
    assert.deepEqual(session.body.data.memberships, []);

    const again = await api.post('/api/v1/auth/signup', { email: email.toUpperCase(), password: 'Another-pass-2', name: 'Copy' });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'email_taken');
  });

  test('signup and login validate their bodies field by field', async () => {
    const bad = await api.post('/api/v1/auth/signup', { email: 'not-an-email', password: 'short', name: '' });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.deepEqual(fields(bad.body), ['email', 'name', 'password']);
    const login = await api.post('/api/v1/auth/login', { email: 'x@example.org' });
    assert.equal(login.status, 400);
    assert.deepEqual(fields(login.body), ['password']);
  });

  test('login gives a second independent session; logout kills only its own, on the very next request', async () => {
    const user = await signUp(api);
    const login = await api.post('/api/v1/auth/login', { email: user.email, password: user.password });
    assert.equal(login.status, 200);
    assert.equal(login.body.data.user.id, user.userId);
    const second = sessionCookieOf(login)!;
    assert.notEqual(second, user.cookie);
    assert.equal((await api.get('/api/v1/auth/session', { cookie: second })).status, 200);

    const logout = await api.post('/api/v1/auth/logout', undefined, { cookie: user.cookie });
    assert.equal(logout.status, 204);
    assert.ok(logout.headers.getSetCookie().some((header) => header.startsWith('regatta_session=;') && header.includes('Max-Age=0')));
    const dead = await api.get('/api/v1/auth/session', { cookie: user.cookie });
    assert.equal(dead.status, 401);
    assert.equal(dead.body.code, 'session_expired');
    assert.equal((await api.get('/api/v1/keys', { cookie: user.cookie })).status, 401);
    assert.equal((await api.get('/api/v1/auth/session', { cookie: second })).status, 200, 'the other session lives on');
  });

  test('wrong passwords get 401; after 5 failures per email and address, 429 with Retry-After even for the right one', async () => {
    const user = await signUp(api);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await api.post('/api/v1/auth/login', { email: user.email, password: `wrong-${attempt}` });
      assert.equal(wrong.status, 401, `attempt ${attempt}`);
      assert.equal(wrong.body.code, 'invalid_credentials');
    }
    const throttled = await api.post('/api/v1/auth/login', { email: user.email, password: user.password });
    assert.equal(throttled.status, 429);
    assert.equal(throttled.body.code, 'too_many_failed_logins');
    const retryAfter = Number(throttled.headers.get('retry-after'));
    assert.ok(retryAfter > 880 && retryAfter <= 900, `Retry-After ${retryAfter}`);
    // Another account from the same address is unaffected; unknown emails get the same 401.
    const other = await signUp(api);
    assert.equal((await api.post('/api/v1/auth/login', { email: other.email, password: other.password })).status, 200);
    assert.equal((await api.post('/api/v1/auth/login', { email: `nobody-${uniqueSuffix()}@example.org`, password: 'whatever-123' })).status, 401);
  });

  test('cookie-authenticated changes from another site are refused (Origin check); same-site and non-browser pass', async () => {
    const user = await signUp(api);
    const evil = await api.post('/api/v1/keys', { name: 'csrf' }, { cookie: user.cookie, headers: { origin: 'https://evil.example' } });
    assert.equal(evil.status, 403);
    assert.equal(evil.body.code, 'cross_site_request');
    const evilReferer = await api.post('/api/v1/auth/logout', undefined, { cookie: user.cookie, headers: { referer: 'https://evil.example/page' } });
    assert.equal(evilReferer.status, 403);
    const host = new URL(api.baseUrl).host;
    const same = await api.post('/api/v1/keys', { name: 'same-site' }, { cookie: user.cookie, headers: { origin: `http://${host}` } });
    assert.equal(same.status, 201);
    const noOrigin = await api.post('/api/v1/keys', { name: 'cli' }, { cookie: user.cookie });
    assert.equal(noOrigin.status, 201);
    // A safe method is not a change: GET with a foreign Origin is fine.
    assert.equal((await api.get('/api/v1/keys', { cookie: user.cookie, headers: { origin: 'https://evil.example' } })).status, 200);
  });
});

describe('API keys', () => {
  test('creation shows the key once: rgt_ prefix, keyPrefix = first 14 characters, default scopes [read], no expiry', async () => {
    const user = await signUp(api);
    const before = Date.now();
    const created = await api.post('/api/v1/keys', { name: 'Results uploader' }, { cookie: user.cookie });
    assert.equal(created.status, 201);
    const data = created.body.data;
    assert.match(data.apiKey, /^rgt_[1-9A-HJ-NP-Za-km-z]{40,44}$/);
    assert.equal(data.keyPrefix, data.apiKey.slice(0, 14));
    assert.deepEqual(data.scopes, ['read']);
    assert.equal(data.expiresAt, null);
    assert.equal(data.name, 'Results uploader');
    assert.equal('lastUsedAt' in data, false);
    assert.equal('rateLimit' in data, false);
    assert.ok(Date.parse(data.createdAt) >= before - 5_000);

    const list = await api.get('/api/v1/keys', { cookie: user.cookie });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data, [
      { id: data.id, name: 'Results uploader', keyPrefix: data.keyPrefix, scopes: ['read'], rateLimit: DEFAULT_LIMIT, lastUsedAt: null, expiresAt: null, createdAt: data.createdAt },
    ]);
    assert.ok(!list.text.includes(data.apiKey), 'the full key is never listed');
  });

  test('scopes are kept in canonical order without duplicates; expiresInDays sets expiresAt', async () => {
    const user = await signUp(api);
    const created = await api.post('/api/v1/keys', { name: 'k', scopes: ['admin', 'read', 'admin', 'results'], expiresInDays: 30 }, { cookie: user.cookie });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body.data.scopes, ['read', 'results', 'admin']);
    const expiresIn = Date.parse(created.body.data.expiresAt) - Date.parse(created.body.data.createdAt);
    assert.ok(Math.abs(expiresIn - 30 * 86_400_000) < 5_000, `expires in ${expiresIn} ms`);
  });

  test('bad bodies get 400 naming the field; unknown, malformed or foreign ids get 404', async () => {
    const user = await signUp(api);
    const cases: Array<[unknown, string[]]> = [
      [{ name: 'k', scopes: ['read', 'superuser'] }, ['scopes.1']],
      [{ name: 'x'.repeat(101) }, ['name']],
      [{ name: '' }, ['name']],
      [{}, ['name']],
      [{ name: 'k', expiresInDays: 0 }, ['expiresInDays']],
      [{ name: 'k', expiresInDays: 366 }, ['expiresInDays']],
      [{ name: 'k', scopes: [] }, ['scopes']],
    ];
    for (const [body, expected] of cases) {
      const response = await api.post('/api/v1/keys', body, { cookie: user.cookie });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(fields(response.body), expected, JSON.stringify(body));
    }
    assert.equal((await api.post('/api/v1/keys', { name: 'x'.repeat(100), expiresInDays: 365 }, { cookie: user.cookie })).status, 201);
    assert.equal((await api.post('/api/v1/keys', { name: 'k', expiresInDays: 1 }, { cookie: user.cookie })).status, 201);

    const missing = await api.delete('/api/v1/keys', { cookie: user.cookie });
    assert.equal(missing.status, 400);
    assert.deepEqual(fields(missing.body), ['query.id']);
    const stranger = await signUp(api);
    const foreign = await createApiKey(api, stranger.cookie);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', foreign.keyId]) {
      const response = await api.delete('/api/v1/keys', { cookie: user.cookie, query: { id } });
      assert.equal(response.status, 404, id);
    }
    assert.equal((await keyedProbe(foreign.key)).status, 404, "the stranger's key still works");
  });

  test('a bearer key is refused (401) on key management', async () => {
    const user = await signUp(api);
    const { key, keyId } = await createApiKey(api, user.cookie, { scopes: ['read', 'write', 'register', 'results', 'admin'] });
    for (const [method, options] of [
      ['GET', {}],
      ['POST', { body: { name: 'by key' } }],
      ['DELETE', { query: { id: keyId } }],
    ] as const) {
      const response = await api.request(method, '/api/v1/keys', { key, ...options });
      assert.equal(response.status, 401, method);
      assert.equal(response.body.code, 'session_required');
    }
  });

  test('revocation: the very next request with the key gets 401 and the key leaves the list', async () => {
    const user = await signUp(api);
    const keep = await createApiKey(api, user.cookie);
    const { key, keyId } = await createApiKey(api, user.cookie);
    assert.equal((await keyedProbe(key)).status, 404, 'works before');
    const revoked = await api.delete('/api/v1/keys', { cookie: user.cookie, query: { id: keyId } });
    assert.equal(revoked.status, 200);
    assert.equal(typeof revoked.body.message, 'string');
    const after = await keyedProbe(key);
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'invalid_api_key');
    const list = await api.get('/api/v1/keys', { cookie: user.cookie });
    assert.deepEqual(list.body.data.map((record: { id: string }) => record.id), [keep.keyId]);
    assert.equal((await api.delete('/api/v1/keys', { cookie: user.cookie, query: { id: keyId } })).status, 404, 'revoking twice');
  });

  test('lastUsedAt follows use without a write per request (batched by the gateway)', async () => {
    const user = await signUp(api);
    const { key, keyId } = await createApiKey(api, user.cookie);
    const usedFrom = Date.now();
    for (let i = 0; i < 3; i += 1) assert.equal((await keyedProbe(key)).status, 404);
    const lastUsedAt = await eventually(
      async () => {
        const list = await api.get('/api/v1/keys', { cookie: user.cookie });
        const record = list.body.data.find((entry: { id: string }) => entry.id === keyId);
        return record?.lastUsedAt ?? undefined;
      },
      8_000,
      'lastUsedAt',
    );
    const at = Date.parse(lastUsedAt);
    assert.ok(at >= usedFrom - 1_000 && at <= Date.now(), `lastUsedAt ${lastUsedAt}`);
  });

  test('keyed responses carry RateLimit headers counting down', async () => {
    const user = await signUp(api);
    const { key } = await createApiKey(api, user.cookie);
    const first = await keyedProbe(key);
    const second = await keyedProbe(key);
    assert.equal(first.headers.get('ratelimit-limit'), String(DEFAULT_LIMIT));
    assert.equal(first.headers.get('ratelimit-remaining'), String(DEFAULT_LIMIT - 1));
    assert.equal(second.headers.get('ratelimit-remaining'), String(DEFAULT_LIMIT - 2));
    const reset = Number(second.headers.get('ratelimit-reset'));
    assert.ok(reset > 3_590 && reset <= 3_600, `reset ${reset}`);
    // Session responses carry none.
    assert.equal((await api.get('/api/v1/keys', { cookie: user.cookie })).headers.get('ratelimit-limit'), null);
  });
});
