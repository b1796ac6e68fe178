/**
 * One retention pass: deletes messages, tasks and attempts older than `retentionDays`
 * (store/retention.ts). Several replicas may run it; one pass at a time per database (a session
 * advisory lock), the others skip that round.
 */
import { checkout, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { pruneOlderThan, tryLockRetention, unlockRetention, type PruneResult } from '../store/retention.js';

const DAY_MS = 86_400_000;

/** Undefined when another process holds the lock. */
export async function pruneDeliveries(deps: { pool: Pool; logger: Logger }, retentionDays: number, now = new Date()): Promise<PruneResult | undefined> {
  // checkout: a connection lost mid-pass must not crash the process (no 'error' listener otherwise).
  const lease = await checkout(deps.pool);
  const client = lease.client;
  let unusable: Error | undefined;
  try {
    if (!(await tryLockRetention(client))) return undefined;
    try {
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
      const result = await pruneOlderThan(client, cutoff);
      if (result.attempts + result.tasks + result.messages > 0) {
        deps.logger.info({ ...result, cutoff: cutoff.toISOString() }, 'retention: deleted old deliveries');
      }
      return result;
    } finally {
      // A session lock that could not be released must not go back to the pool with its connection.
      await unlockRetention(client).catch((error: Error) => (unusable = error));
    }
  } finally {
    lease.release(unusable);
  }
}
