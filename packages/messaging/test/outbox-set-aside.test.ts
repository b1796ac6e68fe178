/**
 * The outbox relay against a fake producer (real PostgreSQL, no Kafka): a message the broker refuses
 * for good is logged and set aside (dead_lettered_at) and every later message is published, in order
 * per key; retriable and cluster-wide errors keep the rows for the next pass; an operator's release puts
 * the message back in the queue.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, test } from 'node:test';
import { createRequire } from 'node:module';
import type * as KafkaJS from 'kafkajs';
import type { Kafka, Message, Producer, ProducerBatch } from 'kafkajs';
import { createPool, migrate, withTransaction, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { createFreshDatabase, infraFromEnv } from '@regatta/testing';
import { FACT_TYPE_HEADER, MESSAGE_ID_HEADER, OutboxRelay, enqueue, messagingMigrationsDir, releaseDeadLetteredOutbox } from '../src/index.js';

// kafkajs is CommonJS and spreads its error classes into exports, which ESM named imports do not see.
const { KafkaJSProtocolError } = createRequire(import.meta.url)('kafkajs') as typeof KafkaJS;
const protocolError = (type: string, retriable: boolean) =>
  new KafkaJSProtocolError(Object.assign(new Error(`broker says ${type}`), { type, code: 0, retriable }));

/**
 * A broker with one partition per key. A request with a refused message fails with that error after
 * appending the messages of its other partitions, as Kafka does (errors are per partition).
 */
class FakeBroker {
  readonly log: { id: string; key: string }[] = [];
  /** Message id → the error every send of it gets (`times` sends, or for ever). */
  readonly refuse = new Map<string, { error: () => Error; times: number }>();
  producers = 0;
  disconnected = 0;

  kafka(): Kafka {
    return { producer: () => this.producer() } as unknown as Kafka;
  }

  private producer(): Producer {
    this.producers += 1;
    const broker = this;
    return {
      connect: async () => undefined,
      disconnect: async () => {
        broker.disconnected += 1;
      },
      sendBatch: async (batch: ProducerBatch) => {
        const messages = (batch.topicMessages ?? []).flatMap((t) => t.messages);
        const idOf = (m: Message) => String((m.headers as Record<string, string>)[MESSAGE_ID_HEADER]);
        const refused = messages.filter((m) => (broker.refuse.get(idOf(m))?.times ?? 0) > 0);
        const badKeys = new Set(refused.map((m) => String(m.key)));
        for (const m of messages) if (!badKeys.has(String(m.key))) broker.log.push({ id: idOf(m), key: String(m.key) });
        if (refused.length > 0) {
          const rule = broker.refuse.get(idOf(refused[0]!))!;
          rule.times -= 1;
          throw rule.error();
        }
        return [];
      },
    } as unknown as Producer;
  }

  /** Ids in order of first arrival (later copies are what inboxes absorb). */
  firstArrivals(): { id: string; key: string }[] {
    const seen = new Set<string>();
    return this.log.filter((m) => !seen.has(m.id) && seen.add(m.id));
  }
}

const errors: Record<string, unknown>[] = [];
const logger = {
  error: (fields: Record<string, unknown>) => errors.push(fields),
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  child: () => logger,
} as unknown as Logger;

let pool: Pool;
before(async () => {
  const databaseUrl = await createFreshDatabase(infraFromEnv().databaseUrl, 'regatta_it_outbox_set_aside');
  await migrate(databaseUrl, 'svc', [{ dir: messagingMigrationsDir, table: 'pgmigrations_messaging' }]);
  pool = createPool({ databaseUrl, schema: 'svc' });
});
after(async () => {
  await pool?.end();
});
beforeEach(async () => {
  await pool.query('TRUNCATE outbox');
  errors.length = 0;
});

async function write(key: string, bytes = 10): Promise<string> {
  const messageId = randomUUID();
  await withTransaction(pool, (client) =>
    enqueue(client, { topic: 'results.v1', key, payload: new Uint8Array(bytes), messageId, headers: { [FACT_TYPE_HEADER]: 'standings.updated' } }),
  );
  return messageId;
}

function relayOn(broker: FakeBroker): OutboxRelay {
  return new OutboxRelay({ pool, kafka: broker.kafka(), logger, schema: 'svc', topicPrefix: 'test.', pollIntervalMs: 60_000 });
}

/** Passes until the relay says nothing more is waiting. */
async function drain(relay: OutboxRelay): Promise<void> {
  for (let pass = 0; pass < 20 && (await relay.publishBatch()); pass += 1);
}

async function states() {
  const { rows } = await pool.query<{ message_id: string; published: boolean; dead: boolean; error: string | null }>(
    'SELECT message_id, published_at IS NOT NULL AS published, dead_lettered_at IS NOT NULL AS dead, dead_letter_error AS error FROM outbox ORDER BY position',
  );
  return rows;
}

test('a message the broker refuses for good is set aside and the later ones are published in order', async () => {
  const broker = new FakeBroker();
  const ids = [await write('k1'), await write('k2'), await write('k1', 2_000), await write('k2'), await write('k1'), await write('k3')];
  const refused = ids[2]!;
  broker.refuse.set(refused, { error: () => protocolError('MESSAGE_TOO_LARGE', false), times: Infinity });
  const relay = relayOn(broker);
  await drain(relay);

  const rows = await states();
  assert.deepEqual(rows.map((r) => [r.published, r.dead]), ids.map((id) => [id !== refused, id === refused]));
  assert.match(rows[2]!.error ?? '', /^MESSAGE_TOO_LARGE: /);
  // Every other message reached the broker, each key's in commit order; the refused one never did.
  const arrived = broker.firstArrivals();
  assert.deepEqual(new Set(arrived.map((m) => m.id)), new Set(ids.filter((id) => id !== refused)));
  for (const key of ['k1', 'k2', 'k3']) {
    assert.deepEqual(arrived.filter((m) => m.key === key).map((m) => m.id), ids.filter((id, i) => id !== refused && ['k1', 'k2', 'k1', 'k2', 'k1', 'k3'][i] === key), key);
  }
  // The one-at-a-time resend used a fresh idempotent producer (the refused request was partly appended).
  assert.equal(broker.producers, 2);
  assert.equal(broker.disconnected, 1);
  // Logged at error level with its id, type and size.
  assert.equal(errors.length, 1);
  assert.deepEqual([errors[0]!['messageId'], errors[0]!['factType'], errors[0]!['bytes'], errors[0]!['rejection']], [refused, 'standings.updated', 2_000, 'MESSAGE_TOO_LARGE']);

  // Nothing is jammed: a later fact goes out on the next pass, the set-aside row stays aside.
  const later = await write('k1');
  await drain(relay);
  assert.equal(broker.firstArrivals().at(-1)?.id, later);
  assert.deepEqual((await states()).filter((r) => !r.published).map((r) => r.message_id), [refused]);

  // The operator raises the limit and releases it: it is published on the next pass.
  broker.refuse.delete(refused);
  assert.equal(await releaseDeadLetteredOutbox(pool, [refused]), 1);
  await drain(relay);
  assert.deepEqual((await states()).filter((r) => !r.published || r.dead), []);
  assert.equal(broker.firstArrivals().at(-1)?.id, refused);
});

test('a lone refused message is set aside without a resend; retriable and cluster-wide errors are retried', async () => {
  const broker = new FakeBroker();
  const relay = relayOn(broker);
  const big = await write('k1', 5_000);
  broker.refuse.set(big, { error: () => protocolError('INVALID_RECORD', false), times: Infinity });
  await drain(relay);
  assert.deepEqual((await states()).map((r) => [r.published, r.dead]), [[false, true]]);
  assert.equal(broker.producers, 1);

  // A leader election (retriable) and an ACL problem (non-retriable, but not about the message) fail
  // the pass: nothing is set aside or marked, and the same rows go out once the broker takes them.
  for (const [type, retriable] of [['NOT_LEADER_FOR_PARTITION', true], ['TOPIC_AUTHORIZATION_FAILED', false]] as const) {
    const a = await write('k2');
    const b = await write('k3');
    broker.refuse.set(a, { error: () => protocolError(type, retriable), times: 1 });
    await assert.rejects(relay.publishBatch(), (error: Error & { type?: string }) => error.type === type);
    assert.deepEqual((await states()).filter((r) => r.message_id === a || r.message_id === b).map((r) => [r.published, r.dead]), [[false, false], [false, false]], type);
    await drain(relay);
    assert.deepEqual((await states()).filter((r) => r.message_id === a || r.message_id === b).map((r) => [r.published, r.dead]), [[true, false], [true, false]], type);
  }
  assert.equal(errors.length, 1);
});
