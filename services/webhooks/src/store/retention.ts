/**
 * Retention: messages, their delivery tasks and attempts older than the retention period are deleted
 * in small batches (short transactions, no long locks). Kept regardless of age: tasks still pending
 * (a retry is due) and the messages they belong to, and messages with a task that finished within the
 * period (e.g. an old message redelivered yesterday keeps its history). Webhooks and the
 * regatta -> organization projection are never pruned.
 */
import type { Queryable } from '@regatta/db';

export interface PruneResult {
  attempts: number;
  tasks: number;
  messages: number;
}

async function inBatches(run: () => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await run();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/** Deletes what is older than `cutoff`; `batchSize` rows per statement. */
export async function pruneOlderThan(db: Queryable, cutoff: Date, batchSize = 5_000): Promise<PruneResult> {
  // Attempts first (the list a webhook's owner sees), then finished tasks, then messages nothing keeps.
  const attempts = await inBatches(async () => {
    const result = await db.query(
      `DELETE FROM delivery_attempts WHERE id IN (SELECT id FROM delivery_attempts WHERE attempted_at < $1 LIMIT $2)`,
      [cutoff, batchSize],
    );
    return result.rowCount ?? 0;
  }, batchSize);
  const tasks = await inBatches(async () => {
    const result = await db.query(
      `DELETE FROM delivery_tasks WHERE id IN (
         SELECT t.id FROM delivery_tasks t
          WHERE t.status <> 'pending' AND t.completed_at < $1
            AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.task_id = t.id)
          LIMIT $2)`,
      [cutoff, batchSize],
    );
    return result.rowCount ?? 0;
  }, batchSize);
  const messages = await inBatches(async () => {
    const result = await db.query(
      `DELETE FROM messages WHERE id IN (
         SELECT m.id FROM messages m
          WHERE m.received_at < $1
            AND NOT EXISTS (SELECT 1 FROM delivery_tasks t WHERE t.message_id = m.id AND (t.status = 'pending' OR t.completed_at >= $1))
          LIMIT $2)`,
      [cutoff, batchSize],
    );
    return result.rowCount ?? 0;
  }, batchSize);
  return { attempts, tasks, messages };
}

/** One retention pass at a time per database: a session lock; false when another process holds it. */
export async function tryLockRetention(db: Queryable): Promise<boolean> {
  const lock = await db.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended('webhooks.retention.' || current_schema(), 0)) AS locked`);
  return lock.rows[0]?.locked ?? false;
}

export async function unlockRetention(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_unlock(hashtextextended('webhooks.retention.' || current_schema(), 0))`);
}
