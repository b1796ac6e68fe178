/** The projection-wait policy: who waits how long, and what a wait returns. (Pure: a fake waitFor.) */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROJECTION_WAIT, awaitProjection, waitBudget } from './projection-wait.js';

/** A waitFor that polls `check` every 10 ms until it holds or the timeout passes (as the runtime's does). */
function fakeContext(calls: number[] = []) {
  return {
    calls,
    async waitFor(check: () => Promise<boolean>, timeoutMs = 3_000) {
      calls.push(timeoutMs);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (await check()) return true;
        await new Promise((r) => setTimeout(r, 10));
      }
      return false;
    },
  };
}

test('an unknown slug on a read is given up after a short bound, far below the write budget', async () => {
  assert.ok(PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS <= 500);
  assert.ok(PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS < PROJECTION_WAIT.WRITE_MS);
  const context = fakeContext();
  const started = Date.now();
  const found = await awaitProjection(context, async () => undefined, PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS);
  const took = Date.now() - started;
  assert.equal(found, undefined);
  assert.ok(took >= PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS - 20 && took < PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS + 400, `took ${took} ms`);
});

test('a known value is returned at once, without waiting', async () => {
  const context = fakeContext();
  assert.equal(await awaitProjection(context, async () => 'event', PROJECTION_WAIT.WRITE_MS), 'event');
  assert.deepEqual(context.calls, []);
});

test('a value that arrives while waiting is returned; one not accepted is returned as last seen', async () => {
  let polls = 0;
  const arriving = await awaitProjection(fakeContext(), async () => (++polls >= 3 ? { eventId: 'e1' } : undefined), 1_000);
  assert.deepEqual(arriving, { eventId: 'e1' });
  const other = await awaitProjection(fakeContext(), async () => ({ eventId: 'e2' }), 50, (race) => race.eventId === 'e1');
  assert.deepEqual(other, { eventId: 'e2' });
});

test('one budget is shared by every wait of a request', async () => {
  const budget = waitBudget(200);
  await new Promise((r) => setTimeout(r, 120));
  assert.ok(budget.remaining() <= 80 && budget.remaining() >= 0);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(budget.remaining(), 0);
});
