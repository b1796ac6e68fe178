/**
 * withTransaction runs a deadlock victim again: two transactions that take the same two advisory
 * locks in opposite orders (as two scoring paths once did with a fleet and a series lock) both
 * commit, one of them on its second attempt; an error that is not retryable is thrown at once.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createPool, withTransaction, type Pool } from '@regatta/db';
import { infraFromEnv } from '@regatta/testing';

let pool: Pool;

before(() => {
  pool = createPool({ databaseUrl: infraFromEnv().databaseUrl, schema: 'public', applicationName: 'deadlock-retry-test' });
});

after(async () => {
  await pool.end();
});

test('a deadlock victim is run again and both transactions commit', async () => {
  const [first, second] = [Math.floor(Math.random() * 1e9), Math.floor(Math.random() * 1e9) + 1e9];
  let attempts = 0;
  let bothHoldOne: () => void = () => {};
  const holding = new Promise<void>((resolve) => {
    let count = 0;
    bothHoldOne = () => {
      count += 1;
      if (count === 2) resolve();
    };
  });
  const lockBoth = (a: number, b: number) =>
    withTransaction(pool, async (client) => {
      attempts += 1;
      await client.query('SELECT pg_advisory_xact_lock($1)', [a]);
      bothHoldOne();
      await holding; // both hold their first lock before either asks for its second
      await client.query('SELECT pg_advisory_xact_lock($1)', [b]);
      return 'committed';
    });
  const results = await Promise.all([lockBoth(first, second), lockBoth(second, first)]);
  assert.deepEqual(results, ['committed', 'committed']);
  assert.equal(attempts, 3, 'two first attempts, one of them the deadlock victim, and its second attempt');
});

test('an error that is not a deadlock or serialization failure is not retried', async () => {
  let attempts = 0;
  await assert.rejects(
    withTransaction(pool, async (client) => {
      attempts += 1;
      await client.query('SELECT 1/0');
    }),
    /division by zero/,
  );
  assert.equal(attempts, 1);
});
