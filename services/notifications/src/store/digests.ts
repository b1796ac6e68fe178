/**
 * The organizers' daily digests: who chose one, the changes gathered for it (collected in the
 * deciding transaction), and turning the due ones into one outbox message each.
 */
import type { PoolClient, Queryable } from '@regatta/db';
import type { NotificationKind } from '../domain/kinds.js';
import type { MessageParams, OrganizerEntryItem } from '../domain/message.js';
import { MESSAGES_CHANNEL, SWITCHED_OFF } from './messages.js';

/**
 * The people among `userIds` who receive `kind` about regatta `eventId` as a digest: the regatta's
 * own choice, else the general one, else at once.
 */
export async function digestChoosers(db: Queryable, kind: NotificationKind, eventId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const result = await db.query<{ user_id: string }>(
    `SELECT recipient.user_id FROM unnest($1::uuid[]) AS recipient (user_id)
     WHERE COALESCE(
       (SELECT delivery FROM preferences p WHERE p.user_id = recipient.user_id AND p.kind = $2 AND p.event_key = $3::uuid::text),
       (SELECT delivery FROM preferences p WHERE p.user_id = recipient.user_id AND p.kind = $2 AND p.event_key = ''),
       'at_once') = 'digest'`,
    [[...userIds], kind, eventId],
  );
  return new Set(result.rows.map((row) => row.user_id));
}

export interface CollectRequest {
  factId: string;
  kind: NotificationKind;
  eventId: string;
  userIds: readonly string[];
  item: OrganizerEntryItem;
  collectedAt: Date;
  dueAt: Date;
  day: string;
}

/** Gathers a change for each person's digest (not for those who switched the kind off); answers how many. */
export async function collectDigestItems(db: Queryable, request: CollectRequest): Promise<number> {
  if (request.userIds.length === 0) return 0;
  const result = await db.query(
    `INSERT INTO digest_items (fact_id, user_id, event_id, kind, item, collected_at, due_at, digest_day)
     SELECT $1, recipient.user_id, $3, $2, $5::jsonb, $6, $7, $8::date FROM unnest($4::uuid[]) AS recipient (user_id)
     WHERE NOT ${SWITCHED_OFF}
     ON CONFLICT (fact_id, user_id, kind) DO NOTHING`,
    [request.factId, request.kind, request.eventId, [...new Set(request.userIds)], JSON.stringify(request.item), request.collectedAt, request.dueAt, request.day],
  );
  return result.rowCount ?? 0;
}

export interface DigestGroup {
  userId: string;
  eventId: string;
  kind: NotificationKind;
  dueAt: Date;
  day: string;
}

/** The digests due at `at` (of one regatta when `eventId` is given), oldest first. */
export async function dueDigests(db: Queryable, at: Date, eventId: string | null, limit: number): Promise<DigestGroup[]> {
  const result = await db.query<{ user_id: string; event_id: string; kind: NotificationKind; due_at: Date; day: string }>(
    `SELECT user_id, event_id, kind, due_at, to_char(digest_day, 'YYYY-MM-DD') AS day FROM digest_items
     WHERE due_at <= $1 AND ($2::uuid IS NULL OR event_id = $2)
     GROUP BY user_id, event_id, kind, due_at, digest_day ORDER BY due_at, event_id, user_id LIMIT $3`,
    [at, eventId, limit],
  );
  return result.rows.map((row) => ({ userId: row.user_id, eventId: row.event_id, kind: row.kind, dueAt: row.due_at, day: row.day }));
}

/**
 * Locks a digest's changes, in the order they were collected, for this transaction; none when
 * another replica is making the same digest (a transaction lock on the digest, so no replica takes
 * a part of it).
 */
export async function takeDigestItems(client: PoolClient, group: DigestGroup): Promise<OrganizerEntryItem[]> {
  const lock = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
    `digest:${group.userId}:${group.eventId}:${group.kind}:${group.dueAt.toISOString()}`,
  ]);
  if (!lock.rows[0]?.locked) return [];
  const result = await client.query<{ item: OrganizerEntryItem }>(
    `SELECT item FROM digest_items WHERE user_id = $1 AND event_id = $2 AND kind = $3 AND due_at = $4
     ORDER BY collected_at, fact_id FOR UPDATE`,
    [group.userId, group.eventId, group.kind, group.dueAt],
  );
  return result.rows.map((row) => row.item);
}

export async function switchedOff(db: Queryable, userId: string, kind: NotificationKind, eventId: string): Promise<boolean> {
  const result = await db.query(`SELECT 1 FROM (SELECT $1::uuid AS user_id) AS recipient WHERE ${SWITCHED_OFF}`, [userId, kind, eventId]);
  return (result.rowCount ?? 0) > 0;
}

/** Queues the digest as one outbox message; false when this (digest, person, kind) is already queued. */
export async function queueDigest(client: PoolClient, schema: string, digest: { factId: string; userId: string; kind: NotificationKind; eventId: string; params: MessageParams }): Promise<boolean> {
  const result = await client.query(
    `INSERT INTO messages (fact_id, user_id, kind, event_id, params) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (fact_id, user_id, kind) DO NOTHING`,
    [digest.factId, digest.userId, digest.kind, digest.eventId, JSON.stringify(digest.params)],
  );
  const added = (result.rowCount ?? 0) > 0;
  if (added) await client.query('SELECT pg_notify($1, $2)', [MESSAGES_CHANNEL(schema), '1']);
  return added;
}

/** Drops a digest's changes (sent as one message, or the kind was switched off meanwhile). */
export async function dropDigestItems(client: PoolClient, group: DigestGroup): Promise<void> {
  await client.query('DELETE FROM digest_items WHERE user_id = $1 AND event_id = $2 AND kind = $3 AND due_at = $4', [group.userId, group.eventId, group.kind, group.dueAt]);
}

/** Moves changes that came after their day's digest was queued into a later digest. */
export async function postponeDigestItems(client: PoolClient, group: DigestGroup, to: { dueAt: Date; day: string }): Promise<void> {
  await client.query(
    'UPDATE digest_items SET due_at = $5, digest_day = $6::date WHERE user_id = $1 AND event_id = $2 AND kind = $3 AND due_at = $4',
    [group.userId, group.eventId, group.kind, group.dueAt, to.dueAt, to.day],
  );
}
