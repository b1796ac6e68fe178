import assert from 'node:assert/strict';
import { test } from 'node:test';
import { awaitProjection, waitBudget } from './projection-wait.js';

/** A projection that has the value after `appliedAfter` facts; waitFor re-checks once per fact. */
function projection(appliedAfter: number) {
  let applied = 0;
  let lookups = 0;
  const context = {
    async waitFor(check: () => Promise<boolean>, timeoutMs = 0) {
      for (let fact = 0; fact < 10 && timeoutMs > 0; fact += 1) {
        applied += 1;
        if (await check()) return true;
      }
      return false;
    },
  };
  const find = async () => {
    lookups += 1;
    return applied >= appliedAfter ? `row after ${applied}` : undefined;
  };
  return { context, find, lookups: () => lookups };
}

test('a value already projected is returned without waiting (one lookup)', async () => {
  const p = projection(0);
  assert.equal(await awaitProjection(p.context, p.find, 1_000), 'row after 0');
  assert.equal(p.lookups(), 1);
});

test('a missing value is looked up again after each applied fact until found', async () => {
  const p = projection(3);
  assert.equal(await awaitProjection(p.context, p.find, 1_000), 'row after 3');
  assert.equal(p.lookups(), 4);
});

test('no budget means no wait; a value accept refuses is waited past, the last one is returned', async () => {
  const none = projection(3);
  assert.equal(await awaitProjection(none.context, none.find, 0), undefined);
  assert.equal(none.lookups(), 1);
  const p = projection(1);
  assert.equal(await awaitProjection(p.context, p.find, 1_000, (row) => row.endsWith('2')), 'row after 2');
  const never = projection(1);
  assert.equal(await awaitProjection(never.context, never.find, 1_000, () => false), 'row after 10');
});

test('a wait budget counts down from one deadline and never goes below 0', async () => {
  const budget = waitBudget(40);
  assert.ok(budget.remaining() <= 40 && budget.remaining() > 20);
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(budget.remaining(), 0);
});
