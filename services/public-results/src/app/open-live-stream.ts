/**
 * Opening a live stream: what to send first (the replay a reconnecting client missed, or a reload
 * message when the history no longer covers it) and where the stream stands afterwards.
 */
import type { Queryable } from '@regatta/db';
import { resumePlan, sseFrame, type LiveMessage } from '../domain/live-messages.js';
import type { EventHead } from '../domain/model.js';
import { liveMessagesAfter, oldestLiveSeq } from '../store/live-messages.js';

export interface StreamStart {
  frames: string;
  seq: number;
}

export async function openLiveStream(db: Queryable, head: EventHead, lastEventId: number | undefined): Promise<StreamStart> {
  const ready = (seq: number, resumed: boolean): LiveMessage => ({ seq, type: 'ready', data: { event: head.slug, resumed } });
  const plan = resumePlan(lastEventId, head.liveSeq, lastEventId === undefined ? undefined : await oldestLiveSeq(db, head.id));
  if (plan.kind === 'fresh') return { frames: sseFrame(ready(head.liveSeq, false)), seq: head.liveSeq };
  if (plan.kind === 'reload') {
    const reload: LiveMessage = { seq: head.liveSeq, type: 'reload', data: { event: head.slug, reason: 'history_exceeded' } };
    return { frames: sseFrame(reload) + sseFrame(ready(head.liveSeq, false)), seq: head.liveSeq };
  }
  const missed = await liveMessagesAfter(db, head.id, plan.after);
  let frames = '';
  let seq = plan.after;
  for (const message of missed) {
    frames += sseFrame({ seq: message.seq, type: message.type as LiveMessage['type'], data: message.data });
    seq = message.seq;
  }
  // Every stream, fresh or resumed, says where it stands with `ready`.
  return { frames: frames + sseFrame(ready(seq, true)), seq };
}
