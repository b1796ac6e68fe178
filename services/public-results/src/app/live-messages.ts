/** The live messages of a regatta after `seq`, in order (what a stream has not been sent yet). */
import type { Queryable } from '@regatta/db';
import { liveMessagesAfter, type StoredLiveMessage } from '../store/live-messages.js';

export function liveMessagesSince(db: Queryable, eventId: string, seq: number): Promise<StoredLiveMessage[]> {
  return liveMessagesAfter(db, eventId, seq);
}
