/**
 * The finishes in force of a start on this device: a finish record stands until a later deletion
 * names it (undo). Which boats finished, in what order, and which record an undo takes back.
 */
import type { CaptureRecord, FinishRecord } from './records';

export function finishesInForce(records: readonly CaptureRecord[]): FinishRecord[] {
  const taken = new Set(records.filter((r): r is FinishRecord => r.type === 'finish' && r.kind === 'deletion').map((r) => r.replaces));
  return records.filter((r): r is FinishRecord => r.type === 'finish' && r.kind === 'finish' && !taken.has(r.id));
}

export function finishedEntryIds(records: readonly CaptureRecord[]): Set<string> {
  return new Set(finishesInForce(records).flatMap((r) => (r.registrationId ? [r.registrationId] : [])));
}

/** The record an undo takes back: the last finish in force (an unknown boat too); none when there is none. */
export function lastUndoable(records: readonly CaptureRecord[]): FinishRecord | undefined {
  const inForce = finishesInForce(records);
  return inForce[inForce.length - 1];
}
