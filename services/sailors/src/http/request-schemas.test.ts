import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { documentedRequestDifferences } from '@regatta/openapi';
import { changeListBody, createListBody, factorBody, publishBody, sailorRecordBody } from './rankings.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  const parsers = { createRanking: input(createListBody), changeRanking: input(changeListBody), setRankingFactor: input(factorBody), publishRanking: input(publishBody), putSailorRecord: input(sailorRecordBody) };
  assert.deepEqual(documentedRequestDifferences(parsers), []);
});
