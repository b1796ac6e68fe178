/**
 * The dispatcher: the background task (declared in service.ts) that runs deliveries. Each pass leases
 * due tasks (app/claim-deliveries.ts), attempts them concurrently (app/attempt-delivery.ts) and records
 * the attempts in batches (app/record-attempts.ts). All state is in PostgreSQL, so a restart (even
 * SIGKILL) delays deliveries but loses none; several replicas can run side by side (SKIP LOCKED).
 * This file only schedules: no SQL, no HTTP.
 */
import { listen, type ListenHandle, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { BackgroundTask } from '@regatta/runtime';
import { TASKS_CHANNEL } from '../store/messages.js';
import type { ClaimedTask } from '../store/deliveries.js';
import { attemptDelivery, type FinishedAttempt } from './attempt-delivery.js';
import { claimDeliveries, nextDeliveryDueInMs } from './claim-deliveries.js';
import { recordDeliveryAttempts } from './record-attempts.js';
import type { WebhooksResources } from './resources.js';

interface Queued {
  attempt: FinishedAttempt;
  done: () => void;
  fail: (error: unknown) => void;
}

/** Most attempts recorded in one transaction. */
const RECORD_BATCH = 500;

export class Dispatcher implements BackgroundTask {
  private running = false;
  private inFlight = 0;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private pendingWake = false;
  private listener: ListenHandle | undefined;
  private readonly drained = new Set<Promise<void>>();
  /** Finished attempts waiting to be recorded (one transaction per batch, one batch at a time). */
  private finished: Queued[] = [];
  private flushing = false;

  constructor(
    private readonly deps: { pool: Pool; logger: Logger; schema: string },
    private readonly resources: Pick<WebhooksResources, 'secrets' | 'sender' | 'delivery'>,
  ) {}

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
    this.listener = listen(this.deps.pool, TASKS_CHANNEL(this.deps.schema), () => this.wake(), this.deps.logger, {
      onListening: (again) => {
        if (again) this.wake();
      },
    });
  }

  private leaseMs(): number {
    return this.resources.delivery.timeoutMs + 5_000;
  }

  private async run(): Promise<void> {
    const settings = this.resources.delivery;
    let failures = 0;
    while (this.running) {
      let waitMs = settings.maxIdleMs ?? 1_000;
      this.pendingWake = false;
      try {
        const capacity = settings.concurrency - this.inFlight;
        if (capacity > 0) {
          const tasks = await claimDeliveries(this.deps.pool, capacity, this.leaseMs());
          for (const task of tasks) this.launch(task);
          failures = 0;
          if (tasks.length === capacity) continue;
          // Sleep until the next retry is due, unless a NOTIFY or a finished attempt wakes us first.
          const due = await nextDeliveryDueInMs(this.deps.pool);
          if (due !== undefined) waitMs = Math.max(0, Math.min(waitMs, Math.ceil(due)));
        }
      } catch (error) {
        failures += 1;
        waitMs = Math.min(5_000, 100 * 2 ** failures);
        this.deps.logger.warn({ err: error, failures }, 'dispatcher pass failed; will retry');
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
    const work = attemptDelivery(this.deps, this.resources, task)
      .then((attempt) => (attempt ? this.record(attempt) : undefined))
      .catch((error: unknown) => this.deps.logger.error({ err: error, taskId: task.id }, 'delivery bookkeeping failed; the lease will retry it'))
      .finally(() => {
        this.inFlight -= 1;
        this.drained.delete(work);
        this.wake();
      });
    this.drained.add(work);
  }

  /** Queues the attempt for the next batch and resolves once that batch is committed. */
  private record(attempt: FinishedAttempt): Promise<void> {
    return new Promise<void>((done, fail) => {
      this.finished.push({ attempt, done, fail });
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
          await recordDeliveryAttempts(
            this.deps,
            batch.map((item) => item.attempt),
            this.resources.delivery.maxConsecutiveFailures,
          );
          for (const item of batch) item.done();
        } catch (error) {
          for (const item of batch) item.fail(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
