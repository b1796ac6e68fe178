import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from './problem';

// query.ts creates the QueryClient on import; the retry rule is what carries a decision.
const { shouldRetry } = await import('./query');

test('refusals (4xx) are final; dropped connections and 5xx are retried twice', () => {
  assert.equal(shouldRetry(0, new ApiError(400, { code: 'validation_failed' })), false);
  assert.equal(shouldRetry(0, new ApiError(404, { code: 'not_found' })), false);
  assert.equal(shouldRetry(0, new ApiError(0, { code: 'network_error' })), true);
  assert.equal(shouldRetry(1, new ApiError(503, { code: 'unavailable' })), true);
  assert.equal(shouldRetry(2, new ApiError(503, { code: 'unavailable' })), false);
});
