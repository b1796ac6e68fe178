/**
 * Transactional outbox: a state change and the fact that describes it commit together; a relay
 * publishes committed rows to Kafka in order. A crash at any point loses nothing: unpublished rows are
 * re-read on the next pass, and a row published but not yet marked is published again with the same
 * message id, which consumers' inboxes absorb.
 *
 * A message the broker refuses for good (broker-rejection.ts: larger than the topic allows, an invalid
 * record) is set aside (`dead_lettered_at`, migration 002) after an error log naming it, so the
 * service's later facts still flow; anything else (broker down, leader moving, ACLs) fails the pass,
 * which is retried with the same rows. docs/messages.md "Messages the broker refuses".
 */
import { randomUUID } from 'node:crypto';
import type { Kafka, Message, Producer } from 'kafkajs';
import { Gauge, Counter } from 'prom-client';
import { listen, withTransaction, type ListenHandle, type Pool, type Queryable } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { brokerRejection, producerStateLost } from './broker-rejection.js';
import { metricsRegistry } from './metrics-registry.js';

export const MESSAGE_ID_HEADER = 'message-id';
export const FACT_TYPE_HEADER = 'fact-type';
export const REQUEST_ID_HEADER = 'x-request-id';

export interface OutgoingMessage {
  /** Logical topic (without the deployment's prefix). */
  topic: string;
  /** Partition key: the regatta id wherever a regatta is involved, so its facts stay ordered. */
  key: string | null;
  payload: Uint8Array;
  messageId?: string;
  headers?: Record<string, string>;
}

/** Adds a message to the outbox inside the caller's transaction. Returns the message id. */
export async function enqueue(client: Queryable, message: OutgoingMessage): Promise<string> {
  const messageId = message.messageId ?? randomUUID();
  const headers = { ...message.headers, [MESSAGE_ID_HEADER]: messageId };
  await client.query(
    `INSERT INTO outbox (message_id, topic, message_key, payload, headers) VALUES ($1, $2, $3, $4, $5)`,
    [messageId, message.topic, message.key, Buffer.from(message.payload), JSON.stringify(headers)],
  );
  // Wakes the relay at commit time (NOTIFY is transactional); polling remains the safety net.
  await client.query(`SELECT pg_notify('outbox_' || current_schema(), '')`);
  return messageId;
}

interface OutboxRow {
  position: number;
  message_id: string;
  topic: string;
  message_key: string | null;
  payload: Buffer;
  headers: Record<string, string>;
}

export interface RelaySettings {
  pool: Pool;
  kafka: Kafka;
  logger: Logger;
  /** Used for the leader lock and the NOTIFY channel; the service's schema name. */
  schema: string;
  topicPrefix: string;
  batchSize?: number;
  /**
   * Most payload bytes per pass (default 512 KiB). The broker refuses a produce request whose batch
   * for a partition exceeds message.max.bytes (1 MiB by default): after an outage the backlog of one
   * regatta (standings facts of a large fleet are tens of KB each) made every pass fail, for ever.
   */
  maxBatchBytes?: number;
  pollIntervalMs?: number;
}

const published = new Counter({
  name: 'outbox_published_total',
  help: 'Outbox messages published to Kafka',
  registers: [metricsRegistry],
});
const relayFailures = new Counter({
  name: 'outbox_relay_failures_total',
  help: 'Failed outbox relay passes (retried)',
  registers: [metricsRegistry],
});
const setAsideTotal = new Counter({
  name: 'outbox_dead_lettered_total',
  help: 'Outbox messages the broker refused for good, set aside (dead_lettered_at) so later ones flow',
  registers: [metricsRegistry],
});

/** What one send of a batch came to: rows the broker took, rows set aside, and an error that ends the pass. */
interface SendOutcome {
  published: OutboxRow[];
  setAside: { row: OutboxRow; error: unknown; type: string }[];
  failure?: unknown;
}

export class OutboxRelay {
  private producer: Producer;
  /** Set when the producer's idempotence state may be stale: the next pass starts with a fresh one. */
  private renewProducer = false;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Set by a NOTIFY that arrives while a pass is running, so the next pass starts at once. */
  private notified = false;
  private listener: ListenHandle | undefined;
  private readonly lockKey: number;
  private readonly backlog: Gauge;

  constructor(private readonly settings: RelaySettings) {
    this.producer = this.newProducer();
    this.lockKey = hashToInt(`outbox:${settings.schema}`);
    const pool = settings.pool;
    this.backlog =
      (metricsRegistry.getSingleMetric('outbox_backlog') as Gauge | undefined) ??
      new Gauge({
        name: 'outbox_backlog',
        help: 'Outbox messages not yet published',
        registers: [metricsRegistry],
        async collect() {
          const result = await pool.query<{ count: number }>('SELECT count(*) AS count FROM outbox WHERE published_at IS NULL AND dead_lettered_at IS NULL');
          this.set(result.rows[0]?.count ?? 0);
        },
      });
    if (!metricsRegistry.getSingleMetric('outbox_dead_lettered')) {
      new Gauge({
        name: 'outbox_dead_lettered',
        help: 'Outbox messages set aside because the broker refused them for good (waiting for an operator)',
        registers: [metricsRegistry],
        async collect() {
          const result = await pool.query<{ count: number }>('SELECT count(*) AS count FROM outbox WHERE dead_lettered_at IS NOT NULL');
          this.set(result.rows[0]?.count ?? 0);
        },
      });
    }
  }

  private newProducer(): Producer {
    return this.settings.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  }

  async start(): Promise<void> {
    await this.producer.connect();
    this.running = true;
    if (!this.listener) this.listen();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.stop();
    this.listener = undefined;
    await this.producer.disconnect();
  }

  /** True while the relay's LISTEN connection is up (otherwise it polls). */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /**
   * NOTIFY at commit wakes the relay. The LISTEN connection re-listens with backoff after it is lost
   * (database restart, terminated backend); a pass runs at once when it is back, since notifications
   * sent meanwhile are gone. Until then the poll interval is the safety net.
   */
  private listen(): void {
    const wake = () => {
      this.notified = true;
      this.wake?.();
    };
    this.listener = listen(this.settings.pool, `outbox_${this.settings.schema}`, wake, this.settings.logger, {
      onListening: (again) => {
        if (again) wake();
      },
    });
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        this.notified = false;
        const more = await this.publishBatch();
        failures = 0;
        if (more || this.notified) continue;
      } catch (error) {
        failures += 1;
        relayFailures.inc();
        this.settings.logger.warn({ err: error, failures }, 'outbox relay pass failed; will retry');
      }
      const wait = failures > 0 ? Math.min(5_000, 200 * 2 ** failures) : (this.settings.pollIntervalMs ?? 500);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Publishes one batch; returns true when more rows may be waiting. */
  async publishBatch(): Promise<boolean> {
    const batchSize = this.settings.batchSize ?? 200;
    let more = false;
    let failure: unknown;
    let setAside = 0;
    const count = await withTransaction(this.settings.pool, async (client) => {
      // One relay per service publishes at a time, so rows go out in commit order.
      const lock = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [this.lockKey]);
      if (!lock.rows[0]?.locked) return 0;
      const rows = await client.query<OutboxRow>(
        `SELECT position, message_id, topic, message_key, payload, headers FROM outbox
          WHERE published_at IS NULL AND dead_lettered_at IS NULL ORDER BY position LIMIT $1`,
        [batchSize],
      );
      if (rows.rows.length === 0) return 0;
      // A prefix of the rows within the byte budget (at least one row), so order is kept.
      const maxBytes = this.settings.maxBatchBytes ?? 512 * 1024;
      let bytes = 0;
      let take = 0;
      for (const row of rows.rows) {
        const size = row.payload.length + (row.message_key?.length ?? 0) + JSON.stringify(row.headers).length + 64;
        if (take > 0 && bytes + size > maxBytes) break;
        bytes += size;
        take += 1;
      }
      const batch = rows.rows.slice(0, take);
      const outcome = await this.send(batch);
      for (const { row, error, type } of outcome.setAside) {
        this.settings.logger.error(
          { err: error, messageId: row.message_id, position: row.position, factType: row.headers[FACT_TYPE_HEADER], topic: row.topic, key: row.message_key, bytes: row.payload.length, rejection: type },
          'outbox message refused by the broker for good: set aside (dead_lettered_at), later messages go on',
        );
        await client.query('UPDATE outbox SET dead_lettered_at = now(), dead_letter_error = $2 WHERE position = $1', [row.position, `${type}: ${errorMessage(error)}`]);
      }
      if (outcome.published.length > 0) {
        await client.query('UPDATE outbox SET published_at = now() WHERE position = ANY($1::bigint[])', [outcome.published.map((row) => row.position)]);
      }
      failure = outcome.failure;
      const handled = outcome.published.length + outcome.setAside.length;
      more = rows.rows.length === batchSize || take < rows.rows.length || handled < batch.length;
      setAside = outcome.setAside.length;
      return outcome.published.length;
    });
    if (count > 0) published.inc(count);
    if (setAside > 0) setAsideTotal.inc(setAside);
    // What went out is marked (committed above); the rest of the batch is retried by the next pass.
    if (failure !== undefined) throw failure;
    return more;
  }

  /**
   * Sends a batch in one request. When the broker refuses a message for good, which one is not said
   * (kafkajs reports the first failed partition's error), so the batch is sent again one message at a
   * time, in order, each refused one set aside. That resend uses a fresh producer: the refused
   * request may have been appended on its other partitions and kafkajs then rolls back their sequence
   * numbers, so the old idempotent producer's next, different batch there would be refused as out of
   * order. Rows appended twice this way carry the same message id (inboxes absorb them).
   */
  private async send(rows: OutboxRow[]): Promise<SendOutcome> {
    if (this.renewProducer) await this.replaceProducer();
    try {
      await this.sendRows(rows);
      return { published: rows, setAside: [] };
    } catch (error) {
      const type = brokerRejection(error);
      if (type === undefined) {
        if (producerStateLost(error)) this.renewProducer = true;
        throw error;
      }
      if (rows.length === 1) return { published: [], setAside: [{ row: rows[0]!, error, type }] };
      this.renewProducer = true;
      await this.replaceProducer();
    }
    const outcome: SendOutcome = { published: [], setAside: [] };
    for (const row of rows) {
      try {
        await this.sendRows([row]);
        outcome.published.push(row);
      } catch (error) {
        const type = brokerRejection(error);
        if (type === undefined) {
          if (producerStateLost(error)) this.renewProducer = true;
          return { ...outcome, failure: error };
        }
        outcome.setAside.push({ row, error, type });
      }
    }
    return outcome;
  }

  private async sendRows(rows: readonly OutboxRow[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const row of rows) {
      const topic = this.settings.topicPrefix + row.topic;
      const messages = byTopic.get(topic) ?? [];
      messages.push({ key: row.message_key, value: row.payload, headers: row.headers });
      byTopic.set(topic, messages);
    }
    await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
  }

  /** Connects a new producer (a new producer id, fresh sequence numbers) and drops the old one. */
  private async replaceProducer(): Promise<void> {
    const fresh = this.newProducer();
    await fresh.connect();
    const old = this.producer;
    this.producer = fresh;
    this.renewProducer = false;
    await old.disconnect().catch((error: unknown) => this.settings.logger.warn({ err: error }, 'outbox relay: disconnecting the replaced producer failed'));
  }
}

/**
 * Puts messages set aside back in the queue (dead_lettered_at cleared): the relay publishes them on its
 * next pass, before any younger unpublished row (they keep their position) but after the messages
 * published meanwhile. Without ids, every message set aside. Returns how many were released.
 */
export async function releaseDeadLetteredOutbox(pool: Queryable, messageIds?: readonly string[]): Promise<number> {
  const result = messageIds
    ? await pool.query(`UPDATE outbox SET dead_lettered_at = NULL, dead_letter_error = NULL WHERE dead_lettered_at IS NOT NULL AND message_id = ANY($1::uuid[])`, [messageIds])
    : await pool.query(`UPDATE outbox SET dead_lettered_at = NULL, dead_letter_error = NULL WHERE dead_lettered_at IS NOT NULL`);
  await pool.query(`SELECT pg_notify('outbox_' || current_schema(), '')`);
  return result.rowCount ?? 0;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Deletes published rows past the retention window. */
export async function pruneOutbox(pool: Pool, olderThanDays = 7): Promise<number> {
  const result = await pool.query(`DELETE FROM outbox WHERE published_at < now() - make_interval(days => $1)`, [olderThanDays]);
  return result.rowCount ?? 0;
}

/** Forgets processed message ids past the dedupe window (far beyond Kafka's redelivery horizon). */
export async function pruneInbox(pool: Pool, olderThanDays = 30): Promise<number> {
  const result = await pool.query(`DELETE FROM inbox WHERE processed_at < now() - make_interval(days => $1)`, [olderThanDays]);
  return result.rowCount ?? 0;
}

function hashToInt(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) hash = (Math.imul(31, hash) + text.charCodeAt(index)) | 0;
  return hash;
}
