/** SQL for messages (one per public event), their fan-out into delivery tasks, and the regatta -> organization projection. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@regatta/db';

export const TASKS_CHANNEL = (schema: string) => `webhook_tasks_${schema}`;

/** Wakes dispatchers at commit (NOTIFY is transactional); they also poll. */
export async function notifyDispatchers(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_notify('webhook_tasks_' || current_schema(), '')`);
}

/**
 * Serializes, per regatta, learning its organization (event.created/updated) with parking a fact that
 * lacks it: partitions and topics are consumed side by side, so without the lock a fact could look
 * the organization up before event.created commits and be parked after its routing pass had run.
 * Held until the consumer's transaction commits.
 */
export async function lockRegatta(db: Queryable, eventId: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhooks.regatta:' || $1, 0))`, [eventId]);
}

export async function upsertEventOrganization(db: Queryable, eventId: string, organizationId: string): Promise<void> {
  await db.query(
    `INSERT INTO event_organizations (event_id, organization_id) VALUES ($1, $2)
     ON CONFLICT (event_id) DO UPDATE SET organization_id = EXCLUDED.organization_id, updated_at = now()`,
    [eventId, organizationId],
  );
}

export async function organizationOfEvent(db: Queryable, eventId: string): Promise<string | undefined> {
  const result = await db.query<{ organization_id: string }>(`SELECT organization_id FROM event_organizations WHERE event_id = $1`, [eventId]);
  return result.rows[0]?.organization_id;
}

export interface NewMessage {
  id: string;
  eventType: string;
  organizationId: string | null;
  eventId: string | null;
  body: string;
  requestId: string | null;
  createdAt: Date;
}

/** Inserts the message; false when a message with this id exists already (a redelivered fact). */
export async function insertMessage(db: Queryable, message: NewMessage): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO messages (id, event_type, organization_id, event_id, body, request_id, created_at, routed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
    [message.id, message.eventType, message.organizationId, message.eventId, message.body, message.requestId, message.createdAt, message.organizationId !== null],
  );
  return (result.rowCount ?? 0) > 0;
}

/**
 * The consumer's write for one fact, in one round trip: the message (skipped when its id exists
 * already: a redelivered fact), one pending event task per active webhook of the organization
 * subscribed to its type, and a NOTIFY for the dispatchers when there are tasks (delivered at commit;
 * PostgreSQL folds repeated notifications of one transaction into one).
 */
export async function insertMessageWithTasks(db: Queryable, message: NewMessage): Promise<{ inserted: boolean; tasks: number }> {
  const result = await db.query<{ inserted: number; tasks: number }>(
    `WITH message AS (
       INSERT INTO messages (id, event_type, organization_id, event_id, body, request_id, created_at, routed, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $3::uuid IS NOT NULL, clock_timestamp()) ON CONFLICT (id) DO NOTHING
       RETURNING id, organization_id
     ), tasks AS (
       INSERT INTO delivery_tasks (id, webhook_id, message_id, kind)
       SELECT gen_random_uuid(), w.id, message.id, 'event' FROM message JOIN webhooks w ON w.organization_id = message.organization_id
        WHERE w.active AND $2 = ANY (w.events)
       ON CONFLICT DO NOTHING
       RETURNING 1
     ), counts AS (
       SELECT (SELECT count(*) FROM message)::int AS inserted, (SELECT count(*) FROM tasks)::int AS tasks
     )
     SELECT inserted, tasks, CASE WHEN tasks > 0 THEN pg_notify('webhook_tasks_' || current_schema(), '') END AS notified FROM counts`,
    [message.id, message.eventType, message.organizationId, message.eventId, message.body, message.requestId, message.createdAt],
  );
  const row = result.rows[0];
  return { inserted: (row?.inserted ?? 0) > 0, tasks: row?.tasks ?? 0 };
}

/** One pending event task per active webhook of the organization subscribed to the event type. */
export async function fanOut(db: Queryable, messageId: string, organizationId: string, eventType: string): Promise<number> {
  const result = await db.query(
    `INSERT INTO delivery_tasks (id, webhook_id, message_id, kind)
     SELECT gen_random_uuid(), w.id, $1, 'event' FROM webhooks w
      WHERE w.organization_id = $2 AND w.active AND $3 = ANY (w.events)
     ON CONFLICT DO NOTHING`,
    [messageId, organizationId, eventType],
  );
  const count = result.rowCount ?? 0;
  if (count > 0) await notifyDispatchers(db);
  return count;
}

/** Messages that arrived before their regatta's organization was known: route them now. */
export async function routeWaitingMessages(db: Queryable, eventId: string, organizationId: string): Promise<number> {
  const waiting = await db.query<{ id: string; event_type: string }>(
    `UPDATE messages SET organization_id = $2, routed = true WHERE event_id = $1 AND NOT routed RETURNING id, event_type`,
    [eventId, organizationId],
  );
  let tasks = 0;
  for (const row of waiting.rows) tasks += await fanOut(db, row.id, organizationId, row.event_type);
  return tasks;
}

/** A manual (ping or redeliver) task: one attempt, not counted towards failureCount. */
export async function insertManualTask(db: Queryable, webhookId: string, messageId: string, kind: 'ping' | 'redeliver'): Promise<string> {
  const id = randomUUID();
  await db.query(`INSERT INTO delivery_tasks (id, webhook_id, message_id, kind) VALUES ($1, $2, $3, $4)`, [id, webhookId, messageId, kind]);
  await notifyDispatchers(db);
  return id;
}
