/** The background task that closes the tally days due (close-due-days.ts) every TALLY_CLOSE_INTERVAL_MS; a failed pass waits for the next tick. */
import type { BackgroundTask, ServiceContext } from '@regatta/runtime';
import { closeDueDays } from './close-due-days.js';

export function tallyCloseTask(context: ServiceContext, intervalMs: number): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    async start() {
      timer = setInterval(() => {
        // A pass still running (a slow database) is not joined by another.
        if (running) return;
        running = closeDueDays(context)
          .catch((error: unknown) => context.logger.warn({ err: error }, 'tally closing pass failed; retried on the next tick'))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
