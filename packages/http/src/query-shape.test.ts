import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { queryInt, queryOffset, queryShape } from './query.js';

test('a query parser as the document states it: integers with their bounds and defaults, required names, enums', () => {
  const parser = z.object({ limit: queryInt(1, 100).default(20), offset: queryOffset(), kind: z.enum(['a', 'b']).optional(), id: z.string().min(1) });
  assert.deepEqual(queryShape(parser), {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
      kind: { type: 'string', enum: ['a', 'b'] },
      id: { type: 'string', minLength: 1 },
    },
    required: ['id'],
  });
  // The documented form changes nothing of the parsing: digits in, a number out.
  assert.deepEqual(parser.parse({ limit: '7', id: 'x' }), { limit: 7, offset: 0, id: 'x' });
});
