/** SQL for the dispatcher: leasing due tasks, recording attempts, and the webhook's health. */
import type { Queryable } from '@regatta/db';
import type { AttemptRow } from '../domain/records.js';
import type { ResponseExcerpt } from '../domain/response-excerpt.js';

export interface ClaimedTask {
  id: string;
  webhook_id: string;
  message_id: string;
  kind: 'event' | 'redeliver' | 'ping';
  /** The number this attempt will have (attempts recorded so far + 1). */
  attempt: number;
  url: string | null;
  secret_sealed: string | null;
  active: boolean | null;
  event_type: string;
  body: string;
  request_id: string | null;
  message_created_at: Date;
}

/**
 * Leases up to `limit` due tasks: the rows are locked with SKIP LOCKED (so concurrent dispatchers
 * never take the same task) and pushed `leaseMs` into the future, then the lock is released at
 * commit. A dispatcher that dies mid-attempt leaves the task due again when the lease ends.
 */
export async function claimDueTasks(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedTask[]> {
  const result = await db.query<ClaimedTask>(
    `WITH due AS (
       SELECT id FROM delivery_tasks
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT $1
        FOR NO KEY UPDATE SKIP LOCKED
     ), leased AS (
       UPDATE delivery_tasks t SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000)
         FROM due WHERE t.id = due.id
       RETURNING t.id, t.webhook_id, t.message_id, t.kind, t.attempts + 1 AS attempt
     )
     SELECT l.*, w.url, w.secret_sealed, w.active, m.event_type, m.body, m.request_id, m.created_at AS message_created_at
       FROM leased l
       JOIN messages m ON m.id = l.message_id
       LEFT JOIN webhooks w ON w.id = l.webhook_id`,
    [limit, leaseMs],
  );
  return result.rows;
}

export async function nextDueInMs(db: Queryable): Promise<number | undefined> {
  const result = await db.query<{ ms: number | null }>(
    `SELECT (EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000)::float8 AS ms FROM delivery_tasks WHERE status = 'pending'`,
  );
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? undefined : Number(ms);
}

export async function cancelTask(db: Queryable, taskId: string): Promise<void> {
  await db.query(`UPDATE delivery_tasks SET status = 'cancelled', completed_at = now() WHERE id = $1 AND status = 'pending'`, [taskId]);
}

export interface AttemptRecord {
  id: string;
  taskId: string;
  webhookId: string;
  messageId: string;
  eventType: string;
  kind: string;
  attempt: number;
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  response: ResponseExcerpt | null;
  attemptedAt: Date;
}

export type TaskNext = { status: 'succeeded' | 'failed' } | { status: 'pending'; delayMs: number };

/**
 * Records a batch of finished attempts in the caller's transaction: the attempt rows (skipped for
 * webhooks deleted meanwhile) and each task moved on (retry time, or its final status). Returns the
 * ids of the tasks that were still pending: the others were cancelled (paused, disabled) or deleted
 * while their attempt was in flight and do not count towards the webhook's health.
 */
export async function recordAttempts(db: Queryable, attempts: ReadonlyArray<AttemptRecord & { next: TaskNext }>): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const column = <T>(pick: (attempt: AttemptRecord & { next: TaskNext }) => T) => attempts.map(pick);
  await db.query(
    `INSERT INTO delivery_attempts (id, task_id, webhook_id, message_id, event_type, kind, attempt, success, status_code, duration_ms, error, attempted_at,
                                    response_body, response_truncated, response_binary, response_content_type)
     SELECT v.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bool[], $9::int[], $10::int[], $11::text[], $12::timestamptz[],
                            $13::text[], $14::bool[], $15::bool[], $16::text[])
              AS v(id, task_id, webhook_id, message_id, event_type, kind, attempt, success, status_code, duration_ms, error, attempted_at,
                   response_body, response_truncated, response_binary, response_content_type)
      WHERE EXISTS (SELECT 1 FROM delivery_tasks t WHERE t.id = v.task_id)`,
    [
      column((a) => a.id),
      column((a) => a.taskId),
      column((a) => a.webhookId),
      column((a) => a.messageId),
      column((a) => a.eventType),
      column((a) => a.kind),
      column((a) => a.attempt),
      column((a) => a.success),
      column((a) => a.statusCode),
      column((a) => a.durationMs),
      column((a) => a.error),
      column((a) => a.attemptedAt),
      column((a) => a.response?.body ?? null),
      column((a) => a.response?.truncated ?? null),
      column((a) => a.response?.binary ?? null),
      column((a) => a.response?.contentType ?? null),
    ],
  );
  // Lock in id order so that concurrent batches (several dispatchers, a PATCH cancelling) cannot deadlock.
  const settled = await db.query<{ id: string }>(
    `WITH v AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::float8[]) AS v(id, attempt, status, delay_ms)
     ), locked AS (
       SELECT t.id FROM delivery_tasks t JOIN v ON v.id = t.id WHERE t.status = 'pending' ORDER BY t.id FOR NO KEY UPDATE OF t
     )
     UPDATE delivery_tasks t SET
         attempts = v.attempt,
         status = v.status,
         next_attempt_at = CASE WHEN v.status = 'pending' THEN now() + make_interval(secs => v.delay_ms / 1000) ELSE t.next_attempt_at END,
         completed_at = CASE WHEN v.status = 'pending' THEN NULL ELSE now() END
       FROM v, locked
      WHERE t.id = v.id AND t.id = locked.id
     RETURNING t.id`,
    [column((a) => a.taskId), column((a) => a.attempt), column((a) => a.next.status), column((a) => (a.next.status === 'pending' ? a.next.delayMs : 0))],
  );
  return new Set(settled.rows.map((row) => row.id));
}

/**
 * The health of several webhooks after a batch of finished event deliveries, one fold per webhook
 * (domain/failures.ts foldOutcomes and applyFolded): a success resets failureCount to 0 and sets
 * lastTriggeredAt, then the failures after it are added; reaching `maxFailures` makes the webhook
 * inactive. Returns the webhooks this batch disabled.
 */
export async function applyHealth(
  db: Queryable,
  updates: ReadonlyArray<{ webhookId: string; reset: boolean; failures: number }>,
  maxFailures: number,
): Promise<Array<{ webhookId: string; failureCount: number }>> {
  if (updates.length === 0) return [];
  const result = await db.query<{ id: string; failure_count: number; disabled: boolean }>(
    `WITH v AS (
       SELECT * FROM unnest($1::uuid[], $2::bool[], $3::int[]) AS v(id, reset, failures)
     ), old AS (
       SELECT w.id, w.active, (CASE WHEN v.reset THEN 0 ELSE w.failure_count END) + v.failures AS count
         FROM webhooks w JOIN v ON v.id = w.id ORDER BY w.id FOR NO KEY UPDATE OF w
     )
     UPDATE webhooks w SET
         failure_count = old.count,
         last_triggered_at = CASE WHEN v.reset THEN now() ELSE w.last_triggered_at END,
         active = old.active AND old.count < $4,
         disabled_reason = CASE WHEN old.active AND old.count >= $4 THEN 'failures' ELSE w.disabled_reason END
       FROM v, old
      WHERE w.id = v.id AND old.id = v.id
     RETURNING w.id, w.failure_count, (old.active AND old.count >= $4) AS disabled`,
    [updates.map((u) => u.webhookId), updates.map((u) => u.reset), updates.map((u) => u.failures), maxFailures],
  );
  return result.rows.filter((row) => row.disabled).map((row) => ({ webhookId: row.id, failureCount: row.failure_count }));
}

export async function listAttempts(db: Queryable, webhookId: string, limit: number, offset: number): Promise<AttemptRow[]> {
  const result = await db.query<AttemptRow>(
    `SELECT id, message_id, event_type, kind, attempt, success, status_code, duration_ms, error, attempted_at,
            response_body, response_truncated, response_binary, response_content_type
       FROM delivery_attempts WHERE webhook_id = $1 ORDER BY attempted_at DESC, id LIMIT $2 OFFSET $3`,
    [webhookId, limit, offset],
  );
  return result.rows;
}

export async function findAttempt(db: Queryable, webhookId: string, attemptId: string): Promise<AttemptRow | undefined> {
  const result = await db.query<AttemptRow>(
    `SELECT id, message_id, event_type, kind, attempt, success, status_code, duration_ms, error, attempted_at,
            response_body, response_truncated, response_binary, response_content_type
       FROM delivery_attempts WHERE webhook_id = $1 AND id = $2`,
    [webhookId, attemptId],
  );
  return result.rows[0];
}
