/**
 * A consumer that leaves some fact types alone acknowledges them by their fact-type header: no
 * transaction, no inbox row, no handler call; the others are applied as always, in order. Real
 * PostgreSQL and Kafka.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { Kafka, logLevel } from 'kafkajs';
import { createPool, migrate } from '@regatta/db';
import { createLogger } from '@regatta/logging';
import { createFreshDatabase, createTopics, deleteTopics, infraFromEnv } from '@regatta/testing';
import { FACT_TYPE_HEADER, FactConsumer, MESSAGE_ID_HEADER, createKafka, messagingMigrationsDir, type ConsumedMessage } from '../src/index.js';

const infra = infraFromEnv();
const topicPrefix = `ig${Date.now().toString(36)}.`;
after(async () => deleteTopics(infra.kafkaBrokers, topicPrefix));

test('ignored fact types are acknowledged without an inbox row; the rest are applied in order', { timeout: 60_000 }, async () => {
  const databaseUrl = await createFreshDatabase(infra.databaseUrl, 'regatta_it_ignored_facts');
  await migrate(databaseUrl, 'consumer_side', [{ dir: messagingMigrationsDir, table: 'pgmigrations_messaging' }]);
  await createTopics(infra.kafkaBrokers, topicPrefix, ['facts.v1']);
  const pool = createPool({ databaseUrl, schema: 'consumer_side' });
  const logger = createLogger({ service: 'ignored-facts-test', version: '0', level: 'silent' });
  const handled: string[] = [];
  const processed: ConsumedMessage[] = [];
  const consumer = new FactConsumer({
    kafka: createKafka({ brokers: infra.kafkaBrokers.split(','), clientId: 'ignored-facts-test', logger }),
    pool,
    logger,
    groupId: 'ignored-facts-test',
    topics: ['facts.v1'],
    topicPrefix,
    handle: async (_client, message) => void handled.push(message.headers['sequence']!),
    ignores: (message) => message.headers[FACT_TYPE_HEADER] === 'standings.updated',
  });
  consumer.on('processed', (message: ConsumedMessage) => processed.push(message));
  // 12 facts of one regatta (one partition, one order): every third is posted results, the rest standings.
  const producer = new Kafka({ clientId: 'ignored-facts-producer', brokers: infra.kafkaBrokers.split(','), logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  const types = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'results.posted' : 'standings.updated'));
  await producer.send({
    topic: `${topicPrefix}facts.v1`,
    messages: types.map((type, i) => ({ key: 'regatta-1', value: Buffer.from('x'), headers: { [MESSAGE_ID_HEADER]: randomUUID(), [FACT_TYPE_HEADER]: type, sequence: String(i) } })),
  });
  await producer.disconnect();
  try {
    await consumer.start();
    const deadline = Date.now() + 30_000;
    while (processed.length < types.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(processed.length, 12, 'every fact is acknowledged');
    assert.deepEqual(handled, ['0', '3', '6', '9'], 'only results.posted reached the handler, in order');
    const inbox = await pool.query<{ count: string }>('SELECT count(*) FROM inbox');
    assert.equal(Number(inbox.rows[0]!.count), 4, 'only applied facts have an inbox row');
  } finally {
    await consumer.stop();
    await pool.end();
  }
});
