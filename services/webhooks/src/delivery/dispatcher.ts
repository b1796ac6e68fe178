/**
 * The dispatcher: a background loop that leases due delivery tasks, POSTs them concurrently, records
 * every attempt and schedules retries. All state is in PostgreSQL, so a restart (even SIGKILL) delays
 * deliveries but loses none; several replicas can run side by side (SKIP LOCKED).
 */
import { randomUUID } from 'node:crypto';
import { listen, withTransaction, type ListenHandle, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { EgressPolicy } from '../domain/addresses.js';
import { decideAfterAttempt } from '../domain/retry.js';
import type { SecretBox } from '../domain/secret-box.js';
import { deliveryHeaders } from '../domain/signature.js';
import { foldOutcomes } from '../domain/failures.js';
import { cancelPendingTasks } from '../store/webhooks.js';
import { applyHealth, cancelTask, claimDueTasks, nextDueInMs, recordAttempts, type AttemptRecord, type ClaimedTask, type TaskNext } from '../store/deliveries.js';
import { deliveriesTotal, deliveryDuration, deliveryLag, webhooksDisabled } from './metrics.js';
import { sendDelivery, type SendResult } from './sender.js';

export interface DispatcherSettings {
  pool: Pool;
  logger: Logger;
  schema: string;
  secrets: SecretBox;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  concurrency: number;
  maxConsecutiveFailures: number;
  policy: EgressPolicy;
  /** Longest idle wait between polls. */
  maxIdleMs?: number;
}

interface Finished {
  record: AttemptRecord & { next: TaskNext };
  /** For event tasks: what the attempt means for the webhook's health once the task is settled. */
  health: 'succeeded' | 'failed' | undefined;
  done: () => void;
  fail: (error: unknown) => void;
}

/** Most attempts recorded in one transaction. */
const RECORD_BATCH = 500;

export class Dispatcher {
  private running = false;
  private inFlight = 0;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private pendingWake = false;
  private listener: ListenHandle | undefined;
  private readonly drained = new Set<Promise<void>>();
  /** Finished attempts waiting to be recorded (one transaction per batch, one batch at a time). */
  private finished: Finished[] = [];
  private flushing = false;
  /** Opened signing secrets by webhook id (valid while the sealed value is the same). */
  private readonly secretCache = new Map<string, { sealed: string; secret: string }>();

  constructor(private readonly settings: DispatcherSettings) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.listen();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    // In-flight attempts finish (bounded by the delivery timeout) so their results are recorded.
    await Promise.allSettled([...this.drained]);
    await this.listener?.stop();
    this.listener = undefined;
  }

  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** True while the LISTEN connection is up (otherwise the dispatcher only polls). */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /**
   * NOTIFY wakes the dispatcher when tasks are queued. The LISTEN connection re-listens with backoff
   * after it is lost (database restart, terminated backend) and wakes a pass when it is back, since
   * notifications sent meanwhile are gone; polling (maxIdleMs) covers the gap.
   */
  private listen(): void {
    this.listener = listen(this.settings.pool, `webhook_tasks_${this.settings.schema}`, () => this.wake(), this.settings.logger, {
      onListening: (again) => {
        if (again) this.wake();
      },
    });
  }

  private leaseMs(): number {
    return this.settings.timeoutMs + 5_000;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let waitMs = this.settings.maxIdleMs ?? 1_000;
      this.pendingWake = false;
      try {
        const capacity = this.settings.concurrency - this.inFlight;
        if (capacity > 0) {
          const tasks = await claimDueTasks(this.settings.pool, capacity, this.leaseMs());
          for (const task of tasks) this.launch(task);
          failures = 0;
          if (tasks.length === capacity) continue;
          // Sleep until the next retry is due, unless a NOTIFY or a finished attempt wakes us first.
          const due = await nextDueInMs(this.settings.pool);
          if (due !== undefined) waitMs = Math.max(0, Math.min(waitMs, Math.ceil(due)));
        }
      } catch (error) {
        failures += 1;
        waitMs = Math.min(5_000, 100 * 2 ** failures);
        this.settings.logger.warn({ err: error, failures }, 'dispatcher pass failed; will retry');
      }
      if (this.pendingWake || waitMs === 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        const self = this;
        function done() {
          clearTimeout(timer);
          self.wakeUp = undefined;
          resolve();
        }
        this.wakeUp = done;
      });
    }
  }

  private launch(task: ClaimedTask): void {
    this.inFlight += 1;
    const work = this.execute(task)
      .catch((error: unknown) => this.settings.logger.error({ err: error, taskId: task.id }, 'delivery bookkeeping failed; the lease will retry it'))
      .finally(() => {
        this.inFlight -= 1;
        this.drained.delete(work);
        this.wake();
      });
    this.drained.add(work);
  }

  private secretOf(task: ClaimedTask & { secret_sealed: string }): string {
    const cached = this.secretCache.get(task.webhook_id);
    if (cached && cached.sealed === task.secret_sealed) return cached.secret;
    const secret = this.settings.secrets.open(task.secret_sealed, task.webhook_id);
    if (this.secretCache.size >= 10_000) this.secretCache.clear();
    this.secretCache.set(task.webhook_id, { sealed: task.secret_sealed, secret });
    return secret;
  }

  private async execute(task: ClaimedTask): Promise<void> {
    const { settings } = this;
    if (!task.url || !task.secret_sealed || !task.active) {
      // Deleted or inactive meanwhile: inactive webhooks receive nothing.
      await cancelTask(settings.pool, task.id);
      return;
    }
    const secret = this.secretOf({ ...task, secret_sealed: task.secret_sealed });
    const deliveryId = randomUUID();
    const attemptedAt = new Date();
    const headers = deliveryHeaders({
      secret,
      messageId: task.message_id,
      deliveryId,
      event: task.event_type,
      body: task.body,
      timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
      requestId: task.request_id,
    });
    const result = await sendDelivery({ url: task.url, headers, body: task.body, timeoutMs: settings.timeoutMs, policy: settings.policy });
    deliveriesTotal.inc({ outcome: result.outcome, kind: task.kind });
    deliveryDuration.observe({ outcome: result.outcome }, result.durationMs / 1000);
    if (result.outcome === 'success') deliveryLag.observe((Date.now() - task.message_created_at.getTime()) / 1000);
    await this.record(task, deliveryId, attemptedAt, result);
  }

  /** Queues the attempt for the next batch and resolves once that batch is committed. */
  private record(task: ClaimedTask, deliveryId: string, attemptedAt: Date, result: SendResult): Promise<void> {
    const { settings } = this;
    const success = result.outcome === 'success';
    const decision = decideAfterAttempt(task.attempt, success, settings.retryDelaysMs, task.kind === 'event' ? settings.retryDelaysMs.length : 0);
    const next: TaskNext = decision.kind === 'retry' ? { status: 'pending', delayMs: decision.delayMs } : { status: decision.kind };
    if (!success) {
      settings.logger.info(
        { webhookId: task.webhook_id, messageId: task.message_id, attempt: task.attempt, error: result.error, next: decision.kind },
        'delivery attempt failed',
      );
    }
    return new Promise<void>((done, fail) => {
      this.finished.push({
        record: {
          id: deliveryId,
          taskId: task.id,
          webhookId: task.webhook_id,
          messageId: task.message_id,
          eventType: task.event_type,
          kind: task.kind,
          attempt: task.attempt,
          success,
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          error: result.error,
          attemptedAt,
          next,
        },
        health: task.kind === 'event' && decision.kind !== 'retry' ? decision.kind : undefined,
        done,
        fail,
      });
      void this.flush();
    });
  }

  /**
   * Records finished attempts in batches: while one batch commits, the next accumulates, so under load
   * a few transactions carry hundreds of attempts and when idle each attempt is recorded at once.
   */
  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.finished.length > 0) {
        const batch = this.finished.splice(0, RECORD_BATCH);
        try {
          await this.recordBatch(batch);
          for (const item of batch) item.done();
        } catch (error) {
          for (const item of batch) item.fail(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async recordBatch(batch: Finished[]): Promise<void> {
    const { settings } = this;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const disabled = await withTransaction(settings.pool, async (client) => {
          const pending = await recordAttempts(client, batch.map((item) => item.record));
          // Health of each webhook from its settled event tasks, in the order they finished.
          const outcomes = new Map<string, Array<'succeeded' | 'failed'>>();
          for (const item of batch) {
            if (!item.health || !pending.has(item.record.taskId)) continue;
            outcomes.set(item.record.webhookId, [...(outcomes.get(item.record.webhookId) ?? []), item.health]);
          }
          const updates = [...outcomes].map(([webhookId, list]) => ({ webhookId, ...foldOutcomes(list) }));
          const disabledNow = await applyHealth(client, updates, settings.maxConsecutiveFailures);
          for (const webhook of disabledNow) await cancelPendingTasks(client, webhook.webhookId);
          return disabledNow;
        });
        for (const webhook of disabled) {
          webhooksDisabled.inc();
          settings.logger.warn({ webhookId: webhook.webhookId, failureCount: webhook.failureCount }, 'webhook disabled after consecutive failures');
        }
        return;
      } catch (error) {
        // A deadlock or a webhook deleted mid-batch: the whole batch rolled back; try it again.
        if (attempt >= 3) throw error;
        settings.logger.warn({ err: error, attempt, size: batch.length }, 'recording a batch of attempts failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }
}
