/**
 * Retention at the store level, on a schema of its own (migrated with this service's migrations) in
 * the test database: what is older than the retention period goes, pending retries and anything with
 * recent history stay. Needs only PostgreSQL (E2E_DATABASE_URL under the harness, else DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { createPool, migrate, type Pool } from '@regatta/db';
import { createLogger } from '@regatta/logging';
import { infraFromEnv } from '@regatta/testing';
import { pruneDeliveries } from '../src/app/prune-deliveries.js';
import { pruneOlderThan } from '../src/store/retention.js';

const databaseUrl = process.env['E2E_DATABASE_URL'] ?? infraFromEnv().databaseUrl;
const schema = `webhooks_retention_${randomBytes(4).toString('hex')}`;
const DAY = 86_400_000;
const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
let pool: Pool;

before(async () => {
  await migrate(databaseUrl, schema, [{ dir: fileURLToPath(new URL('../migrations', import.meta.url)), table: 'pgmigrations' }]);
  pool = createPool({ databaseUrl, schema, max: 2 });
});

after(async () => {
  await pool?.query(`DROP SCHEMA ${schema} CASCADE`);
  await pool?.end();
});

async function webhook(): Promise<string> {
  const id = randomUUID();
  await pool.query(`INSERT INTO webhooks (id, organization_id, url, events, secret_sealed) VALUES ($1, $2, 'https://hooks.example.org/x', '{results.updated}', 'v1:x')`, [id, randomUUID()]);
  return id;
}

async function message(receivedAt: Date, routed = true): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO messages (id, event_type, organization_id, event_id, body, created_at, received_at, routed) VALUES ($1, 'results.updated', $2, $3, '{}', $4, $4, $5)`,
    [id, routed ? randomUUID() : null, randomUUID(), receivedAt, routed],
  );
  return id;
}

async function task(webhookId: string, messageId: string, kind: string, status: string, completedAt: Date | null): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO delivery_tasks (id, webhook_id, message_id, kind, status, attempts, created_at, completed_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8)`,
    [id, webhookId, messageId, kind, status, completedAt ?? daysAgo(0), completedAt, status === 'pending' ? NOW : daysAgo(0)],
  );
  return id;
}

async function attempt(taskId: string, webhookId: string, messageId: string, at: Date): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `INSERT INTO delivery_attempts (id, task_id, webhook_id, message_id, event_type, kind, attempt, success, status_code, duration_ms, attempted_at)
     VALUES ($1, $2, $3, $4, 'results.updated', 'event', 1, true, 204, 12, $5)`,
    [id, taskId, webhookId, messageId, at],
  );
  return id;
}

const ids = async (table: string) => new Set((await pool.query<{ id: string }>(`SELECT id FROM ${table}`)).rows.map((row) => row.id));

test('messages, tasks and attempts older than the retention period are deleted; pending and recent history stay', async () => {
  const hook = await webhook();

  // 1. Delivered 40 days ago: message, task and attempt go.
  const old = await message(daysAgo(40));
  const oldTask = await task(hook, old, 'event', 'succeeded', daysAgo(40));
  const oldAttempt = await attempt(oldTask, hook, old, daysAgo(40));
  // 2. A failed delivery of 31 days ago (4 attempts): all go.
  const failed = await message(daysAgo(31));
  const failedTask = await task(hook, failed, 'event', 'failed', daysAgo(31));
  const failedAttempts = await Promise.all([0, 1, 6, 36].map((seconds) => attempt(failedTask, hook, failed, new Date(daysAgo(31).getTime() - (36 - seconds) * 1000))));
  // 3. Received 40 days ago, redelivered yesterday: the message and the redelivery stay; the old task and attempt go.
  const redelivered = await message(daysAgo(40));
  const firstTask = await task(hook, redelivered, 'event', 'succeeded', daysAgo(40));
  const firstAttempt = await attempt(firstTask, hook, redelivered, daysAgo(40));
  const redeliverTask = await task(hook, redelivered, 'redeliver', 'succeeded', daysAgo(1));
  const redeliverAttempt = await attempt(redeliverTask, hook, redelivered, daysAgo(1));
  // 4. Old but still pending (a retry is due): kept.
  const pending = await message(daysAgo(45));
  const pendingTask = await task(hook, pending, 'event', 'pending', null);
  // 5. Never routed (its regatta never became known), 40 days old: goes.
  const orphan = await message(daysAgo(40), false);
  // 6. Just inside the period (29 days 23 h): kept.
  const recent = await message(new Date(daysAgo(30).getTime() + 3_600_000));
  const recentTask = await task(hook, recent, 'event', 'succeeded', new Date(daysAgo(30).getTime() + 3_600_000));
  const recentAttempt = await attempt(recentTask, hook, recent, new Date(daysAgo(30).getTime() + 3_600_000));

  // Batches of 2 rows per statement, so the batching loop runs several rounds.
  const result = await pruneOlderThan(pool, daysAgo(30), 2);
  // Attempts: 1 (old) + 4 (failed) + 1 (first of the redelivered) = 6; tasks: old, failed, first = 3;
  // messages: old, failed, orphan = 3.
  assert.deepEqual(result, { attempts: 6, tasks: 3, messages: 3 });
  assert.deepEqual(await ids('messages'), new Set([redelivered, pending, recent]));
  assert.deepEqual(await ids('delivery_tasks'), new Set([redeliverTask, pendingTask, recentTask]));
  assert.deepEqual(await ids('delivery_attempts'), new Set([redeliverAttempt, recentAttempt]));
  for (const gone of [oldAttempt, firstAttempt, ...failedAttempts]) assert.ok(!(await ids('delivery_attempts')).has(gone));
  assert.deepEqual(await ids('webhooks'), new Set([hook]), 'webhooks are never pruned');
  void orphan;

  // A second pass finds nothing; through the retention use case (30 days, as configured by default) the same cut.
  const deps = { pool, logger: createLogger({ service: 'webhooks-test', version: 'test', level: 'warn' }) };
  assert.deepEqual(await pruneDeliveries(deps, 30, NOW), { attempts: 0, tasks: 0, messages: 0 });
  // 31 days later everything finished is older than the period; only the pending retry and its message stay.
  assert.deepEqual(await pruneDeliveries(deps, 30, new Date(NOW.getTime() + 31 * DAY)), { attempts: 2, tasks: 2, messages: 2 });
  assert.deepEqual(await ids('messages'), new Set([pending]));
  assert.deepEqual(await ids('delivery_tasks'), new Set([pendingTask]));
});
