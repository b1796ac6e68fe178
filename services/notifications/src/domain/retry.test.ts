import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideAfterSend, isPermanentRefusal } from './retry.js';

test('a 5xx refusal is permanent at the first attempt; a 4xx is retried on the schedule', () => {
  assert.equal(isPermanentRefusal(550), true);
  assert.equal(isPermanentRefusal(451), false);
  assert.equal(isPermanentRefusal(undefined), false);
  assert.deepEqual(decideAfterSend(1, { kind: 'refused', responseCode: 550, error: '550 no such mailbox' }), {
    kind: 'failed',
    error: 'refused: 550 no such mailbox',
  });
  // Attempt 1 fails with 451: retry 5 s later; attempt 3 fails: the third delay, 2 min.
  assert.deepEqual(decideAfterSend(1, { kind: 'refused', responseCode: 451, error: 'try later' }), { kind: 'retry', delayMs: 5_000 });
  assert.deepEqual(decideAfterSend(3, { kind: 'refused', responseCode: undefined, error: 'ECONNREFUSED' }), { kind: 'retry', delayMs: 120_000 });
});

test('after five retries (the sixth attempt) a temporary refusal is recorded as failed', () => {
  assert.deepEqual(decideAfterSend(5, { kind: 'refused', responseCode: 421, error: 'busy' }), { kind: 'retry', delayMs: 3_600_000 });
  const last = decideAfterSend(6, { kind: 'refused', responseCode: 421, error: 'busy' });
  assert.equal(last.kind, 'failed');
});

test('a person without an address fails at once; a success is sent', () => {
  assert.equal(decideAfterSend(1, { kind: 'no_address' }).kind, 'failed');
  assert.deepEqual(decideAfterSend(2, { kind: 'sent' }), { kind: 'sent' });
});
