/**
 * The sender: a background task that leases due messages, sends them (app/deliver.ts) and marks each
 * as soon as the SMTP server answered, in small batches (one commit while the next accumulates). All
 * state is in PostgreSQL: a SIGKILL leaves at most the messages in flight leased and unmarked; when
 * the lease runs out they are sent again with the same Message-ID (docs/notifications.md says what
 * that guarantees). A NOTIFY from the deciding transaction wakes it; it polls as well.
 */
import { listen, type ListenHandle, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { BackgroundTask } from '@regatta/runtime';
import { claimDue, MESSAGES_CHANNEL, nextDueInMs, recordResults, type ClaimedMessage, type SendResult } from '../store/messages.js';
import { deliverOne, prepareBatch, type PreparedBatch } from './deliver.js';
import { pushToPerson } from './push.js';
import { resentAfterLease } from './metrics.js';
import type { NotificationsResources } from './resources.js';

const IDLE_POLL_MS = 1_000;

export class SendWorker implements BackgroundTask {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private pendingWake = false;
  private listener: ListenHandle | undefined;
  private results: Array<{ result: SendResult; done: () => void }> = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly deps: { pool: Pool; logger: Logger; schema: string },
    private readonly resources: NotificationsResources,
  ) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.listener = listen(this.deps.pool, MESSAGES_CHANNEL(this.deps.schema), () => this.wake(), this.deps.logger, {
      onListening: (again) => {
        if (again) this.wake();
      },
    });
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await this.flushing;
    await this.listener?.stop();
    this.listener = undefined;
  }

  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    const { concurrency, leaseMs } = this.resources.send;
    let failures = 0;
    while (this.running) {
      this.pendingWake = false;
      let waitMs = IDLE_POLL_MS;
      try {
        const batch = await claimDue(this.deps.pool, concurrency * 8, leaseMs);
        failures = 0;
        if (batch.length > 0) {
          await this.sendBatch(batch);
          continue;
        }
        const due = await nextDueInMs(this.deps.pool);
        if (due !== undefined) waitMs = Math.max(0, Math.min(waitMs, Math.ceil(due)));
      } catch (error) {
        failures += 1;
        waitMs = Math.min(5_000, 100 * 2 ** failures);
        this.deps.logger.warn({ err: error, failures }, 'send pass failed; will retry');
      }
      if (this.pendingWake || waitMs === 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, waitMs);
        const self = this;
        function finish() {
          clearTimeout(timer);
          self.wakeUp = undefined;
          resolve();
        }
        this.wakeUp = finish;
      });
    }
  }

  /** Sends a batch with `concurrency` hand-overs at once; each result is recorded as it comes. */
  private async sendBatch(batch: ClaimedMessage[]): Promise<void> {
    const expired = batch.filter((message) => message.leaseExpired).length;
    if (expired > 0) resentAfterLease.inc(expired);
    let prepared: PreparedBatch;
    try {
      prepared = await prepareBatch(this.deps.pool, this.resources, batch);
    } catch (error) {
      // identity unreachable: every message of the batch waits for its next attempt.
      this.deps.logger.warn({ err: error, messages: batch.length }, 'address lookup failed; the batch is retried');
      await recordResults(
        this.deps.pool,
        batch.map((message) => ({ id: message.id, decision: { kind: 'retry', delayMs: this.resources.send.retryDelaysMs[0] ?? 5_000, error: 'address lookup failed' }, locale: null, subject: null })),
      );
      return;
    }
    const queue = [...batch];
    const lane = async () => {
      for (let message = queue.shift(); message; message = queue.shift()) {
        let result: Awaited<ReturnType<typeof deliverOne>>;
        try {
          result = await deliverOne(this.resources, this.deps.logger, prepared, message);
        } catch (error) {
          this.deps.logger.error({ err: error, messageId: message.id }, 'sending failed unexpectedly; the lease will retry it');
          continue;
        }
        const { push, ...outcome } = result;
        await this.record(outcome);
        // After the e-mail (the record) is marked: a push is best effort.
        if (push) await pushToPerson(this.deps.pool, this.resources, this.deps.logger, message.userId, push).catch((error: unknown) => this.deps.logger.warn({ err: error }, 'web push failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.resources.send.concurrency, batch.length) }, lane));
  }

  /** Queues a result for the next commit and resolves once it is committed. */
  private record(result: SendResult): Promise<void> {
    return new Promise<void>((done) => {
      this.results.push({ result, done });
      this.flushing ??= this.flush().finally(() => {
        this.flushing = undefined;
      });
    });
  }

  private async flush(): Promise<void> {
    while (this.results.length > 0) {
      const batch = this.results.splice(0, 500);
      try {
        await recordResults(this.deps.pool, batch.map((item) => item.result));
      } catch (error) {
        // Unmarked messages stay leased and are sent again (same Message-ID) when the lease runs out.
        this.deps.logger.error({ err: error, messages: batch.length }, 'recording send results failed');
      }
      for (const item of batch) item.done();
    }
  }
}
