import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyFolded, applyOutcome, foldOutcomes, type WebhookHealth } from './failures.js';

const fresh: WebhookHealth = { failureCount: 0, active: true, lastTriggeredAt: null };

function failTimes(start: WebhookHealth, times: number): WebhookHealth {
  let state = start;
  for (let index = 0; index < times; index += 1) state = applyOutcome(state, { kind: 'failed' });
  return state;
}

test('nine failed deliveries leave the webhook active with failureCount 9', () => {
  assert.deepEqual(failTimes(fresh, 9), { failureCount: 9, active: true, lastTriggeredAt: null });
});

test('the tenth consecutive failure disables it', () => {
  assert.deepEqual(failTimes(fresh, 10), { failureCount: 10, active: false, lastTriggeredAt: null });
});

test('a success resets the count and sets lastTriggeredAt; failures then count from zero', () => {
  const at = new Date('2024-06-01T12:00:00Z');
  const afterNine = failTimes(fresh, 9);
  const recovered = applyOutcome(afterNine, { kind: 'succeeded', at });
  assert.deepEqual(recovered, { failureCount: 0, active: true, lastTriggeredAt: at });
  assert.deepEqual(failTimes(recovered, 9), { failureCount: 9, active: true, lastTriggeredAt: at });
});

test('a success does not re-activate a disabled webhook (only PATCH active true does)', () => {
  const disabled = failTimes(fresh, 10);
  assert.equal(applyOutcome(disabled, { kind: 'succeeded', at: new Date(0) }).active, false);
});

test('a batch of outcomes folds into one update equal to applying them one by one', () => {
  const at = new Date('2024-06-01T12:00:00Z');
  const start: WebhookHealth = { failureCount: 4, active: true, lastTriggeredAt: null };
  const cases: Array<[Array<'succeeded' | 'failed'>, { reset: boolean; failures: number }, number]> = [
    [[], { reset: false, failures: 0 }, 4],
    [['failed', 'failed'], { reset: false, failures: 2 }, 6],
    [['failed', 'succeeded'], { reset: true, failures: 0 }, 0],
    [['succeeded', 'failed', 'failed', 'failed'], { reset: true, failures: 3 }, 3],
    [['failed', 'succeeded', 'failed', 'succeeded', 'failed'], { reset: true, failures: 1 }, 1],
  ];
  for (const [outcomes, fold, count] of cases) {
    assert.deepEqual(foldOutcomes(outcomes), fold, outcomes.join(','));
    const oneByOne = outcomes.reduce((state, kind) => applyOutcome(state, kind === 'succeeded' ? { kind, at } : { kind }), start);
    assert.deepEqual(applyFolded(start, fold, at), oneByOne, outcomes.join(','));
    assert.equal(oneByOne.failureCount, count);
  }
  // Six failures on top of 4 cross the threshold of 10 within the batch: disabled, as one by one.
  assert.deepEqual(applyFolded(start, foldOutcomes(Array(6).fill('failed')), at), { failureCount: 10, active: false, lastTriggeredAt: null });
});
