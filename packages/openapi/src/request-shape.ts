/**
 * The document is the source of the request contract; a service's parser (zod) is checked against it.
 * `requestBodySchema` gives an operation's JSON request body schema with its `$ref`s resolved, and
 * `shapeDifferences` compares it with another JSON Schema (a zod schema's `z.toJSONSchema(schema,
 * { io: 'input' })`): property names, required names, closed objects, types and nullability, enum
 * values and string length bounds, recursively. What JSON Schema cannot state (trimming, cross-field
 * rules, the problem a refusal maps to) stays in the parser and is not compared.
 */
import { loadOpenApiDocument } from './load.js';

export type Schema = Record<string, unknown>;

export const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with every local `$ref` replaced by what it names (siblings of a `$ref` kept over it). */
export function resolve(document: Schema, value: unknown, seen: Set<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(document, item, seen));
  if (!isObject(value)) return value;
  const ref = value['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.has(ref)) throw new Error(`recursive $ref ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    const { $ref: _ref, ...siblings } = value;
    return { ...(resolve(document, target, new Set([...seen, ref])) as Schema), ...(resolve(document, siblings, seen) as Schema) };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(document, item, seen)]));
}

/** The JSON request body schema of an operation, `$ref`s resolved; throws when it has none. */
export function requestBodySchema(operationId: string, document: Schema = loadOpenApiDocument()): Schema {
  for (const item of Object.values((document['paths'] ?? {}) as Record<string, Schema>)) {
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || operation['operationId'] !== operationId) continue;
      const body = resolve(document, operation['requestBody']) as Schema | undefined;
      const schema = (body?.['content'] as Record<string, Schema> | undefined)?.['application/json']?.['schema'];
      if (!isObject(schema)) throw new Error(`${operationId} has no JSON request body`);
      return schema;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

interface Normal {
  types: string[];
  nullable: boolean;
  variant: Schema;
}

/** Folds `type: [x, 'null']`, `anyOf`/`oneOf` with a `{type: 'null'}` branch and `nullable` into one flag. */
function normal(schema: Schema): Normal {
  const branches = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const others = branches.filter((branch) => branch['type'] !== 'null');
    const nullable = others.length < branches.length;
    if (others.length === 1) {
      const inner = normal({ ...schema, anyOf: undefined, oneOf: undefined, ...others[0] });
      return { ...inner, nullable: inner.nullable || nullable };
    }
    return { types: ['union'], nullable, variant: schema };
  }
  const type = schema['type'];
  const types = (Array.isArray(type) ? type : type === undefined ? [] : [type]).map(String);
  return { types: types.filter((name) => name !== 'null').sort(), nullable: types.includes('null') || schema['nullable'] === true, variant: schema };
}

const sorted = (values: unknown): string[] => (Array.isArray(values) ? values.map(String).sort() : []);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Where `actual` states the request differently from `expected` (the document), one line per place. */
export function shapeDifferences(expected: Schema, actual: Schema, path = 'body'): string[] {
  const want = normal(expected);
  const got = normal(actual);
  const problems: string[] = [];
  // A union of several shapes (a number or a decimal string; a url or a body) is not compared further.
  if (want.types.includes('union') || got.types.includes('union')) return problems;
  const integerAsNumber = (types: string[]) => types.map((type) => (type === 'integer' ? 'number' : type));
  if (want.types.length > 0 && got.types.length > 0 && !same(integerAsNumber(want.types), integerAsNumber(got.types))) {
    problems.push(`${path}: type ${want.types.join('|')} in the document, ${got.types.join('|')} in the parser`);
  }
  if (want.nullable !== got.nullable) problems.push(`${path}: ${want.nullable ? 'nullable' : 'not nullable'} in the document, ${got.nullable ? 'nullable' : 'not nullable'} in the parser`);
  const w = want.variant;
  const g = got.variant;
  // Enum values without null (nullability is compared above); a parser that normalizes its input
  // (a code in any case) states no enum, and is not compared.
  const values = (schema: Schema) => sorted((schema['enum'] as unknown[]).filter((value) => value !== null));
  if (w['enum'] !== undefined && g['enum'] !== undefined && !same(values(w), values(g))) problems.push(`${path}: enum ${values(w)} in the document, ${values(g)} in the parser`);
  for (const bound of ['maxLength', 'maxItems'] as const) {
    if (w[bound] !== g[bound]) problems.push(`${path}: ${bound} ${String(w[bound])} in the document, ${String(g[bound])} in the parser`);
  }
  const wantProperties = (w['properties'] ?? {}) as Record<string, Schema>;
  const gotProperties = (g['properties'] ?? {}) as Record<string, Schema>;
  if (w['properties'] || g['properties']) {
    if (!same(Object.keys(wantProperties).sort(), Object.keys(gotProperties).sort())) {
      problems.push(`${path}: properties ${Object.keys(wantProperties).sort()} in the document, ${Object.keys(gotProperties).sort()} in the parser`);
    }
    if (!same(sorted(w['required']), sorted(g['required']))) problems.push(`${path}: required ${sorted(w['required'])} in the document, ${sorted(g['required'])} in the parser`);
    if ((w['additionalProperties'] === false) !== (g['additionalProperties'] === false)) problems.push(`${path}: closed (additionalProperties: false) in one only`);
    for (const name of Object.keys(wantProperties)) {
      if (gotProperties[name]) problems.push(...shapeDifferences(wantProperties[name]!, gotProperties[name]!, `${path}.${name}`));
    }
  }
  if (isObject(w['items']) && isObject(g['items'])) problems.push(...shapeDifferences(w['items'], g['items'], `${path}[]`));
  return problems;
}

/**
 * Every difference between the request bodies the document states and a service's parsers, given as
 * operationId -> the parser's input JSON Schema; an empty list when they agree.
 */
export function documentedRequestDifferences(parsers: Record<string, Schema>, document: Schema = loadOpenApiDocument()): string[] {
  return Object.entries(parsers).flatMap(([operationId, parser]) =>
    shapeDifferences(requestBodySchema(operationId, document), parser).map((difference) => `${operationId} ${difference}`),
  );
}
