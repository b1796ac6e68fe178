/**
 * One idle Kafka member for the idle benchmark (bench-idle.ts): a producer and a FactConsumer on one
 * topic, connected as a service connects them, then nothing to do until SIGTERM. `quiet` builds its
 * client with createKafka (idle connections arm no timers, src/kafka-request-queue.ts); `kafkajs`
 * builds it with kafkajs as released. Prints "ready" once both are started.
 *
 *   idle-member <quiet|kafkajs> <schema> <topic prefix> <topic>
 */
import { Kafka, logLevel } from 'kafkajs';
import { createPool } from '@regatta/db';
import { createLogger } from '@regatta/logging';
import { infraFromEnv } from '@regatta/testing';
import { FactConsumer, createKafka } from '../src/index.js';

const [mode, schema, prefix, topic] = process.argv.slice(2);
if ((mode !== 'quiet' && mode !== 'kafkajs') || !schema || !prefix || !topic) throw new Error('usage: idle-member <quiet|kafkajs> <schema> <topic prefix> <topic>');
const infra = infraFromEnv();
const logger = createLogger({ service: `idle-member-${mode}`, version: '0', level: 'error' });
const brokers = infra.kafkaBrokers.split(',');
const kafka = mode === 'quiet' ? createKafka({ brokers, clientId: 'idle-quiet', logger }) : new Kafka({ clientId: 'idle-kafkajs', brokers, logLevel: logLevel.NOTHING });
const pool = createPool({ databaseUrl: infra.databaseUrl, schema, max: 2 });
const producer = kafka.producer();
await producer.connect();
const consumer = new FactConsumer({ kafka, pool, logger, groupId: `idle-${mode}-${process.pid}`, topics: [topic], topicPrefix: prefix, fromBeginning: false, handle: async () => undefined });
await consumer.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void Promise.allSettled([consumer.stop(), producer.disconnect()]).then(() => pool.end().then(() => process.exit(0)));
});
