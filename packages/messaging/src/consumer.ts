/**
 * Idempotent consumers: each message is applied in one transaction together with its inbox row, so a
 * redelivery (after a crash, a rebalance or a duplicate publish) changes nothing. A message whose
 * handler keeps failing is parked in dead_letters (never dropped) so one bad message cannot stall a
 * regatta's stream forever; while the database itself is unreachable nothing is acknowledged.
 */
import { EventEmitter } from 'node:events';
import type { Consumer, Kafka, KafkaMessage } from 'kafkajs';
import { Counter, Gauge } from 'prom-client';
import { isConnectionError, withTransaction, type Pool, type PoolClient } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { metricsRegistry } from './metrics-registry.js';
import { MESSAGE_ID_HEADER } from './outbox.js';

export interface ConsumedMessage {
  messageId: string;
  /** Logical topic (prefix removed). */
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: Buffer;
  headers: Record<string, string>;
}

export type MessageHandler = (client: PoolClient, message: ConsumedMessage) => Promise<void>;

export interface ConsumerSettings {
  kafka: Kafka;
  pool: Pool;
  logger: Logger;
  /** Consumer group id and inbox namespace, e.g. "organizations.events-projection". */
  groupId: string;
  topics: string[];
  topicPrefix: string;
  handle: MessageHandler;
  maxAttempts?: number;
  fromBeginning?: boolean;
  /** Partitions applied side by side (default 3). */
  partitionsConcurrently?: number;
  /**
   * True for a message the handler would leave alone (judged by its headers, e.g. its fact type):
   * it is acknowledged without a transaction or an inbox row. Applying it would change nothing, so
   * there is nothing to make idempotent.
   */
  ignores?: (message: ConsumedMessage) => boolean;
}

const CHUNK_SIZE = 100;

const consumed = new Counter({
  name: 'consumer_messages_total',
  help: 'Messages handled by consumers, by outcome',
  labelNames: ['group', 'outcome'] as const,
  registers: [metricsRegistry],
});
const lag = new Gauge({
  name: 'consumer_lag',
  help: 'Offset lag per consumer group, topic and partition at the end of the last batch',
  labelNames: ['group', 'topic', 'partition'] as const,
  registers: [metricsRegistry],
});

export class FactConsumer extends EventEmitter {
  private readonly consumer: Consumer;

  constructor(private readonly settings: ConsumerSettings) {
    super();
    this.consumer = settings.kafka.consumer({
      groupId: settings.groupId,
      // Group membership in seconds, not tens of seconds. A member learns of a rebalance (another
      // instance joining or leaving) from its next heartbeat, which kafkajs sends between fetches once
      // heartbeatInterval has passed: 500 ms (with fetches of at most 500 ms when idle) lets a second
      // instance take its partitions within about a second instead of 3 s. A member that dies without
      // leaving is dropped after sessionTimeout (10 s, was 15 s; still well above a chunk's time, and
      // eachBatch heartbeats after every chunk). rebalanceTimeout bounds how long the coordinator waits
      // for every member to rejoin (kafkajs' default is 60 s), so one stuck member delays the others
      // 10 s at most. A clean stop leaves the group (disconnect sends LeaveGroup), so the survivors
      // rebalance at once.
      sessionTimeout: 10_000,
      heartbeatInterval: 500,
      rebalanceTimeout: 10_000,
      // A fetch returns as soon as there is data; when idle it waits this long, and stopping the
      // consumer waits for that fetch (kafkajs' 5 s default made every shutdown take 5 s).
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: false,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5_000 },
    });
    this.consumer.on(this.consumer.events.END_BATCH_PROCESS, (event) => {
      const { topic, partition, offsetLag } = event.payload;
      lag.set({ group: settings.groupId, topic, partition: String(partition) }, Number(offsetLag));
    });
  }

  async start(): Promise<void> {
    const { settings } = this;
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: settings.topics.map((topic) => settings.topicPrefix + topic),
      fromBeginning: settings.fromBeginning ?? true,
    });
    await this.consumer.run({
      autoCommit: true,
      // Partitions are independent (a regatta's facts share one), so they may be applied side by side.
      partitionsConsumedConcurrently: settings.partitionsConcurrently ?? 3,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        const messages = batch.messages.map((message) => this.toConsumed(batch.topic, batch.partition, message));
        let index = 0;
        while (index < messages.length && isRunning() && !isStale()) {
          const chunk = messages.slice(index, index + CHUNK_SIZE);
          const applied = await this.applyChunk(chunk);
          for (const message of chunk.slice(0, applied)) resolveOffset(message.offset);
          index += applied;
          if (applied < chunk.length) {
            // The next message failed inside the chunk: retry it alone, then park it if it keeps failing.
            const failing = chunk[applied]!;
            await this.process(failing);
            resolveOffset(failing.offset);
            index += 1;
          }
          await heartbeat();
        }
      },
    });
  }

  /**
   * Applies up to a chunk of messages in one transaction (a savepoint each), stopping before the first
   * message whose handler fails. Returns how many were applied (or found already applied).
   */
  private async applyChunk(chunk: ConsumedMessage[]): Promise<number> {
    const { settings } = this;
    const ignores = settings.ignores;
    if (ignores && chunk.every(ignores)) {
      consumed.inc({ group: settings.groupId, outcome: 'ignored' }, chunk.length);
      for (const message of chunk) this.emit('processed', message);
      return chunk.length;
    }
    let count = 0;
    let duplicates = 0;
    let ignored = 0;
    await withTransaction(settings.pool, async (client) => {
      for (const message of chunk) {
        if (ignores?.(message)) {
          ignored += 1;
          count += 1;
          continue;
        }
        await client.query('SAVEPOINT fact');
        try {
          const inserted = await client.query(
            `INSERT INTO inbox (consumer, message_id, topic, kafka_partition, kafka_offset)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [settings.groupId, message.messageId, message.topic, message.partition, message.offset],
          );
          if (inserted.rowCount === 0) duplicates += 1;
          else await settings.handle(client, message);
          await client.query('RELEASE SAVEPOINT fact');
          count += 1;
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT fact');
          settings.logger.warn({ err: error, messageId: message.messageId, topic: message.topic }, 'handler failed; retrying alone');
          break;
        }
      }
    });
    consumed.inc({ group: settings.groupId, outcome: 'applied' }, count - duplicates - ignored);
    if (duplicates > 0) consumed.inc({ group: settings.groupId, outcome: 'duplicate' }, duplicates);
    if (ignored > 0) consumed.inc({ group: settings.groupId, outcome: 'ignored' }, ignored);
    for (const message of chunk.slice(0, count)) this.emit('processed', message);
    return count;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }

  private toConsumed(topic: string, partition: number, message: KafkaMessage): ConsumedMessage {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (value === undefined) continue;
      headers[name] = Array.isArray(value) ? String(value[0]) : String(value);
    }
    const logicalTopic = topic.startsWith(this.settings.topicPrefix) ? topic.slice(this.settings.topicPrefix.length) : topic;
    return {
      messageId: headers[MESSAGE_ID_HEADER] ?? `${topic}:${partition}:${message.offset}`,
      topic: logicalTopic,
      partition,
      offset: message.offset,
      key: message.key ? message.key.toString() : null,
      value: message.value ?? Buffer.alloc(0),
      headers,
    };
  }

  private async process(message: ConsumedMessage): Promise<void> {
    const { settings } = this;
    const maxAttempts = settings.maxAttempts ?? 5;
    if (settings.ignores?.(message)) {
      consumed.inc({ group: settings.groupId, outcome: 'ignored' });
      this.emit('processed', message);
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const applied = await withTransaction(settings.pool, async (client) => {
          const inserted = await client.query(
            `INSERT INTO inbox (consumer, message_id, topic, kafka_partition, kafka_offset)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [settings.groupId, message.messageId, message.topic, message.partition, message.offset],
          );
          if (inserted.rowCount === 0) return false;
          await settings.handle(client, message);
          return true;
        });
        consumed.inc({ group: settings.groupId, outcome: applied ? 'applied' : 'duplicate' });
        this.emit('processed', message);
        return;
      } catch (error) {
        // The database is away, not the message at fault: never count that toward parking it. The
        // error leaves eachBatch, so kafkajs re-fetches from the last resolved offset after a backoff.
        if (isConnectionError(error)) throw error;
        settings.logger.warn({ err: error, messageId: message.messageId, topic: message.topic, attempt }, 'handler failed');
        if (attempt >= maxAttempts) {
          // Throws when the database is down: kafkajs then retries without committing the offset.
          await this.deadLetter(message, error, attempt);
          consumed.inc({ group: settings.groupId, outcome: 'dead_lettered' });
          this.emit('processed', message);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 100 * 2 ** attempt)));
      }
    }
  }

  private async deadLetter(message: ConsumedMessage, error: unknown, attempts: number): Promise<void> {
    const { settings } = this;
    settings.logger.error({ err: error, messageId: message.messageId, topic: message.topic }, 'message parked in dead_letters');
    await withTransaction(settings.pool, async (client) => {
      await client.query(
        `INSERT INTO dead_letters (consumer, message_id, topic, kafka_partition, kafka_offset, message_key, payload, headers, error, attempts)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          settings.groupId,
          message.messageId,
          message.topic,
          message.partition,
          message.offset,
          message.key,
          message.value,
          JSON.stringify(message.headers),
          error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          attempts,
        ],
      );
      await client.query(
        `INSERT INTO inbox (consumer, message_id, topic, kafka_partition, kafka_offset) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [settings.groupId, message.messageId, message.topic, message.partition, message.offset],
      );
    });
  }
}

/**
 * Waits (briefly, boundedly) until a projection satisfies `check`, re-checking whenever the consumer
 * applies a message and at least every 100 ms. Lets a request right after a write in another service
 * see that write instead of a false 404/403.
 */
export async function waitForProjection(check: () => Promise<boolean>, consumer: EventEmitter | undefined, timeoutMs = 3_000): Promise<boolean> {
  if (await check()) return true;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(100, Math.max(0, deadline - Date.now())));
      function done() {
        clearTimeout(timer);
        consumer?.off('processed', done);
        resolve();
      }
      consumer?.once('processed', done);
    });
    if (await check()) return true;
  }
  return false;
}
