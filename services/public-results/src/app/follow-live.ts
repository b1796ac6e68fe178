/**
 * Following a regatta's live feed: the regatta by slug (from the in-memory heads), if the caller may
 * follow it (`visible`, decided by the route from the caller's identity), and what the stream sends
 * first (app/open-live-stream.ts). An unknown or hidden regatta is the same 404 (the route answers it for a
 * malformed slug without asking).
 */
import { notFound } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import type { EventHead } from '../domain/model.js';
import type { EventHeads } from './event-heads.js';
import { openLiveStream, type StreamStart } from './open-live-stream.js';

export async function followLive(
  deps: { pool: Queryable; heads: EventHeads },
  slug: string,
  visible: (head: EventHead) => boolean,
  lastEventId: number | undefined,
): Promise<{ head: EventHead; start: StreamStart }> {
  const head = await deps.heads.get(slug);
  if (!head || !visible(head)) throw notFound('Event');
  return { head, start: await openLiveStream(deps.pool, head, lastEventId) };
}
