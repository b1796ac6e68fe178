/**
 * Embed tokens end to end: managed by members with a session; a widget presents one (X-Embed-Token
 * or ?embed_token=) on GETs of its organization's public events, results and standings, from its
 * allowed origins only; deactivation reaches the very next request.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, createOrganization, eventually, newActor, type Actor } from '@regatta/testing';

const api = apiClient();
const ORIGIN = 'https://club.example.org';

async function setUp(): Promise<{ admin: Actor; org: { id: string; slug: string }; token: string; tokenId: string }> {
  const admin = await newActor(api);
  const org = await createOrganization(api, admin);
  const created = await api.post('/api/v1/embed-tokens', { organizationId: org.id, name: 'Results widget', allowedOrigins: [ORIGIN] }, { cookie: admin.cookie });
  assert.equal(created.status, 201, created.text);
  return { admin, org, token: created.body.data.token, tokenId: created.body.data.id };
}

describe('embed tokens', () => {
  test('creation returns the token once; the list shows name, origins, active, createdAt and lastUsedAt', async () => {
    const admin = await newActor(api);
    const org = await createOrganization(api, admin);
    const created = await api.post(
      '/api/v1/embed-tokens',
      { organizationId: org.id, name: 'Standings board', allowedOrigins: [ORIGIN, 'http://localhost:3000'] },
      { cookie: admin.cookie },
    );
    assert.equal(created.status, 201);
    const data = created.body.data;
    assert.match(data.token, /^rgt_embed_[1-9A-HJ-NP-Za-km-z]{40,44}$/);
    assert.equal(data.tokenPrefix, data.token.slice(0, 14));
    const list = await api.get('/api/v1/embed-tokens', { cookie: admin.cookie, query: { organizationId: org.id } });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data, [
      {
        id: data.id,
        organizationId: org.id,
        name: 'Standings board',
        tokenPrefix: data.tokenPrefix,
        allowedOrigins: [ORIGIN, 'http://localhost:3000'],
        active: true,
        createdAt: data.createdAt,
        lastUsedAt: null,
      },
    ]);
    assert.ok(!list.text.includes(data.token));
  });

  test('management needs a session (401 for keys), membership (403) and valid input (400)', async () => {
    const { admin, org, tokenId } = await setUp();
    const outsider = await newActor(api);
    const missing = await api.get('/api/v1/embed-tokens', { cookie: admin.cookie });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body.errors.map((error: { field: string }) => error.field), ['query.organizationId']);
    const badBody = await api.post('/api/v1/embed-tokens', { organizationId: org.id, name: '', allowedOrigins: ['https://club.example.org/path'] }, { cookie: admin.cookie });
    assert.equal(badBody.status, 400);
    assert.deepEqual(badBody.body.errors.map((error: { field: string }) => error.field).sort(), ['allowedOrigins.0', 'name']);
    assert.equal((await api.delete('/api/v1/embed-tokens', { cookie: admin.cookie })).status, 400);

    assert.equal((await api.get('/api/v1/embed-tokens', { key: admin.key, query: { organizationId: org.id } })).status, 401);
    assert.equal((await api.post('/api/v1/embed-tokens', { organizationId: org.id, name: 'k', allowedOrigins: [ORIGIN] }, { key: admin.key })).status, 401);
    for (const response of [
      await api.get('/api/v1/embed-tokens', { cookie: outsider.cookie, query: { organizationId: org.id } }),
      await api.post('/api/v1/embed-tokens', { organizationId: org.id, name: 'k', allowedOrigins: [ORIGIN] }, { cookie: outsider.cookie }),
      await api.delete('/api/v1/embed-tokens', { cookie: outsider.cookie, query: { id: tokenId } }),
    ]) {
      assert.equal(response.status, 403);
      assert.equal(response.body.code, 'organization_membership_required');
    }
    assert.equal((await api.delete('/api/v1/embed-tokens', { cookie: admin.cookie, query: { id: '00000000-0000-4000-8000-000000000000' } })).status, 404);
  });

  test('a widget reads public events, results and standings with it, from its origins only', async () => {
    const { org, token, tokenId, admin } = await setUp();
    const viaHeader = await api.get('/api/v1/events', { query: { org: org.slug }, headers: { 'x-embed-token': token, origin: ORIGIN }, contract: false });
    assert.ok(![401, 403, 429].includes(viaHeader.status), viaHeader.text);
    assert.equal(viaHeader.headers.get('access-control-allow-origin'), ORIGIN);
    const viaQuery = await api.get('/api/v1/events/some-regatta/standings', { query: { embed_token: token }, contract: false });
    assert.ok(![401, 403, 429].includes(viaQuery.status), viaQuery.text);

    const foreignOrigin = await api.get('/api/v1/events', { headers: { 'x-embed-token': token, origin: 'https://evil.example' }, contract: false });
    assert.equal(foreignOrigin.status, 403);
    assert.equal(foreignOrigin.body.code, 'origin_not_allowed');
    // The refusal itself is readable by the page (so the widget can say why it shows nothing); it
    // carries no data and grants no credentials.
    assert.equal(foreignOrigin.headers.get('access-control-allow-origin'), 'https://evil.example');
    assert.equal(foreignOrigin.headers.get('access-control-allow-credentials'), null);
    assert.equal('data' in foreignOrigin.body, false);

    for (const [method, path] of [
      ['POST', '/api/v1/events'],
      ['GET', '/api/v1/webhooks'],
      ['GET', '/api/v1/sailors/00000000-0000-4000-8000-000000000000'],
      ['GET', `/api/v1/organizations/${org.slug}/members`],
    ] as const) {
      const response = await api.request(method, path, { headers: { 'x-embed-token': token }, contract: false, ...(method === 'POST' ? { body: {} } : {}) });
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.equal(response.body.code, 'embed_token_not_allowed');
    }
    const lastUsedAt = await eventually(async () => {
      const list = await api.get('/api/v1/embed-tokens', { cookie: admin.cookie, query: { organizationId: org.id } });
      return list.body.data.find((entry: { id: string }) => entry.id === tokenId)?.lastUsedAt ?? undefined;
    }, 8_000, 'embed lastUsedAt');
    assert.ok(Date.parse(lastUsedAt) > Date.now() - 60_000);
  });

  test('preflight is answered for embed-readable routes only', async () => {
    const allowed = await fetch(new URL('/api/v1/events/x/results', api.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-embed-token' },
    });
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-origin'), ORIGIN);
    assert.equal(allowed.headers.get('access-control-allow-headers'), 'X-Embed-Token');
    const refused = await fetch(new URL('/api/v1/webhooks', api.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    });
    assert.equal(refused.status, 204);
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
  });

  test('deactivation: the very next request gets 401; the list shows it inactive; malformed tokens get 401', async () => {
    const { admin, org, token, tokenId } = await setUp();
    assert.ok(![401, 403].includes((await api.get('/api/v1/events', { headers: { 'x-embed-token': token }, contract: false })).status));
    const deactivated = await api.delete('/api/v1/embed-tokens', { cookie: admin.cookie, query: { id: tokenId } });
    assert.equal(deactivated.status, 200);
    const after = await api.get('/api/v1/events', { headers: { 'x-embed-token': token }, contract: false });
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'invalid_embed_token');
    const list = await api.get('/api/v1/embed-tokens', { cookie: admin.cookie, query: { organizationId: org.id } });
    assert.equal(list.body.data[0].active, false);
    const malformed = await api.get('/api/v1/events', { headers: { 'x-embed-token': 'rgt_embed_0000' }, contract: false });
    assert.equal(malformed.status, 401);
    assert.equal(malformed.body.code, 'malformed_credentials');
  });
});
