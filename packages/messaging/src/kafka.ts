import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from '@regatta/logging';
import { quietIdleKafkaConnections } from './kafka-request-queue.js';

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  logger: Logger;
}

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
  [logLevel.NOTHING]: 'debug',
};

/**
 * kafkajs behind one factory so a later client swap touches one place; its logs go to pino, and its
 * idle connections arm no timers (kafka-request-queue.ts).
 */
export function createKafka(settings: KafkaSettings): Kafka {
  quietIdleKafkaConnections();
  const log = settings.logger.child({ component: 'kafka' });
  return new Kafka({
    clientId: settings.clientId,
    brokers: settings.brokers,
    connectionTimeout: 3_000,
    requestTimeout: 30_000,
    retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5_000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }: LogEntry) => {
        const { message, ...rest } = entry;
        // The broker is restarted in tests; kafkajs reports each reconnect as an error line.
        log[LEVELS[level] ?? 'info'](rest, message);
      },
  });
}

export async function pingKafka(kafka: Kafka): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.describeCluster();
  } finally {
    await admin.disconnect();
  }
}
