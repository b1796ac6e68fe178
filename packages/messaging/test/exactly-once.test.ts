/**
 * A fact written by one service reaches another service's projection through Kafka exactly once, even
 * when the relay and the consumer are killed with SIGKILL mid-stream and restarted: nothing lost,
 * nothing applied twice. Real PostgreSQL and Kafka; the relay and consumer run as separate processes.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { encodeFact, factHeaders, factKey, newFact } from '@regatta/contracts';
import { createPool, migrate, withTransaction } from '@regatta/db';
import { createFreshDatabase, createTopics, deleteTopics, infraFromEnv } from '@regatta/testing';
import { enqueue, messagingMigrationsDir } from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const infra = infraFromEnv();
const topicPrefix = `it${Date.now().toString(36)}.`;
let databaseUrl = '';
const children = new Set<ChildProcess>();

function startWorker(kind: 'relay' | 'consumer', schema: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@regatta/source', '--import', 'tsx', join(here, 'workers', `${kind}.ts`)], {
    env: { ...process.env, IT_DATABASE_URL: databaseUrl, IT_SCHEMA: schema, IT_KAFKA_BROKERS: infra.kafkaBrokers, IT_TOPIC_PREFIX: topicPrefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${kind} exited early with ${code}`)));
  });
}

function sigkill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

before(async () => {
  databaseUrl = await createFreshDatabase(infra.databaseUrl, 'regatta_it_messaging');
  await createTopics(infra.kafkaBrokers, topicPrefix, ['organizations.v1']);
  for (const schema of ['producer_side', 'consumer_side']) {
    await migrate(databaseUrl, schema, [{ dir: messagingMigrationsDir, table: 'pgmigrations_messaging' }]);
  }
  const consumerPool = createPool({ databaseUrl, schema: 'consumer_side' });
  await consumerPool.query(`CREATE TABLE projection (message_id text PRIMARY KEY, organization_id text NOT NULL, sequence int NOT NULL, applied int NOT NULL)`);
  await consumerPool.query(`CREATE TABLE totals (applied int NOT NULL); INSERT INTO totals VALUES (0)`);
  await consumerPool.end();
});

after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await deleteTopics(infra.kafkaBrokers, topicPrefix);
});

test('facts cross from outbox to projection exactly once through SIGKILLs of relay and consumer', { timeout: 120_000 }, async () => {
  const producerPool = createPool({ databaseUrl, schema: 'producer_side' });
  const consumerPool = createPool({ databaseUrl, schema: 'consumer_side' });
  const total = 600;
  const regattas = Array.from({ length: 6 }, () => randomUUID());

  const write = async (from: number, to: number) => {
    for (let sequence = from; sequence < to; sequence += 1) {
      const fact = newFact(
        'organization.created',
        'organizationCreated',
        { organization: { id: randomUUID(), slug: `club-${sequence}`, name: `Club #${sequence}`, type: 'yacht-club' } },
        { producer: 'it', eventId: regattas[sequence % regattas.length]! },
      );
      // The state change and its fact commit together, as services do.
      await withTransaction(producerPool, (client) =>
        enqueue(client, { topic: 'organizations.v1', key: factKey(fact), payload: encodeFact(fact), messageId: fact.id, headers: factHeaders(fact) }),
      );
    }
  };
  const applied = async () => (await consumerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM projection')).rows[0]!.n;
  const waitUntil = async (predicate: () => Promise<boolean>, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await predicate())) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  let relay = await startWorker('relay', 'producer_side');
  let consumer = await startWorker('consumer', 'consumer_side');
  await write(0, 200);
  await waitUntil(async () => (await applied()) >= 50, 'first facts applied');

  // Kill the relay while it is publishing; facts written meanwhile wait in the outbox.
  await sigkill(relay);
  await write(200, 400);
  relay = await startWorker('relay', 'producer_side');

  // Kill the consumer mid-stream; its uncommitted offsets are redelivered after restart.
  await waitUntil(async () => (await applied()) >= 250, 'more facts applied');
  await sigkill(consumer);
  await write(400, 500);
  consumer = await startWorker('consumer', 'consumer_side');

  // Both at once.
  await waitUntil(async () => (await applied()) >= 420, 'facts after the consumer restart');
  await Promise.all([sigkill(relay), sigkill(consumer)]);
  await write(500, total);
  relay = await startWorker('relay', 'producer_side');
  consumer = await startWorker('consumer', 'consumer_side');

  await waitUntil(async () => (await applied()) === total, `all ${total} facts applied`);
  // Give any stray redelivery a moment to show up as a double application.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const summary = (
    await consumerPool.query<{ rows: number; max_applied: number; distinct_sequences: number }>(
      'SELECT count(*)::int AS rows, max(applied)::int AS max_applied, count(DISTINCT sequence)::int AS distinct_sequences FROM projection',
    )
  ).rows[0]!;
  const totals = (await consumerPool.query<{ applied: number }>('SELECT applied FROM totals')).rows[0]!;
  const unpublished = (await producerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0]!;

  assert.equal(summary.rows, total, 'every fact reached the projection');
  assert.equal(summary.distinct_sequences, total, 'no fact is missing');
  assert.equal(summary.max_applied, 1, 'no fact was applied twice');
  assert.equal(totals.applied, total, 'the running total counts each fact once');
  assert.equal(unpublished.n, 0, 'the outbox is drained');

  await sigkill(relay);
  await sigkill(consumer);
  await producerPool.end();
  await consumerPool.end();
});
