/**
 * The rules a record must pass before it is kept. A refused record stores nothing; the refusal names
 * the catalogue's code and the field. The app looks the race, its start in force and the boat up;
 * these functions decide.
 */
import { isTooFarAhead, type FinishInput, type SignalInput } from './records.js';

export type RefusalCode = 'validation_failed' | 'unknown_boat' | 'finish_before_start' | 'time_in_future';

export interface Refusal {
  code: RefusalCode;
  field: string;
  detail: string;
}

/** What each kind of finish record needs beyond its schema. */
export function finishShapeRefusal(input: FinishInput): Refusal | undefined {
  const hasBoat = input.sailNumber !== undefined || input.registrationId !== undefined;
  switch (input.kind) {
    case 'finish':
      if (!input.at) return { code: 'validation_failed', field: 'at', detail: 'A finish needs its time (at).' };
      if (input.code !== undefined) return { code: 'validation_failed', field: 'code', detail: 'A finish carries no code; send a record of kind code.' };
      return undefined;
    case 'code':
      if (input.code === undefined) return { code: 'validation_failed', field: 'code', detail: 'A code record needs the code seen (OCS, UFD, BFD, DNS, DNF, RET).' };
      if (!hasBoat) return { code: 'validation_failed', field: 'sailNumber', detail: 'A code record names the boat (sailNumber or registrationId).' };
      return undefined;
    case 'deletion':
      if (input.replaces === undefined) return { code: 'validation_failed', field: 'replaces', detail: 'A deletion names the record it takes back (replaces).' };
      if (hasBoat || input.code !== undefined) return { code: 'validation_failed', field: 'sailNumber', detail: 'A deletion names only the record it takes back.' };
      return undefined;
  }
}

/** A time in the future (beyond the tolerance) or at or before the race's start in force. */
export function finishTimeRefusal(input: Pick<FinishInput, 'kind' | 'at'>, now: Date, startAt: Date | null): Refusal | undefined {
  if (!input.at) return undefined;
  if (isTooFarAhead(input.at, now)) {
    return { code: 'time_in_future', field: 'at', detail: `${input.at.toISOString()} is more than 5 minutes ahead of the server clock (${now.toISOString()}).` };
  }
  if (input.kind === 'finish' && startAt && input.at.getTime() <= startAt.getTime()) {
    return { code: 'finish_before_start', field: 'at', detail: `The finish at ${input.at.toISOString()} is not after the race's start at ${startAt.toISOString()}.` };
  }
  return undefined;
}

export function signalRefusal(input: SignalInput, now: Date): Refusal | undefined {
  if (isTooFarAhead(input.at, now)) {
    return { code: 'time_in_future', field: 'at', detail: `${input.at.toISOString()} is more than 5 minutes ahead of the server clock (${now.toISOString()}).` };
  }
  if (input.kind === 'individual_recall' && (input.sailNumbers ?? []).length === 0) {
    return { code: 'validation_failed', field: 'sailNumbers', detail: 'An individual recall names the boats over the line (sailNumbers).' };
  }
  if (input.kind !== 'individual_recall' && (input.sailNumbers ?? []).length > 0) {
    return { code: 'validation_failed', field: 'sailNumbers', detail: 'Only an individual recall names boats.' };
  }
  return undefined;
}
