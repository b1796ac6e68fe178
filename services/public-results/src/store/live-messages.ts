/** The live feed's bounded history per regatta (written by store/projections/changes.ts appendLive). */
import type { Queryable } from '@regatta/db';

export interface StoredLiveMessage {
  seq: number;
  type: string;
  data: unknown;
}

export async function liveMessagesAfter(db: Queryable, eventId: string, after: number, limit = 1000): Promise<StoredLiveMessage[]> {
  const { rows } = await db.query<{ seq: string; type: string; data: unknown }>(
    'SELECT seq, type, data FROM live_messages WHERE event_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
    [eventId, after, limit],
  );
  return rows.map((row) => ({ seq: Number(row.seq), type: row.type, data: row.data }));
}

export async function oldestLiveSeq(db: Queryable, eventId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM live_messages WHERE event_id = $1', [eventId]);
  return rows[0]?.seq == null ? undefined : Number(rows[0].seq);
}
