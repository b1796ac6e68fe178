/**
 * Query parameters are checked like request bodies (request-shape.ts): the document states them once,
 * a service's parser (zod, as JSON Schema through `@regatta/http` queryShape) is compared with it.
 * Compared per operation: the parameter names, which are required, and per parameter its type
 * (an integer from queryInt states "integer"), nullability, enum values, maxLength and maxItems, and
 * its minimum, maximum and default. Patterns and formats stay the parser's (a trimmed non-blank text,
 * a date-time) and are not compared.
 */
import { loadOpenApiDocument } from './load.js';
import { isObject, resolve, shapeDifferences, type Schema } from './request-shape.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

interface DocumentedOperation {
  operationId: string;
  service: unknown;
  query: Schema[];
}

function operations(document: Schema): DocumentedOperation[] {
  return Object.values((document['paths'] ?? {}) as Record<string, Schema>).flatMap((item) => {
    const shared = (item['parameters'] ?? []) as unknown[];
    return METHODS.flatMap((method) => {
      const operation = item[method];
      if (!isObject(operation) || typeof operation['operationId'] !== 'string') return [];
      const parameters = resolve(document, [...shared, ...((operation['parameters'] ?? []) as unknown[])]) as Schema[];
      return [{ operationId: operation['operationId'], service: operation['x-service'], query: parameters.filter((parameter) => parameter['in'] === 'query') }];
    });
  });
}

/** The query parameters of an operation as one object schema (names, required, each one's schema); throws for an unknown operation. */
export function queryParametersSchema(operationId: string, document: Schema = loadOpenApiDocument()): Schema {
  const operation = operations(document).find((one) => one.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return {
    type: 'object',
    properties: Object.fromEntries(operation.query.map((parameter) => [String(parameter['name']), (parameter['schema'] ?? {}) as Schema])),
    required: operation.query.filter((parameter) => parameter['required'] === true).map((parameter) => String(parameter['name'])),
  };
}

/** The operations of a service (`x-service`) that take query parameters: each needs a parser in the service's check. */
export function queryOperationsOf(service: string, document: Schema = loadOpenApiDocument()): string[] {
  return operations(document)
    .filter((operation) => operation.service === service && operation.query.length > 0)
    .map((operation) => operation.operationId)
    .sort();
}

const sorted = (values: unknown): string[] => (Array.isArray(values) ? values.map(String).sort() : []);

/** Where a parser's query parameters differ from the document's, one line per place. */
export function queryDifferences(expected: Schema, actual: Schema): string[] {
  const want = (expected['properties'] ?? {}) as Record<string, Schema>;
  const got = (actual['properties'] ?? {}) as Record<string, Schema>;
  const problems: string[] = [];
  const [wantNames, gotNames] = [Object.keys(want).sort(), Object.keys(got).sort()];
  if (wantNames.join() !== gotNames.join()) problems.push(`query: parameters ${wantNames} in the document, ${gotNames} in the parser`);
  if (sorted(expected['required']).join() !== sorted(actual['required']).join()) problems.push(`query: required ${sorted(expected['required'])} in the document, ${sorted(actual['required'])} in the parser`);
  for (const name of wantNames) {
    const [w, g] = [want[name]!, got[name]];
    if (!g) continue;
    problems.push(...shapeDifferences(w, g, `query.${name}`));
    for (const key of ['minimum', 'maximum', 'default'] as const) {
      if (JSON.stringify(w[key]) !== JSON.stringify(g[key])) problems.push(`query.${name}: ${key} ${JSON.stringify(w[key])} in the document, ${JSON.stringify(g[key])} in the parser`);
    }
  }
  return problems;
}

/**
 * Every difference between the query parameters the document states and a service's parsers, given as
 * operationId -> the parser's JSON Schema (queryShape); an empty list when they agree.
 */
export function documentedQueryDifferences(parsers: Record<string, Schema>, document: Schema = loadOpenApiDocument()): string[] {
  return Object.entries(parsers).flatMap(([operationId, parser]) =>
    queryDifferences(queryParametersSchema(operationId, document), parser).map((difference) => `${operationId} ${difference}`),
  );
}
