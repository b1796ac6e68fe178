/**
 * The background pass that makes posted results official once their protest time limit has passed
 * (and no hearing concerning them is open). Every process runs it; the fleet lock and the re-read
 * under it make concurrent passes harmless.
 */
import type { BackgroundTask, ServiceContext } from '@regatta/runtime';
import { makeOfficialByTimeLimit } from './make-official.js';
import type { ResultsResources } from './resources.js';

/** Deadlines are minutes apart in practice; a second's delay is invisible and the query is indexed. */
export const OFFICIAL_PASS_EVERY_MS = 1_000;

export function officialTask(context: ServiceContext, resources: ResultsResources): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    async start() {
      timer = setInterval(() => {
        running = running
          .then(() => makeOfficialByTimeLimit(context, resources))
          .catch((error: unknown) => context.logger.warn({ err: error }, 'official pass failed; retried on the next tick'));
      }, OFFICIAL_PASS_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
