// Shared set-up of the worker processes used by the exactly-once test.
import { createPool } from '@regatta/db';
import { createLogger } from '@regatta/logging';
import { createKafka } from '../../src/index.js';

export function workerContext(role: string) {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const logger = createLogger({ service: `it-${role}`, version: 'test', level: 'warn' });
  const pool = createPool({ databaseUrl: env('IT_DATABASE_URL'), schema: env('IT_SCHEMA') });
  const kafka = createKafka({ brokers: env('IT_KAFKA_BROKERS').split(','), clientId: `it-${role}`, logger });
  return { logger, pool, kafka, schema: env('IT_SCHEMA'), topicPrefix: env('IT_TOPIC_PREFIX') };
}
