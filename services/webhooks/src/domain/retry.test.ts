import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RETRY_DELAYS_MS, attemptOffsets, decideAfterAttempt, isSuccessStatus } from './retry.js';

test('a failing event delivery is retried 3 times after 1 s, 5 s and 30 s, then fails', () => {
  const delays = DEFAULT_RETRY_DELAYS_MS;
  assert.deepEqual(decideAfterAttempt(1, false, delays), { kind: 'retry', delayMs: 1000, nextAttempt: 2 });
  assert.deepEqual(decideAfterAttempt(2, false, delays), { kind: 'retry', delayMs: 5000, nextAttempt: 3 });
  assert.deepEqual(decideAfterAttempt(3, false, delays), { kind: 'retry', delayMs: 30000, nextAttempt: 4 });
  assert.deepEqual(decideAfterAttempt(4, false, delays), { kind: 'failed' });
  assert.deepEqual(decideAfterAttempt(3, true, delays), { kind: 'succeeded' });
  // Instant failures: attempts at 0, 1, 6 and 36 seconds.
  assert.deepEqual(attemptOffsets(delays), [0, 1000, 6000, 36000]);
});

test('manual deliveries (ping, redeliver) get one attempt', () => {
  assert.deepEqual(decideAfterAttempt(1, false, DEFAULT_RETRY_DELAYS_MS, 0), { kind: 'failed' });
});

test('configured delays change the schedule and the number of retries', () => {
  assert.deepEqual(attemptOffsets([100, 200]), [0, 100, 300]);
  assert.deepEqual(decideAfterAttempt(3, false, [100, 200]), { kind: 'failed' });
});

test('only 2xx counts as success; redirects are failures', () => {
  assert.deepEqual([200, 204, 299, 301, 302, 304, 400, 500, undefined].map(isSuccessStatus), [true, true, true, false, false, false, false, false, false]);
});
