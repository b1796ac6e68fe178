import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FACT_PAYLOAD_CASE, newFact, type FactType } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { NotificationsContext } from '../app/resources.js';
import { IGNORED_RESULTS_FACTS, resultsConsumer } from './results.consumer.js';

const consumer = resultsConsumer({ config: { DB_SCHEMA: 'notifications' } } as NotificationsContext);
/** A client that fails the test on any query: an ignored fact must not reach the database. */
const untouchable = { query: () => assert.fail('an ignored fact reached the database') } as unknown as PoolClient;
const factOf = (type: FactType) => newFact(type, FACT_PAYLOAD_CASE[type] as never, {} as never, { producer: 'results-scoring', eventId: 'e1' });

test('the results consumer acknowledges by header only facts its handler leaves alone', async () => {
  assert.deepEqual(consumer.ignores, IGNORED_RESULTS_FACTS);
  for (const type of IGNORED_RESULTS_FACTS) await consumer.handle(untouchable, factOf(type), {} as never);
});

test('facts that reach inboxes are not ignored', () => {
  for (const type of ['results.posted', 'results.official', 'protest.lodged', 'hearing.scheduled', 'decision.published'] as const) {
    assert.ok(!(IGNORED_RESULTS_FACTS as readonly string[]).includes(type), `${type} must reach the handler`);
  }
});

test('a fact the handler acts on does reach the database', async () => {
  let queried = false;
  const client = { query: async () => ((queried = true), { rows: [], rowCount: 0 }) } as unknown as PoolClient;
  await consumer.handle(client, factOf('results.official'), {} as never).catch(() => undefined);
  assert.ok(queried, 'results.official queries the fleet and its entrants');
});
