/**
 * The change feed of edge revalidation (edge-revalidation.ts): every gateway replica reads the
 * topics whose facts change the views it revalidates, in a consumer group of its own (each replica
 * must see every fact), from the newest offset (nothing learned before it started can be stale).
 * It does not decode facts: each is keyed by its event id (docs/messages.md), and that key is the
 * view the services mark their answers with. Learning starts once the group has its partitions and
 * stops (everything forgotten) when the consumer stops or crashes; kafkajs restarts it after a
 * crash, and learning resumes with the next join.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { TOPICS } from '@regatta/contracts';
import type { Logger } from '@regatta/logging';
import { createKafka } from '@regatta/messaging';
import type { EdgeRevalidation } from './edge-revalidation.js';

/** How long a shutdown waits for the consumer to leave its group. */
const STOP_WAIT_MS = 500;

/** The topics whose facts change results, standings and the regatta itself; all keyed by event id. */
export const EDGE_CHANGE_TOPICS = [TOPICS.events, TOPICS.registrations, TOPICS.results] as const;

export interface EdgeChangeFeedSettings {
  brokers: string[];
  topicPrefix: string;
  logger: Logger;
  edge: EdgeRevalidation;
}

export interface EdgeChangeFeed {
  stop(): Promise<void>;
}

export async function startEdgeChangeFeed(settings: EdgeChangeFeedSettings): Promise<EdgeChangeFeed> {
  const { edge, logger } = settings;
  const kafka = createKafka({ brokers: settings.brokers, clientId: 'gateway-edge', logger });
  const consumer: Consumer = kafka.consumer({
    groupId: `gateway-edge.${hostname()}.${process.pid}.${randomUUID().slice(0, 8)}`,
    sessionTimeout: 10_000,
    heartbeatInterval: 1_000,
    allowAutoTopicCreation: true,
  });
  consumer.on(consumer.events.GROUP_JOIN, () => {
    edge.start();
    logger.info('edge revalidation: change feed joined, learning');
  });
  for (const event of [consumer.events.STOP, consumer.events.CRASH, consumer.events.DISCONNECT, consumer.events.REBALANCING]) {
    consumer.on(event, () => {
      if (edge.ready) logger.warn({ event }, 'edge revalidation: change feed interrupted, forgetting what was learned');
      edge.stop();
    });
  }
  await consumer.connect();
  await consumer.subscribe({ topics: EDGE_CHANGE_TOPICS.map((topic) => settings.topicPrefix + topic), fromBeginning: false });
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ message }) => {
      if (message.key) edge.changed(message.key.toString('utf8'));
    },
  });
  return {
    async stop() {
      edge.stop();
      // Leaving the group can wait for a rebalance; a shutdown does not (the group expires by itself).
      await Promise.race([consumer.disconnect().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
