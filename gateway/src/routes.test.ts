/**
 * The route table is read from the OpenAPI document (routes.ts): every documented operation is routed
 * with the access its security and x-required-scopes state, a route added to the document is routed
 * without touching the gateway, and an operation the gateway could not guard stops it at start.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOpenApiDocument } from '@regatta/openapi';
import { isPublicPath } from './public-door.js';
import { GATEWAY_ROUTES, ROUTES, matchRoute, routeMatcher, routesOf } from './routes.js';

type Operation = {
  'x-required-scopes'?: string[];
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-live-messages'?: Record<string, unknown>;
};
const document = loadOpenApiDocument() as { paths: Record<string, Record<string, Operation>>; security?: Array<Record<string, unknown>> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const template = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const concreteOf = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

/** Paths the public door serves (public-door.ts isPublicPath), outside the route table. */
const behindPublicDoor = (path: string) => isPublicPath(path);
/** The public door streams (no response timeout) exactly these paths; see public-door.ts. */
const PUBLIC_STREAM = /^\/regattas\/[^/]+\/live$/;

test('every documented operation has a route in the gateway table (or is behind the public door)', () => {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS.filter((name) => name in item)) {
      const concrete = concreteOf(path);
      if (behindPublicDoor(concrete)) continue; // checked below
      if (matchRoute(method.toUpperCase(), concrete).kind !== 'matched') missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('operations behind the public door are GETs without credentials, and the route table does not claim their paths', () => {
  const problems: string[] = [];
  const documented = Object.entries(document.paths).filter(([path]) => behindPublicDoor(concreteOf(path)));
  assert.ok(documented.length > 0, 'the public pages are documented');
  for (const [path, item] of documented) {
    for (const method of METHODS.filter((name) => name in item)) {
      const operation = item[method]!;
      const name = `${method.toUpperCase()} ${path}`;
      if (method !== 'get') problems.push(`${name}: the public door answers only GET and HEAD (405 otherwise)`);
      if (!Array.isArray(operation.security) || operation.security.length > 0) problems.push(`${name}: must declare security: []`);
      if ((operation['x-required-scopes'] ?? []).length > 0) problems.push(`${name}: public, yet documents scopes`);
      if (matchRoute('GET', concreteOf(path)).kind !== 'not_found') problems.push(`${name}: also matched by the route table`);
    }
  }
  assert.deepEqual(problems, []);
});

test('streamed routes (table stream rules and the public live twin) are documented as text/event-stream with x-live-messages', () => {
  const streamed = [
    ...ROUTES.filter((rule) => rule.stream).map((rule) => ({ path: template(rule.path), method: rule.method.toLowerCase() })),
    ...Object.keys(document.paths)
      .filter((path) => behindPublicDoor(concreteOf(path)) && PUBLIC_STREAM.test(concreteOf(path)))
      .map((path) => ({ path, method: 'get' })),
  ];
  assert.ok(streamed.length >= 2, 'the authenticated and the public live feed');
  const problems: string[] = [];
  for (const { path, method } of streamed) {
    const operation = document.paths[path]?.[method];
    if (!operation) {
      problems.push(`${method.toUpperCase()} ${path}: not documented`);
      continue;
    }
    if (!operation.responses?.['200']?.content?.['text/event-stream']) problems.push(`${method.toUpperCase()} ${path}: 200 is not text/event-stream`);
    if (Object.keys(operation['x-live-messages'] ?? {}).length === 0) problems.push(`${method.toUpperCase()} ${path}: no x-live-messages`);
  }
  assert.deepEqual(problems, []);
});

test('the loader reads access from security and x-required-scopes, and the service from x-service', () => {
  const rule = (method: string, path: string) => ROUTES.find((route) => route.method === method && route.path === path);
  assert.deepEqual(rule('GET', '/api/v1/events/:slug')?.access, { kind: 'credential', anyOf: ['read'], embed: true });
  assert.equal(rule('GET', '/api/v1/events/:slug')?.service, 'events');
  assert.deepEqual(rule('POST', '/api/v1/events/:slug/protests')?.access, { kind: 'credential', anyOf: ['register', 'results'] });
  assert.deepEqual(rule('POST', '/api/v1/keys')?.access, { kind: 'session' });
  assert.deepEqual(rule('POST', '/api/v1/auth/login')?.access, { kind: 'public' });
  assert.equal(rule('GET', '/api/v1/events/:slug/live')?.stream, true);
  assert.equal(rule('GET', '/api/v1/health')?.service, 'gateway');
  // Committee devices: only the race capture operations listing deviceToken take a device token.
  assert.deepEqual(rule('POST', '/api/v1/events/:slug/capture/sync')?.access, { kind: 'credential', anyOf: ['results'], device: true });
  assert.equal(rule('POST', '/api/v1/events/:slug/capture/sync')?.service, 'race-capture');
  assert.deepEqual(rule('POST', '/api/v1/events/:slug/capture/enrolments')?.access, { kind: 'credential', anyOf: ['results'] });
  assert.deepEqual(
    ROUTES.filter((route) => route.access.kind === 'credential' && route.access.device).map((route) => route.service),
    ROUTES.filter((route) => route.access.kind === 'credential' && route.access.device).map(() => 'race-capture'),
  );
  assert.equal(ROUTES.filter((route) => route.service === 'gateway').length, GATEWAY_ROUTES.length, 'no document operation routed to the gateway');
});

test('a route added to a copy of the document is routed by the loader', () => {
  const copy = structuredClone(document) as { paths: Record<string, Record<string, unknown>> };
  copy.paths['/api/v1/events/{slug}/weather'] = {
    get: { operationId: 'getWeather', 'x-service': 'events', 'x-required-scopes': ['read'], security: [{ bearerKey: [] }, { sessionCookie: [] }, { embedToken: [] }] },
  };
  const match = routeMatcher([...GATEWAY_ROUTES, ...routesOf(copy)]);
  const hit = match('GET', '/api/v1/events/e1/weather');
  assert.equal(hit.kind, 'matched');
  assert.deepEqual(hit.kind === 'matched' && { service: hit.rule.service, access: hit.rule.access }, {
    service: 'events',
    access: { kind: 'credential', anyOf: ['read'], embed: true },
  });
  assert.deepEqual(match('POST', '/api/v1/events/e1/weather'), { kind: 'method_not_allowed', allow: ['GET'] });
  assert.equal(matchRoute('GET', '/api/v1/events/e1/weather').kind, 'not_found', 'the served table is not changed by the copy');
});

test('the loader refuses operations it cannot route or guard, naming them', () => {
  const withOperation = (operation: Record<string, unknown>) => ({ paths: { '/api/v1/things': { post: { operationId: 'makeThing', ...operation } } } });
  const bearer = [{ bearerKey: [] }, { sessionCookie: [] }];
  assert.throws(() => routesOf(withOperation({ 'x-required-scopes': ['write'], security: bearer })), /POST \/api\/v1\/things: x-service/);
  assert.throws(() => routesOf(withOperation({ 'x-service': 'billing', 'x-required-scopes': ['write'], security: bearer })), /x-service/);
  assert.throws(() => routesOf(withOperation({ 'x-service': 'events', security: bearer })), /needs x-required-scopes/);
  assert.throws(() => routesOf(withOperation({ 'x-service': 'events', 'x-required-scopes': ['fly'], security: bearer })), /x-required-scopes must list/);
  assert.throws(() => routesOf(withOperation({ 'x-service': 'events', 'x-required-scopes': ['read'], security: [] })), /public/);
  assert.throws(() => routesOf(withOperation({ 'x-service': 'events', 'x-required-scopes': ['read'], security: bearer, 'x-after': 'lunch' })), /x-after/);
  assert.deepEqual(routesOf({ ...withOperation({ 'x-service': 'events', 'x-required-scopes': ['write'] }), security: bearer })[0]?.access, {
    kind: 'credential',
    anyOf: ['write'],
  }, 'the document-wide security applies when the operation states none');
});

test('matching: literal segments beat parameters, HEAD follows GET, wrong verbs list the allowed ones', () => {
  const publish = matchRoute('POST', '/api/v1/events/e1/results/publish');
  assert.equal(publish.kind === 'matched' && publish.rule.service, 'results-scoring');
  const head = matchRoute('HEAD', '/api/v1/events/e1');
  assert.equal(head.kind === 'matched' && head.rule.method, 'GET');
  assert.deepEqual(matchRoute('PATCH', '/api/v1/keys'), { kind: 'method_not_allowed', allow: ['GET', 'POST', 'DELETE'] });
  assert.deepEqual(matchRoute('GET', '/api/v1/nothing'), { kind: 'not_found' });
  const create = matchRoute('POST', '/api/v1/organizations');
  assert.equal(create.kind === 'matched' && create.rule.after, 'organization-created');
});
