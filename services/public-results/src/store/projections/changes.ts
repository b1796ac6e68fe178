/**
 * What every write of the public read model shares (inside the consumer's transaction): one writer at
 * a time, and the announcement of each change with NOTIFY (transactional: sent at commit), so every
 * replica drops its cached pages and pushes new live messages at once.
 */
import type { PoolClient } from '@regatta/db';
import { LIVE_HISTORY, type LiveMessageType } from '../../domain/live-messages.js';

/**
 * One writer at a time: facts of one regatta arrive on three topics whose partitions are applied side
 * by side, each chunk touching several regattas' rows in its own order (a chaos run saw deadlocks on
 * the events row). A transaction-level advisory lock (held to the chunk's commit, re-entrant within
 * it) serializes the chunks; the projection is cheap, so the lost parallelism costs little.
 */
const PROJECTION_LOCK = 740_101;

export async function lockReadModel(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [PROJECTION_LOCK]);
}

/** The NOTIFY channel: payload "e:<eventId>", "c" (catalog) or "s:<seriesId>". */
export const CHANGES_CHANNEL = 'public_results_changes';

export async function notify(client: PoolClient, payload: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
}

/** The listing pages (/regattas, /clubs/...) changed. */
export const catalogChanged = (client: PoolClient) => notify(client, 'c');

/** Makes sure a row exists for a regatta whose event.created may not have arrived yet. */
export async function ensureEvent(client: PoolClient, eventId: string): Promise<void> {
  await client.query('INSERT INTO events (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [eventId]);
}

/** A change of the regatta's pages without a live message. */
export async function touchEvent(client: PoolClient, eventId: string): Promise<void> {
  await notify(client, `e:${eventId}`);
}

/** A change spectators are told about: numbered in the regatta's feed and kept for reconnecting clients. */
export async function appendLive(client: PoolClient, eventId: string, type: LiveMessageType, data: unknown): Promise<number> {
  await ensureEvent(client, eventId);
  const { rows } = await client.query<{ live_seq: string }>(
    'UPDATE events SET live_seq = live_seq + 1 WHERE id = $1 RETURNING live_seq',
    [eventId],
  );
  const seq = Number(rows[0]!.live_seq);
  await client.query('INSERT INTO live_messages (event_id, seq, type, data) VALUES ($1, $2, $3, $4)', [eventId, seq, type, JSON.stringify(data)]);
  if (seq % 50 === 0) await client.query('DELETE FROM live_messages WHERE event_id = $1 AND seq <= $2', [eventId, seq - LIVE_HISTORY]);
  await notify(client, `e:${eventId}`);
  return seq;
}
