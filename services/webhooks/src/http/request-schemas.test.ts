import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, documentedRequestDifferences, queryOperationsOf } from '@regatta/openapi';
import { deliveriesQuery } from './deliveries.schemas.js';
import { createWebhookBody, listQuery, updateWebhookBody } from './webhooks.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  assert.deepEqual(documentedRequestDifferences({ createWebhook: input(createWebhookBody), updateWebhook: input(updateWebhookBody) }), []);
});

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const parsers = {
    listWebhookDeliveries: queryShape(deliveriesQuery),
    listWebhooks: queryShape(listQuery),
  };
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('webhooks'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});
