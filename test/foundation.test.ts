/**
 * The foundation's acceptance through the real processes: the gateway's health and problem+json answers, and
 * every service refusing requests that do not carry the gateway's identity assertion.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signAssertion } from '@regatta/http';
import { apiClient } from '@regatta/testing';

const serviceUrls = JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>;

test('GET /api/v1/health answers exactly {status, version: "1", timestamp}', async () => {
  const response = await apiClient().get('/api/v1/health');
  assert.equal(response.status, 200);
  assert.deepEqual(Object.keys(response.body).sort(), ['status', 'timestamp', 'version']);
  assert.equal(response.body.version, '1');
  assert.equal(response.body.status, 'ok');
  assert.ok(Math.abs(Date.parse(response.body.timestamp) - Date.now()) < 60_000);
});

test('unknown paths get a problem+json 404 with a request id', async () => {
  const response = await apiClient().get('/api/v1/no-such-thing', { contract: false });
  assert.equal(response.status, 404);
  assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(response.body.code, 'route_not_found');
  assert.equal(response.body.requestId, response.headers.get('x-request-id'));
});

test('the OpenAPI document and the docs page are served', async () => {
  const document = await apiClient().get('/api/v1/openapi.json', { contract: false });
  assert.equal(document.status, 200);
  assert.equal(document.body.openapi, '3.1.0');
  assert.ok(Object.keys(document.body.paths).length > 20);
  const page = await apiClient().get('/api/v1/docs', { contract: false, headers: { accept: 'text/html' } });
  assert.equal(page.status, 200);
  assert.match(page.text, /\/api\/v1\/events/);
});

test('a caller-supplied X-Request-Id flows back', async () => {
  const response = await apiClient().get('/api/v1/health', { headers: { 'x-request-id': 'race-day-trace-1' } });
  assert.equal(response.headers.get('x-request-id'), 'race-day-trace-1');
});

for (const [service, url] of Object.entries(serviceUrls)) {
  test(`${service} refuses requests without a valid identity assertion`, async () => {
    const path = {
      identity: '/api/v1/auth/session',
      organizations: '/api/v1/organizations',
      events: '/api/v1/events',
      'results-scoring': '/api/v1/events/any/standings',
      sailors: '/api/v1/sailors/00000000-0000-4000-8000-000000000000/history',
      webhooks: '/api/v1/webhooks',
      'public-results': '/regattas/any/standings',
      'race-capture': '/api/v1/events/any/capture/context',
      notifications: '/api/v1/notifications/preferences',
    }[service]!;
    const missing = await fetch(`${url}${path}`);
    assert.equal(missing.status, 401);
    assert.equal(((await missing.json()) as { code: string }).code, 'missing_identity_assertion');

    const forged = await fetch(`${url}${path}`, {
      headers: { 'x-identity-assertion': signAssertion({ scopes: ['read', 'write', 'admin'], roles: {}, via: 'key' }, 'x'.repeat(40)) },
    });
    assert.equal(forged.status, 401, 'an assertion signed with another secret is refused');

    const live = await fetch(`${url}/health/live`);
    assert.equal(live.status, 200, 'health stays public');
    const metrics = await fetch(`${url}/metrics`);
    assert.match(await metrics.text(), /http_request_duration_seconds/);
  });
}
