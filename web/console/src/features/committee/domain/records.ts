/**
 * The records a committee device makes: signals of a start and finish records (a finish, an unknown
 * boat, a deletion taking one back), each with its client-generated id, the device time as read and
 * the clock offset applied, and its state on the way to the server.
 */
/** Codes a committee sees on the water for a boat. */
export const FINISH_CODES = ['OCS', 'UFD', 'BFD', 'DNS', 'DNF', 'RET'] as const;
export type FinishCode = (typeof FINISH_CODES)[number];

export type RecordState = 'pending' | 'sent' | 'rejected';
export type WireSignalKind = 'warning' | 'preparatory' | 'start' | 'individual_recall' | 'general_recall' | 'postponement' | 'abandonment' | 'shortened_course';

interface RecordBase {
  id: string;
  slug: string;
  startId: string;
  seq?: number;
  /** Device clock when it happened (ms), kept as read. */
  deviceAt: number;
  /** Server minus device clock (ms) applied to it; fixed before its first sending, so a retry sends the same body. */
  clockOffsetMs: number | null;
  state: RecordState;
  problem?: { code: string; title: string; detail?: string };
}

export interface SignalRecord extends RecordBase {
  type: 'signal';
  kind: WireSignalKind;
  raceIds: string[];
  sailNumbers?: string[];
}

export interface FinishRecord extends RecordBase {
  type: 'finish';
  kind: 'finish' | 'code' | 'deletion';
  /** With kind code: what was seen on the water (OCS, UFD, BFD, DNS, DNF, RET). */
  code?: FinishCode;
  raceId: string;
  registrationId?: string;
  sailNumber?: string;
  replaces?: string;
  note?: string;
}

export type CaptureRecord = SignalRecord | FinishRecord;

