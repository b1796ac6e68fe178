/**
 * A projection's re-score that fails (rescore-keeping-copy.ts): back to the savepoint taken inside the
 * unit when the projection stands, the fallback rendered after it; any other failure, or one before
 * the re-score was asked, goes to the consumer untouched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PoolClient } from '@regatta/db';
import type { FleetChange } from '../../results/app/unit-of-work/fleet-change.js';
import { systemActor } from '../../results/app/unit-of-work/revision-builder.js';
import { rescoreKeepingCopy } from './rescore-keeping-copy.js';

class Unscorable extends Error {}

function harness() {
  const calls: string[] = [];
  const client = { query: async (sql: string) => void calls.push(sql) } as unknown as PoolClient;
  const change = { rescore: (fleetId: string) => void calls.push(`rescore ${fleetId} asked`) } as unknown as FleetChange;
  const failed = {
    keeps: (error: unknown): error is Error => error instanceof Unscorable,
    then: async (error: Error) => void calls.push(`fallback after ${error.message}`),
  };
  return { calls, client, change, failed };
}

const record = { revisions: 'every-race', reason: 'fleet set-up changed by Ann', actor: systemActor(null) } as const;

test('an unscorable re-score goes back to the savepoint taken before it and renders the fallback', async () => {
  const { calls, client, change, failed } = harness();
  await rescoreKeepingCopy(
    client,
    async (askRescore) => {
      calls.push('locks, copy, read');
      await askRescore(change, 'f1', record);
      throw new Unscorable('boat B has no rating');
    },
    failed,
  );
  assert.deepEqual(calls, ['locks, copy, read', 'SAVEPOINT projection_rescore', 'rescore f1 asked', 'ROLLBACK TO SAVEPOINT projection_rescore', 'fallback after boat B has no rating']);
});

test('a failure the projection cannot stand, or one before the re-score was asked, reaches the consumer', async () => {
  const other = harness();
  await assert.rejects(
    rescoreKeepingCopy(other.client, async (askRescore) => {
      await askRescore(other.change, 'f1', record);
      throw new Error('connection lost');
    }, other.failed),
    /connection lost/,
  );
  assert.deepEqual(other.calls, ['SAVEPOINT projection_rescore', 'rescore f1 asked']);

  const early = harness();
  await assert.rejects(rescoreKeepingCopy(early.client, async () => Promise.reject(new Unscorable('before any savepoint')), early.failed), /before any savepoint/);
  assert.deepEqual(early.calls, []);
});
