/**
 * Periodic retention: every `intervalMs` (and shortly after start) deletes messages, tasks and
 * attempts older than `retentionDays` (store/retention.ts). Several replicas may run it; one pass at a
 * time per database (a session advisory lock), the others skip that round.
 */
import { checkout, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { pruneOlderThan, type PruneResult } from '../store/retention.js';

export interface PrunerSettings {
  pool: Pool;
  logger: Logger;
  retentionDays: number;
  intervalMs: number;
  /** Delay of the first pass after start. */
  firstDelayMs?: number;
}

const DAY_MS = 86_400_000;

export class Pruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly settings: PrunerSettings) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.schedule(this.settings.firstDelayMs ?? 60_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pruneOnce()
        .catch((error: unknown) => this.settings.logger.warn({ err: error }, 'retention pass failed; will retry at the next interval'))
        .finally(() => this.schedule(this.settings.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  /** One pass; undefined when another process holds the lock. */
  async pruneOnce(now = new Date()): Promise<PruneResult | undefined> {
    // checkout: a connection lost mid-pass must not crash the process (no 'error' listener otherwise).
    const lease = await checkout(this.settings.pool);
    const client = lease.client;
    let unusable: Error | undefined;
    try {
      const lock = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('webhooks.retention.' || current_schema(), 0)) AS locked`);
      if (!lock.rows[0]?.locked) return undefined;
      try {
        const cutoff = new Date(now.getTime() - this.settings.retentionDays * DAY_MS);
        const result = await pruneOlderThan(client, cutoff);
        if (result.attempts + result.tasks + result.messages > 0) {
          this.settings.logger.info({ ...result, cutoff: cutoff.toISOString() }, 'retention: deleted old deliveries');
        }
        return result;
      } finally {
        // A session lock that could not be released must not go back to the pool with its connection.
        await client
          .query(`SELECT pg_advisory_unlock(hashtextextended('webhooks.retention.' || current_schema(), 0))`)
          .catch((error: Error) => (unusable = error));
      }
    } finally {
      lease.release(unusable);
    }
  }
}
