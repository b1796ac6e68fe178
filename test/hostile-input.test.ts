/**
 * Hostile input: hostile input is a 4xx problem+json everywhere, never a 500.
 * Table-driven over the gateway's route table (gateway/src/routes.ts ROUTES): every route gets every
 * class of bad input that applies to it, with a valid credential (an API key holding every scope, or
 * the same person's session on session-only routes):
 *
 *   nul_query        ?q=a%00b                           400 validation_failed, field "query.q"
 *   nul_path         a path parameter "a%00b"          400 validation_failed, field "path"
 *   malformed_path   a path parameter %FF, %ZZ, %, %C0%AE  400 malformed_path
 *   nul_body         a JSON string (and a key) with NUL  400 validation_failed, the dotted field
 *   foreign_charset  application/json; charset=latin1  415 unsupported_media_type naming the charset
 *
 * Plus the public door (/regattas, /clubs, /series, /embed), each service on its own (the same guard
 * answers there: packages/http createApp), and the offset maximum of every list.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { resolveSecret } from '@regatta/config';
import { MAX_OFFSET, NUL_MESSAGE, signAssertion } from '@regatta/http';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor, type ApiResponse } from '@regatta/testing';
import { ROUTES, type RouteRule } from '../gateway/src/routes.js';

const NUL = '\u0000';
const MALFORMED = ['%FF', '%ZZ', '%', '%C0%AE'];
const api = apiClient();

let actor: Actor;
let org: { id: string; slug: string };
let eventSlug = '';

before(async () => {
  actor = await newActor(api);
  org = await createOrganization(api, actor);
  const start = new Date(Date.now() + 30 * 86_400_000);
  const created = await api.post(
    '/api/v1/events',
    { organization: org.slug, name: `Hostile Cup ${uniqueSuffix()}`, venue: 'North Bay', startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() },
    { key: actor.key, contract: false },
  );
  assert.equal(created.status, 201, created.text);
  eventSlug = created.body.data.slug;
});

/** A plausible value for each path parameter (the guard answers before any handler looks at it). */
function valueOf(rule: RouteRule, param: string): string {
  if (param === 'slug') return rule.path.startsWith('/api/v1/organizations') ? org.slug : rule.path.startsWith('/api/v1/series') ? `series-${uniqueSuffix()}` : eventSlug;
  if (param === 'id' && rule.path.startsWith('/api/v1/sailors')) return actor.userId;
  return '6f1c2a5e-8d3b-4c7a-9e0f-1a2b3c4d5e6f';
}

const paramsOf = (rule: RouteRule) => rule.path.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));

/** The rule's path with `raw` (sent as is, not encoded) in place of `target`, plausible values elsewhere. */
function pathWith(rule: RouteRule, target?: string, raw?: string): string {
  return rule.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => (name === target ? raw! : encodeURIComponent(valueOf(rule, name))));
}

const takesBody = (rule: RouteRule) => rule.method === 'POST' || rule.method === 'PUT' || rule.method === 'PATCH';
/** Routes whose body is not JSON (the Sailwave import's file, the one-click unsubscribe's form): any JSON body is 415. */
const FILE_BODY_ROUTES = new Set(['POST /api/v1/organizations/:slug/imports/sailwave', 'POST /api/v1/notifications/unsubscribe']);
const label = (rule: RouteRule) => `${rule.method} ${rule.path}`;

function send(rule: RouteRule, path: string, init: { rawBody?: string; contentType?: string } = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (init.contentType) headers['content-type'] = init.contentType;
  const credential = rule.access.kind === 'session' ? { cookie: actor.cookie } : { key: actor.key };
  return api.request(rule.method, path, { contract: false, headers, ...credential, ...(init.rawBody !== undefined ? { rawBody: init.rawBody } : {}) });
}

function assertProblem(response: ApiResponse, status: number, code: string, what: string): void {
  assert.equal(response.status, status, `${what}: ${response.status} ${response.text.slice(0, 300)}`);
  assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/, what);
  assert.equal(response.body.code, code, what);
  assert.equal(response.body.status, status, what);
  assert.ok(response.body.requestId, `${what}: requestId`);
}

function assertNulFields(response: ApiResponse, fields: string[], what: string): void {
  assertProblem(response, 400, 'validation_failed', what);
  assert.deepEqual(
    response.body.errors,
    fields.map((field) => ({ field, message: NUL_MESSAGE })),
    what,
  );
}

/** A body with NUL in a top-level string, deep in an array, and in a key. */
const NUL_BODY = JSON.stringify({ name: `Spring${NUL}Cup`, results: [{ notes: 'fine' }, { notes: `late${NUL}` }], settings: { [`k${NUL}`]: 1 } });
const NUL_BODY_FIELDS = ['name', 'results.1.notes', 'settings.k\\u0000'];

describe('every route of the gateway table refuses hostile input with 400/415 problem+json', () => {
  for (const rule of ROUTES) {
    test(label(rule), async () => {
      const checks: Array<Promise<void>> = [];
      const params = paramsOf(rule);

      // NUL in the query: every route reads its query through the same guard.
      checks.push(send(rule, `${pathWith(rule)}?q=a%00b`).then((response) => assertNulFields(response, ['query.q'], `${label(rule)} nul_query`)));

      for (const param of params) {
        checks.push(send(rule, pathWith(rule, param, 'a%00b')).then((response) => assertNulFields(response, ['path'], `${label(rule)} nul_path :${param}`)));
        for (const bad of MALFORMED) {
          checks.push(send(rule, pathWith(rule, param, bad)).then((response) => assertProblem(response, 400, 'malformed_path', `${label(rule)} malformed_path :${param}=${bad}`)));
        }
      }

      if (FILE_BODY_ROUTES.has(label(rule))) {
        for (const contentType of ['application/json', 'application/json; charset=latin1']) {
          checks.push(send(rule, pathWith(rule), { rawBody: NUL_BODY, contentType }).then((response) => assertProblem(response, 415, 'unsupported_media_type', `${label(rule)} json_body ${contentType}`)));
        }
      } else if (takesBody(rule)) {
        checks.push(
          send(rule, pathWith(rule), { rawBody: NUL_BODY, contentType: 'application/json' }).then((response) => assertNulFields(response, NUL_BODY_FIELDS, `${label(rule)} nul_body`)),
        );
        checks.push(
          send(rule, pathWith(rule), { rawBody: '{}', contentType: 'application/json; charset=latin1' }).then((response) => {
            const what = `${label(rule)} foreign_charset`;
            assertProblem(response, 415, 'unsupported_media_type', what);
            assert.match(response.body.detail, /latin1/, what);
          }),
        );
      }
      await Promise.all(checks);
    });
  }
});

describe('the public door', () => {
  const get = (path: string) => api.request('GET', path, { contract: false });

  test('a malformed path is 400 malformed_path, from the gateway or the service behind it', async () => {
    const paths = ['/regattas/%FF', '/regattas/%ZZ/standings', '/regattas/%', '/regattas/%C0%AE.json', '/clubs/%FF', '/series/%ZZ', '/embed/v1/%C0%AE', '/regattas/%FF/live'];
    await Promise.all(paths.map(async (path) => assertProblem(await get(path), 400, 'malformed_path', path)));
  });

  test('NUL in the path or the query is 400 naming the field', async () => {
    await Promise.all([
      get('/regattas/a%00b').then((response) => assertNulFields(response, ['path'], '/regattas/a%00b')),
      get('/regattas/a%00b/standings.json').then((response) => assertNulFields(response, ['path'], '/regattas/a%00b/standings.json')),
      get('/clubs/a%00b').then((response) => assertNulFields(response, ['path'], '/clubs/a%00b')),
      get('/series/a%00b').then((response) => assertNulFields(response, ['path'], '/series/a%00b')),
      get('/regattas?q=a%00b').then((response) => assertNulFields(response, ['query.q'], '/regattas?q=')),
      get('/regattas.json?q=%00').then((response) => assertNulFields(response, ['query.q'], '/regattas.json?q=')),
    ]);
  });
});

describe('each service on its own answers the same (the guard is in the shared app factory)', () => {
  const serviceUrls = JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>;
  const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion');
  const paths: Record<string, string> = {
    identity: '/api/v1/organizations/{x}/members',
    organizations: '/api/v1/organizations/{x}',
    events: '/api/v1/events/{x}',
    'results-scoring': '/api/v1/events/{x}/standings',
    sailors: '/api/v1/sailors/{x}/history',
    webhooks: '/api/v1/webhooks/{x}',
    'public-results': '/regattas/{x}/standings',
  };
  for (const [service, template] of Object.entries(paths)) {
    test(service, async () => {
      const base = serviceUrls[service];
      assert.ok(base, `E2E_SERVICE_URLS names ${service}`);
      const headers = { 'x-identity-assertion': signAssertion({ scopes: ['read', 'write', 'register', 'results', 'admin'], roles: {}, via: 'key' }, secret) };
      const call = async (path: string) => {
        const response = await fetch(base + path, { headers });
        const text = await response.text();
        return { status: response.status, headers: response.headers, text, body: JSON.parse(text) } as ApiResponse;
      };
      for (const bad of MALFORMED) assertProblem(await call(template.replace('{x}', bad)), 400, 'malformed_path', `${service} ${bad}`);
      assertNulFields(await call(template.replace('{x}', 'a%00b')), ['path'], `${service} nul_path`);
      assertNulFields(await call(`${template.replace('{x}', 'abc')}?q=a%00b&q=ok`), ['query.q'], `${service} nul_query`);
    });
  }
});

describe('offset: one explicit maximum, "must be at most" above it, "must be an integer" for non-integers', () => {
  const lists = (): string[] => [
    '/api/v1/organizations',
    '/api/v1/events',
    '/api/v1/series',
    '/api/v1/boats',
    `/api/v1/events/${eventSlug}/registrations`,
    `/api/v1/sailors/${actor.userId}/history`,
    '/api/v1/webhooks/6f1c2a5e-8d3b-4c7a-9e0f-1a2b3c4d5e6f/deliveries',
  ];

  test('too large, at any length', async () => {
    const checks = lists().flatMap((path) =>
      [String(MAX_OFFSET + 1), '9999999999', '99999999999999999999999999'].map(async (offset) => {
        const response = await api.get(path, { key: actor.key, query: { offset }, contract: false });
        assertProblem(response, 400, 'validation_failed', `${path}?offset=${offset}`);
        assert.deepEqual(response.body.errors, [{ field: 'query.offset', message: `must be at most ${MAX_OFFSET}` }], `${path}?offset=${offset}`);
      }),
    );
    await Promise.all(checks);
  });

  test('not an integer', async () => {
    const checks = lists().flatMap((path) =>
      ['1.5', 'abc', '1e3'].map(async (offset) => {
        const response = await api.get(path, { key: actor.key, query: { offset }, contract: false });
        assertProblem(response, 400, 'validation_failed', `${path}?offset=${offset}`);
        assert.deepEqual(response.body.errors, [{ field: 'query.offset', message: 'must be an integer' }], `${path}?offset=${offset}`);
      }),
    );
    await Promise.all(checks);
  });

  test('the maximum itself is accepted', async () => {
    for (const path of ['/api/v1/organizations', '/api/v1/events', '/api/v1/series', '/api/v1/boats', `/api/v1/events/${eventSlug}/registrations`] as const) {
      const response = await api.get(path, { key: actor.key, query: { offset: MAX_OFFSET } });
      assert.equal(response.status, 200, `${path}: ${response.text.slice(0, 300)}`);
    }
  });
});
