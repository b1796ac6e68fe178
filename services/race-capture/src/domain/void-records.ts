/**
 * Which finish records a race's signals leave standing (the rules of an abandonment and a general
 * recall, applied to what was recorded before them):
 * - an abandoned race (the abandonment in force, no new start after it) is not scored (RRS 32): every
 *   finish and code recorded for it is void;
 * - once a start is in force, a finish at or before it is void (as a new finish there is refused): it
 *   was made under a start a general recall voided (RRS 29.2) or in a sailing abandoned before this
 *   resail. A code timed before the start in force is void as well (OCS, UFD, DNS, DNF, RET belonged to that start; RRS 29.2, 30.3),
 *   except BFD, which stands when the race is restarted or resailed (RRS 30.4). A code without a
 *   time cannot be placed and counts;
 * - while no start is in force (before the first one, or after a general recall until the new one)
 *   nothing is void yet: the finishes wait for the start that places or voids them.
 * Deletions and replaced records are the reconciliation's business, not this one's.
 */
import type { RaceStart } from './race-start.js';
import type { FinishRecord } from './records.js';

export type VoidReason = 'abandoned' | 'before_start';

export type VoidableRecord = Pick<FinishRecord, 'id' | 'kind' | 'code' | 'at'>;

export function voidReason(record: VoidableRecord, start: Pick<RaceStart, 'status' | 'startAt'>): VoidReason | undefined {
  if (record.kind === 'deletion') return undefined;
  if (start.status === 'abandoned') return 'abandoned';
  if (start.status !== 'started' || !start.startAt || !record.at) return undefined;
  if (record.kind === 'code') {
    // A code seen at the start in force (OCS at 14:00:00.000 of a 14:00 start) belongs to it.
    if (record.at.getTime() >= start.startAt.getTime() || record.code === 'BFD') return undefined;
    return 'before_start';
  }
  return record.at.getTime() > start.startAt.getTime() ? undefined : 'before_start';
}

/** The records that count for the race's order and codes, and the void ones with why. */
export function splitVoid<T extends VoidableRecord>(records: readonly T[], start: Pick<RaceStart, 'status' | 'startAt'>): { counted: T[]; voided: Array<{ record: T; reason: VoidReason }> } {
  const counted: T[] = [];
  const voided: Array<{ record: T; reason: VoidReason }> = [];
  for (const record of records) {
    const reason = voidReason(record, start);
    if (reason) voided.push({ record, reason });
    else counted.push(record);
  }
  return { counted, voided };
}
