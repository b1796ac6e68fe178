import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, queryOperationsOf } from '@regatta/openapi';
import { logQuery, pushEndpointQuery, unsubscribeQuery } from './notifications.schemas.js';

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const parsers = {
    getPushSubscription: queryShape(pushEndpointQuery),
    listNotificationMessages: queryShape(logQuery),
    showUnsubscribe: queryShape(unsubscribeQuery),
    unsubscribe: queryShape(unsubscribeQuery),
    unsubscribeFromPush: queryShape(pushEndpointQuery),
  };
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('notifications'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});
