import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { documentedRequestDifferences } from '@regatta/openapi';
import { submitResultsBody } from './results.schemas.js';

test('the preview parses the body the OpenAPI document states for previewRaceResults (a submission)', () => {
  const input = z.toJSONSchema(submitResultsBody, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  assert.deepEqual(documentedRequestDifferences({ previewRaceResults: input }), []);
});
