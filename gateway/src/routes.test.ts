/**
 * The route table and the OpenAPI document state the same rules: every documented operation is
 * routed; every routed operation that is documented names the same scopes (x-required-scopes), the
 * same credential kinds (security) and the embed-token allowance.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOpenApiDocument } from '@regatta/openapi';
import { isPublicPath } from './public-door.js';
import { ROUTES, matchRoute } from './routes.js';

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

test('documented routes state the same scopes, credentials and embed allowance as the table', () => {
  const problems: string[] = [];
  for (const rule of ROUTES.filter((route) => route.service !== 'gateway')) {
    const operation = document.paths[template(rule.path)]?.[rule.method.toLowerCase()];
    if (!operation) continue; // that area's document is not written yet
    const name = `${rule.method} ${rule.path}`;
    const scopes = [...(operation['x-required-scopes'] ?? [])].sort();
    const security = (operation.security ?? document.security ?? []).flatMap((entry) => Object.keys(entry)).sort();
    const access = rule.access;
    if (access.kind === 'credential') {
      if (JSON.stringify(scopes) !== JSON.stringify([...access.anyOf].sort())) problems.push(`${name}: x-required-scopes ${scopes} vs ${access.anyOf}`);
      if (security.includes('embedToken') !== Boolean(access.embed)) problems.push(`${name}: embedToken in security is ${security.includes('embedToken')}, table says ${Boolean(access.embed)}`);
      if (!security.includes('bearerKey')) problems.push(`${name}: bearerKey missing from security`);
    } else if (access.kind === 'session') {
      if (scopes.length > 0) problems.push(`${name}: session route documents scopes ${scopes}`);
      if (JSON.stringify(security) !== JSON.stringify(['sessionCookie'])) problems.push(`${name}: security ${security}, expected sessionCookie only`);
    } else if (security.length > 0) {
      problems.push(`${name}: public route documents security ${security}`);
    }
  }
  assert.deepEqual(problems, []);
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
