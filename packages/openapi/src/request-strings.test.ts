/**
 * Every non-empty string a client sends states what "non-empty" means. The services trim names, ids
 * and texts before checking them (zod `.trim().min(1)`), so " " or "\t" is refused with 400; a
 * schema that says only `minLength: 1` lets a client (and schemathesis) send exactly that in good
 * faith. Such strings carry `pattern: '[^\s\uFEFF]'` (at least one character that is not blank), or
 * are closed by `enum`, `const` or a `format` the server checks. The few strings taken as they are
 * (a password, an id looked up as sent) are listed here, so a new one is a decision, not an accident.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOpenApiDocument } from './index.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strings that are not trimmed by the server: sent as they are, so any non-empty value fits. */
const TAKEN_AS_SENT = new Set([
  // Passwords: every character counts, blanks included.
  'POST /api/v1/auth/login body.password',
  'POST /api/v1/auth/signup body.password',
  'POST /api/v1/auth/password-reset/confirm body.password',
  // Ids looked up as sent: any other value is a 404.
  'DELETE /api/v1/embed-tokens query.id',
  'DELETE /api/v1/keys query.id',
  // Race ids matched against the fleet's races as sent (one without results is `results_not_submitted`).
  'POST /api/v1/events/{slug}/fleets/{fleetId}/results/official body.races[]',
  'POST /api/v1/events/{slug}/fleets/{fleetId}/results/publish body.races[]',
  // Looked up in the IANA database as sent (one that is not there is `unknown_time_zone`).
  'PUT /api/v1/events/{slug}/results/protest-time-limit body.timeZone',
  'POST /api/v1/events body.timeZone',
  'PUT /api/v1/events/{slug} body.timeZone',
]);

function resolve(document: Json, schema: unknown): unknown {
  let current = schema;
  for (let hops = 0; isObject(current) && typeof current['$ref'] === 'string' && hops < 20; hops++) {
    const ref = current['$ref'] as string;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
  }
  return current;
}

function blankAllowed(schema: Json): boolean {
  const types = Array.isArray(schema['type']) ? (schema['type'] as unknown[]) : [schema['type']];
  if (!types.includes('string')) return false;
  if (typeof schema['minLength'] !== 'number' || schema['minLength'] < 1) return false;
  return schema['pattern'] === undefined && schema['enum'] === undefined && schema['const'] === undefined && schema['format'] === undefined;
}

function walk(document: Json, schema: unknown, at: string, found: string[], seen: Set<unknown>): void {
  const node = resolve(document, schema);
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  if (blankAllowed(node)) found.push(at);
  for (const [key, child] of Object.entries((node['properties'] ?? {}) as Json)) walk(document, child, `${at}.${key}`, found, seen);
  if (node['items'] !== undefined) walk(document, node['items'], `${at}[]`, found, seen);
  if (isObject(node['additionalProperties'])) walk(document, node['additionalProperties'], `${at}{}`, found, seen);
  for (const combinator of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = node[combinator];
    if (Array.isArray(options)) options.forEach((option, index) => walk(document, option, `${at}|${index}`, found, new Set(seen)));
  }
  seen.delete(node);
}

function blankAcceptingInputs(document: Json): string[] {
  const found: string[] = [];
  for (const [path, item] of Object.entries((document['paths'] ?? {}) as Json)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || !['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const parameters = [...((item['parameters'] as unknown[]) ?? []), ...((operation['parameters'] as unknown[]) ?? [])];
      for (const raw of parameters) {
        const parameter = resolve(document, raw);
        if (isObject(parameter)) walk(document, parameter['schema'], `${where} ${String(parameter['in'])}.${String(parameter['name'])}`, found, new Set());
      }
      const body = resolve(document, operation['requestBody']);
      const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
      const json = content['application/json'];
      if (isObject(json)) walk(document, json['schema'], `${where} body`, found, new Set());
    }
  }
  return found.sort();
}

test('every non-empty request string says that blank is not enough (pattern, enum or format), or is listed as taken as sent', () => {
  const found = blankAcceptingInputs(loadOpenApiDocument());
  assert.deepEqual(found.filter((at) => !TAKEN_AS_SENT.has(at)), []);
});

test('the check finds a trimmed string that states only minLength (it can fail)', () => {
  const document: Json = {
    paths: {
      '/things': {
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, pattern: '[^\\s\\uFEFF]' },
            ids: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 } },
            code: { type: ['string', 'null'], minLength: 1, enum: ['a', null] },
          },
        },
      },
    },
  };
  assert.deepEqual(blankAcceptingInputs(document), ['POST /things body.ids[]']);
});
