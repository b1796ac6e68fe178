import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, queryOperationsOf } from '@regatta/openapi';
import { dayQuery } from '../modules/tally/http/tally.schemas.js';
import { reconciliationQuery } from './capture.schemas.js';

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const parsers = {
    exportTally: queryShape(dayQuery),
    getFinishReconciliation: queryShape(reconciliationQuery),
    getMyTally: queryShape(dayQuery),
    getTallyBoard: queryShape(dayQuery),
  };
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('race-capture'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});
