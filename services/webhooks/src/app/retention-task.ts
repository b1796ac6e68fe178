/** The background task (declared in service.ts) that runs a retention pass shortly after start, then every `intervalMs`. */
import type { Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { BackgroundTask } from '@regatta/runtime';
import { pruneDeliveries } from './prune-deliveries.js';

export interface RetentionSettings {
  retentionDays: number;
  intervalMs: number;
  /** Delay of the first pass after start. */
  firstDelayMs?: number;
}

export function retentionTask(deps: { pool: Pool; logger: Logger }, settings: RetentionSettings): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const schedule = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pruneDeliveries(deps, settings.retentionDays)
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'retention pass failed; will retry at the next interval'))
        .finally(() => schedule(settings.intervalMs));
    }, delayMs);
    timer.unref();
  };
  return {
    async start() {
      stopped = false;
      schedule(settings.firstDelayMs ?? 60_000);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
