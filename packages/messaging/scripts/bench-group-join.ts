/**
 * Consumer-group benchmark: how long a second member of a group needs to take part (start → first
 * message it applies, with a message produced every 100 ms), and how long members need to stop.
 * Uses FactConsumer exactly as the services do (its own Kafka client per member, like two instances
 * of a service) against the project's Kafka and PostgreSQL (scripts/infra.sh env), on a fresh topic
 * of 3 partitions and a fresh schema. Prints `kafka join …` and `kafka stop …` lines.
 *
 *   node --conditions=@regatta/source --import tsx packages/messaging/scripts/bench-group-join.ts [-- --rounds 3]
 *   (BENCH_SLOT names the schema and topic; default 9.)
 */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { createPool, migrate } from '@regatta/db';
import { createLogger } from '@regatta/logging';
import { createTopics, deleteTopics, infraFromEnv } from '@regatta/testing';
import { FactConsumer, MESSAGE_ID_HEADER, createKafka, messagingMigrationsDir } from '../src/index.js';

const slot = Number(process.env['BENCH_SLOT'] ?? 9);
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 1) : 3;
const infra = infraFromEnv();
const schema = `bench_group_join_${slot}`;
const prefix = `bgj${slot}_${Date.now().toString(36)}.`;
const topic = 'facts.v1';
const logger = createLogger({ service: 'bench-group-join', version: '0', level: process.env['LOG_LEVEL'] ?? 'error' });
const seconds = (ms: number) => (ms / 1000).toFixed(2);

await migrate(infra.databaseUrl, schema, [{ dir: messagingMigrationsDir, table: 'pgmigrations_messaging' }]);
const pool = createPool({ databaseUrl: infra.databaseUrl, schema, max: 6 });
await createTopics(infra.kafkaBrokers, prefix, [topic]);
const producerKafka = new Kafka({ clientId: 'bench-group-join', brokers: infra.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
const producer = producerKafka.producer();
await producer.connect();

// A message to every partition every 100 ms (keys spread them), until stopped.
let sequence = 0;
const ticker = setInterval(() => {
  const messages = Array.from({ length: 6 }, () => ({ key: `k${sequence++}`, value: Buffer.from('x'), headers: { [MESSAGE_ID_HEADER]: randomUUID() } }));
  void producer.send({ topic: prefix + topic, messages }).catch(() => undefined);
}, 100);

interface Member {
  consumer: FactConsumer;
  firstMessage: Promise<number>;
}

function member(groupId: string, name: string): Member {
  const kafka = createKafka({ brokers: infra.kafkaBrokers.split(','), clientId: `bench-${name}`, logger });
  const consumer = new FactConsumer({ kafka, pool, logger, groupId, topics: [topic], topicPrefix: prefix, fromBeginning: false, handle: async () => undefined });
  const firstMessage = new Promise<number>((resolve) => consumer.once('processed', () => resolve(performance.now())));
  return { consumer, firstMessage };
}

const joins: number[] = [];
const firstJoins: number[] = [];
const stops: number[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    const groupId = `bench-group-${randomUUID()}`;
    const a = member(groupId, 'a');
    const t0 = performance.now();
    await a.consumer.start();
    firstJoins.push((await a.firstMessage) - t0);

    const b = member(groupId, 'b');
    const t1 = performance.now();
    await b.consumer.start();
    joins.push((await b.firstMessage) - t1);

    for (const one of [b, a]) {
      const t2 = performance.now();
      await one.consumer.stop();
      stops.push(performance.now() - t2);
    }
    console.log(`round ${round}: first member ${seconds(firstJoins.at(-1)!)} s, second member ${seconds(joins.at(-1)!)} s, stops ${stops.slice(-2).map(seconds).join(' s, ')} s`);
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const max = (values: number[]) => Math.max(...values);
  console.log(`kafka join  ${seconds(median(joins))} s median, ${seconds(max(joins))} s max: a second member of a group, start → its first message (first member alone: ${seconds(median(firstJoins))} s) over ${rounds} rounds`);
  console.log(`kafka stop  ${seconds(median(stops))} s median, ${seconds(max(stops))} s max: FactConsumer.stop() of a group member (${stops.length} stops)`);
} finally {
  clearInterval(ticker);
  await producer.disconnect().catch(() => undefined);
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await pool.end();
  await deleteTopics(infra.kafkaBrokers, prefix);
}
