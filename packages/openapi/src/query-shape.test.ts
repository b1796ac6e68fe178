import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentedQueryDifferences, queryOperationsOf, queryParametersSchema } from './query-shape.js';

/** A list operation stated as the spec fragments state one: a shared parameter by $ref, one of its own. */
const document = () => ({
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        'x-service': 'things',
        parameters: [{ $ref: '#/components/parameters/Limit' }, { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200, pattern: '[^\\s]' } }, { name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
      },
      post: { operationId: 'makeThing', 'x-service': 'things' },
    },
    '/things/{id}': { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], delete: { operationId: 'dropThing', 'x-service': 'things', parameters: [{ name: 'reason', in: 'query', required: true, schema: { type: 'string' } }] } },
  },
  components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, description: 'prose is not compared' } } },
});

/** What `queryShape` gives for the zod parser of listThings (queryInt(1, 100).default(20), a trimmed search text). */
const parser = () => ({ type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, q: { type: 'string', minLength: 1, maxLength: 200 } } });

test('the query parameters of an operation: its own and its path item\'s, $refs resolved, headers and path parameters left out', () => {
  assert.deepEqual(queryParametersSchema('listThings', document()), {
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, q: { type: 'string', maxLength: 200, pattern: '[^\\s]' } },
    required: [],
  });
  assert.deepEqual(queryParametersSchema('dropThing', document())['required'], ['reason']);
  assert.throws(() => queryParametersSchema('noSuchThing', document()), /no operation noSuchThing/);
  assert.deepEqual(queryOperationsOf('things', document()), ['dropThing', 'listThings']);
});

test('a parser stating the documented parameters agrees; patterns and lengths the document leaves open are not compared', () => {
  assert.deepEqual(documentedQueryDifferences({ listThings: parser() }, document()), []);
});

test('each kind of drift is named: a parameter on one side only, required, type, bounds, default, length', () => {
  const drift = parser();
  drift.properties.limit = { type: 'integer', minimum: 0, maximum: 500, default: 50 };
  (drift.properties as Record<string, unknown>)['q'] = { type: 'string', maxLength: 100 };
  (drift.properties as Record<string, unknown>)['sort'] = { type: 'string' };
  (drift as Record<string, unknown>)['required'] = ['sort'];
  assert.deepEqual(documentedQueryDifferences({ listThings: drift }, document()), [
    'listThings query: parameters limit,q in the document, limit,q,sort in the parser',
    'listThings query: required  in the document, sort in the parser',
    'listThings query.limit: minimum 1 in the document, 0 in the parser',
    'listThings query.limit: maximum 100 in the document, 500 in the parser',
    'listThings query.limit: default 20 in the document, 50 in the parser',
    'listThings query.q: maxLength 200 in the document, 100 in the parser',
  ]);
  // An integer read as text without queryInt's documented form is a type difference.
  assert.deepEqual(documentedQueryDifferences({ listThings: { ...parser(), properties: { ...parser().properties, limit: { type: 'string' } } } }, document()), [
    'listThings query.limit: type integer in the document, string in the parser',
    'listThings query.limit: minimum 1 in the document, undefined in the parser',
    'listThings query.limit: maximum 100 in the document, undefined in the parser',
    'listThings query.limit: default 20 in the document, undefined in the parser',
  ]);
});
