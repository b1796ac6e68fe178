import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentedRequestDifferences, requestBodySchema, shapeDifferences } from './request-shape.js';

/** What a zod parser of createOrganization's body gives as input JSON Schema (abridged). */
const parser = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    type: { type: 'string', enum: ['yacht-club', 'sailing-club', 'race-committee', 'association'] },
    founded: { anyOf: [{ type: 'integer', minimum: 1000 }, { type: 'null' }] },
    tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 20 } },
  },
});
const documented = () => ({
  type: 'object',
  additionalProperties: false,
  required: ['type', 'name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, description: 'prose is not compared' },
    type: { type: 'string', enum: ['association', 'race-committee', 'sailing-club', 'yacht-club'] },
    founded: { type: ['integer', 'null'], minimum: 1000 },
    tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 20 } },
  },
});

test('the same request stated two ways agrees: nullability as a type list or a null branch, order of names', () => {
  assert.deepEqual(shapeDifferences(documented(), parser()), []);
});

test('each kind of drift is named with its place', () => {
  const drift = parser();
  drift.required = ['name'];
  drift.properties.name.maxLength = 100;
  drift.properties.type.enum = ['yacht-club'];
  drift.properties.founded = { anyOf: [{ type: 'integer', minimum: 1000 }] } as never;
  drift.properties.tags.items.maxLength = 30;
  (drift.properties as Record<string, unknown>)['colour'] = { type: 'string' };
  drift.additionalProperties = true as never;
  assert.deepEqual(shapeDifferences(documented(), drift), [
    'body: properties founded,name,tags,type in the document, colour,founded,name,tags,type in the parser',
    'body: required name,type in the document, name in the parser',
    'body: closed (additionalProperties: false) in one only',
    'body.name: maxLength 200 in the document, 100 in the parser',
    'body.type: enum association,race-committee,sailing-club,yacht-club in the document, yacht-club in the parser',
    'body.founded: nullable in the document, not nullable in the parser',
    'body.tags[]: maxLength 20 in the document, 30 in the parser',
  ]);
});

test('request bodies come from the merged document with their $refs resolved', () => {
  const body = requestBodySchema('createOrganization');
  assert.ok((body['required'] as string[]).includes('name'));
  assert.equal(((body['properties'] as Record<string, Record<string, unknown>>)['address']!)['$ref'], undefined);
  assert.throws(() => requestBodySchema('noSuchOperation'), /no operation noSuchOperation/);
  assert.throws(() => requestBodySchema('getHealth'), /getHealth has no JSON request body/);
});

test('differences are listed per operation', () => {
  const document = { paths: { '/things': { post: { operationId: 'makeThing', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } } }, components: { schemas: { Thing: documented() } } };
  assert.deepEqual(documentedRequestDifferences({ makeThing: parser() }, document), []);
  assert.deepEqual(documentedRequestDifferences({ makeThing: { ...parser(), required: [] } }, document), ['makeThing body: required name,type in the document,  in the parser']);
});
