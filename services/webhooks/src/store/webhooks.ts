/** SQL for subscriptions. */
import type { Queryable } from '@regatta/db';
import type { WebhookRow } from '../domain/records.js';

export async function insertWebhook(
  db: Queryable,
  row: { id: string; organizationId: string; url: string; events: string[]; secretSealed: string; createdBy: string | null },
): Promise<WebhookRow> {
  const result = await db.query<WebhookRow>(
    `INSERT INTO webhooks (id, organization_id, url, events, secret_sealed, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [row.id, row.organizationId, row.url, row.events, row.secretSealed, row.createdBy],
  );
  return result.rows[0]!;
}

export async function listWebhooks(db: Queryable, organizationIds: string[]): Promise<WebhookRow[]> {
  const result = await db.query<WebhookRow>(
    `SELECT * FROM webhooks WHERE organization_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [organizationIds],
  );
  return result.rows;
}

export async function findWebhook(db: Queryable, id: string, forUpdate = false): Promise<WebhookRow | undefined> {
  const result = await db.query<WebhookRow>(`SELECT * FROM webhooks WHERE id = $1${forUpdate ? ' FOR NO KEY UPDATE' : ''}`, [id]);
  return result.rows[0];
}

export interface WebhookChanges {
  url?: string;
  events?: string[];
  active?: boolean;
}

/**
 * Applies a PATCH. Pausing cancels the webhook's pending tasks (inactive webhooks get nothing);
 * resuming clears failureCount so an auto-disabled webhook gets a fresh run of 10.
 */
export async function updateWebhook(db: Queryable, current: WebhookRow, changes: WebhookChanges): Promise<WebhookRow> {
  const pausing = changes.active === false && current.active;
  const resuming = changes.active === true && !current.active;
  const result = await db.query<WebhookRow>(
    `UPDATE webhooks SET
       url = COALESCE($2, url),
       events = COALESCE($3, events),
       active = COALESCE($4, active),
       disabled_reason = CASE WHEN $5 THEN 'paused' WHEN $6 THEN NULL ELSE disabled_reason END,
       failure_count = CASE WHEN $6 THEN 0 ELSE failure_count END,
       updated_at = now()
     WHERE id = $1 RETURNING *`,
    [current.id, changes.url ?? null, changes.events ?? null, changes.active ?? null, pausing, resuming],
  );
  if (pausing) await cancelPendingTasks(db, current.id);
  return result.rows[0]!;
}

export async function deleteWebhook(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query(`DELETE FROM webhooks WHERE id = $1`, [id]);
  return (result.rowCount ?? 0) > 0;
}

export async function cancelPendingTasks(db: Queryable, webhookId: string): Promise<number> {
  const result = await db.query(
    `UPDATE delivery_tasks SET status = 'cancelled', completed_at = now() WHERE webhook_id = $1 AND status = 'pending'`,
    [webhookId],
  );
  return result.rowCount ?? 0;
}
