/**
 * The finishes and codes in force of a start on this device: a record stands until a later record
 * names it (a deletion by undo, or a finish resolving an unknown boat). Which boats are in (finished, or given a code such as DNF: neither is expected at
 * the line any more), in what order, and which record an undo takes back.
 */
import type { CaptureRecord, FinishRecord } from './records';

function inForce(records: readonly CaptureRecord[], kinds: ReadonlySet<string>): FinishRecord[] {
  // A deletion takes a record back; a finish naming one (an unknown boat resolved) stands instead of it.
  const taken = new Set(records.flatMap((r) => (r.type === 'finish' && r.replaces ? [r.replaces] : [])));
  return records.filter((r): r is FinishRecord => r.type === 'finish' && kinds.has(r.kind) && !taken.has(r.id));
}

const FINISH = new Set(['finish']);
const CODE = new Set(['code']);
const EITHER = new Set(['finish', 'code']);

export function finishesInForce(records: readonly CaptureRecord[]): FinishRecord[] {
  return inForce(records, FINISH);
}

export function codesInForce(records: readonly CaptureRecord[]): FinishRecord[] {
  return inForce(records, CODE);
}

/** Boats no longer expected at the line: finished, or given a code. */
export function finishedEntryIds(records: readonly CaptureRecord[]): Set<string> {
  return new Set(inForce(records, EITHER).flatMap((r) => (r.registrationId ? [r.registrationId] : [])));
}

/** The record an undo takes back: the last finish or code in force (an unknown boat too); none when there is none. */
export function lastUndoable(records: readonly CaptureRecord[]): FinishRecord | undefined {
  return inForce(records, EITHER).at(-1);
}
