import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { documentedRequestDifferences } from '@regatta/openapi';
import { createBody, updateBody } from './organizations.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  assert.deepEqual(documentedRequestDifferences({ createOrganization: input(createBody), updateOrganization: input(updateBody) }), []);
});
