/**
 * The outbox of messages: one row per (fact, recipient, kind), inserted in the consumer's transaction
 * (with its inbox row), leased and marked by the worker.
 */
import type { Queryable } from '@regatta/db';
import type { MessageParams } from '../domain/message.js';
import type { NotificationKind } from '../domain/kinds.js';

export const MESSAGES_CHANNEL = (schema: string) => `notifications_${schema}`;

/** A person a message goes to and, for an entrant, the registration it is about. */
export interface Recipient {
  userId: string;
  registrationId: string | null;
}

export interface QueueRequest {
  factId: string;
  kind: NotificationKind;
  eventId: string | null;
  params: MessageParams;
  recipients: readonly Recipient[];
  /** Sent whatever the person chose (safety and security). */
  mandatory: boolean;
}

/**
 * The person of `recipient.user_id` switched kind $2 off in general or for regatta $3 (SQL, for a
 * WHERE clause over a row source named `recipient`).
 */
export const SWITCHED_OFF = `EXISTS (
  SELECT 1 FROM preferences p
  WHERE p.user_id = recipient.user_id AND p.kind = $2 AND NOT p.enabled AND p.event_key IN ('', COALESCE($3::uuid::text, '')))`;

/** One recipient per person (the first registration named for them). */
export function distinctRecipients(recipients: readonly Recipient[]): Recipient[] {
  const seen = new Map<string, Recipient>();
  for (const recipient of recipients) if (!seen.has(recipient.userId)) seen.set(recipient.userId, recipient);
  return [...seen.values()];
}

/**
 * Queues the message for every person in `userIds` who has not switched the kind off (in general or
 * for this regatta); a (fact, person, kind) already queued stays as it is. Returns how many rows
 * were added.
 */
export async function queueMessages(db: Queryable, schema: string, request: QueueRequest): Promise<number> {
  if (request.recipients.length === 0) return 0;
  const recipients = distinctRecipients(request.recipients);
  const result = await db.query(
    `INSERT INTO messages (fact_id, user_id, kind, event_id, params, registration_id)
     SELECT $1, recipient.user_id, $2, $3::uuid, $4::jsonb, recipient.registration_id
     FROM unnest($5::uuid[], $7::uuid[]) AS recipient (user_id, registration_id)
     WHERE $6 OR NOT ${SWITCHED_OFF}
     ON CONFLICT (fact_id, user_id, kind) DO NOTHING`,
    [request.factId, request.kind, request.eventId, JSON.stringify(request.params), recipients.map((r) => r.userId), request.mandatory, recipients.map((r) => r.registrationId)],
  );
  const added = result.rowCount ?? 0;
  if (added > 0) await db.query('SELECT pg_notify($1, $2)', [MESSAGES_CHANNEL(schema), String(added)]);
  return added;
}

export interface ClaimedMessage {
  id: string;
  factId: string;
  userId: string;
  kind: NotificationKind;
  eventId: string | null;
  /** The registration of an entrant's message (how a sailor without an account is reached). */
  registrationId: string | null;
  params: MessageParams;
  attempt: number;
  /** A worker leased it before and never marked it (it died mid-send). */
  leaseExpired: boolean;
}

/**
 * Leases up to `limit` messages that are due: pending ones whose time has come, and ones a worker
 * leased and never marked (it died) once the lease ran out. Several workers may claim side by side.
 */
export async function claimDue(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const result = await db.query<{ id: string; fact_id: string; user_id: string; kind: NotificationKind; event_id: string | null; registration_id: string | null; params: MessageParams; attempts: number; was: string }>(
    `WITH due AS (
       SELECT id, status AS was FROM messages
       WHERE status IN ('pending', 'sending') AND next_attempt_at <= now() AND (status = 'pending' OR lease_until < now())
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE messages m SET status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => $2::double precision / 1000)
     FROM due WHERE m.id = due.id
     RETURNING m.id, m.fact_id, m.user_id, m.kind, m.event_id, m.registration_id, m.params, m.attempts, due.was`,
    [limit, leaseMs],
  );
  return result.rows.map((row) => ({
    id: row.id, factId: row.fact_id, userId: row.user_id, kind: row.kind, eventId: row.event_id, registrationId: row.registration_id, params: row.params, attempt: row.attempts,
    leaseExpired: row.was === 'sending',
  }));
}

/** Milliseconds until the next message falls due (undefined when none waits). */
export async function nextDueInMs(db: Queryable): Promise<number | undefined> {
  const result = await db.query<{ due_ms: number | null }>(
    `SELECT EXTRACT(EPOCH FROM (min(CASE WHEN status = 'sending' THEN GREATEST(next_attempt_at, lease_until) ELSE next_attempt_at END) - now())) * 1000 AS due_ms
     FROM messages WHERE status IN ('pending', 'sending')`,
  );
  const due = result.rows[0]?.due_ms;
  return due === null || due === undefined ? undefined : Number(due);
}

export interface SendResult {
  id: string;
  decision: { kind: 'sent' } | { kind: 'retry'; delayMs: number; error: string } | { kind: 'failed'; error: string };
  locale: string | null;
  subject: string | null;
}

/** Marks what the worker did with each leased message (one statement per outcome). */
export async function recordResults(db: Queryable, results: readonly SendResult[]): Promise<void> {
  const sent = results.filter((result) => result.decision.kind === 'sent');
  if (sent.length > 0) {
    await db.query(
      `UPDATE messages m SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL, locale = s.locale, subject = s.subject
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS s (id, locale, subject) WHERE m.id = s.id`,
      [sent.map((r) => r.id), sent.map((r) => r.locale), sent.map((r) => r.subject)],
    );
  }
  const retries = results.filter((result) => result.decision.kind === 'retry');
  if (retries.length > 0) {
    await db.query(
      `UPDATE messages m SET status = 'pending', lease_until = NULL, last_error = s.error,
         next_attempt_at = now() + make_interval(secs => s.delay_ms / 1000)
       FROM unnest($1::uuid[], $2::double precision[], $3::text[]) AS s (id, delay_ms, error) WHERE m.id = s.id`,
      [retries.map((r) => r.id), retries.map((r) => (r.decision.kind === 'retry' ? r.decision.delayMs : 0)), retries.map((r) => (r.decision.kind === 'retry' ? r.decision.error : ''))],
    );
  }
  const failed = results.filter((result) => result.decision.kind === 'failed');
  if (failed.length > 0) {
    await db.query(
      `UPDATE messages m SET status = 'failed', failed_at = now(), lease_until = NULL, last_error = s.error, locale = s.locale, subject = s.subject
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS s (id, error, locale, subject) WHERE m.id = s.id`,
      [failed.map((r) => r.id), failed.map((r) => (r.decision.kind === 'failed' ? r.decision.error : '')), failed.map((r) => r.locale), failed.map((r) => r.subject)],
    );
  }
}

export interface LoggedMessage {
  id: string;
  kind: NotificationKind;
  eventId: string | null;
  params: MessageParams;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  subject: string | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
}

/** A person's messages, newest first. */
export async function messagesOf(db: Queryable, userId: string, limit: number, offset: number): Promise<{ items: LoggedMessage[]; hasMore: boolean }> {
  const result = await db.query<{
    id: string; kind: NotificationKind; event_id: string | null; params: MessageParams; status: LoggedMessage['status']; attempts: number;
    subject: string | null; last_error: string | null; created_at: Date; sent_at: Date | null; failed_at: Date | null;
  }>(
    `SELECT id, kind, event_id, params, status, attempts, subject, last_error, created_at, sent_at, failed_at
     FROM messages WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [userId, limit + 1, offset],
  );
  const items = result.rows.slice(0, limit).map((row) => ({
    id: row.id, kind: row.kind, eventId: row.event_id, params: row.params, status: row.status, attempts: row.attempts,
    subject: row.subject, lastError: row.last_error, createdAt: row.created_at, sentAt: row.sent_at, failedAt: row.failed_at,
  }));
  return { items, hasMore: result.rows.length > limit };
}

/** What a guest sailor sees of one message: no address, no error text (a refusal may quote the server). */
export interface GuestLoggedMessage {
  kind: NotificationKind;
  subject: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
}

/** The messages decided for one registration (a sailor entered without an account), newest first. */
export async function messagesOfRegistration(db: Queryable, registrationId: string, limit: number): Promise<GuestLoggedMessage[]> {
  const result = await db.query<{ kind: NotificationKind; subject: string | null; status: GuestLoggedMessage['status']; created_at: Date; sent_at: Date | null; failed_at: Date | null }>(
    `SELECT kind, subject, status, created_at, sent_at, failed_at FROM messages
     WHERE registration_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [registrationId, limit],
  );
  return result.rows.map((row) => ({ kind: row.kind, subject: row.subject, status: row.status, createdAt: row.created_at, sentAt: row.sent_at, failedAt: row.failed_at }));
}

/** Messages by status (for the backlog gauge). */
export async function countByStatus(db: Queryable): Promise<Record<string, number>> {
  const result = await db.query<{ status: string; count: string }>(`SELECT status, count(*) AS count FROM messages WHERE status IN ('pending', 'sending') GROUP BY status`);
  return Object.fromEntries(result.rows.map((row) => [row.status, Number(row.count)]));
}
