/**
 * The records made on the water, as this service keeps them. Every record has a client-generated id;
 * the same id must always carry the same body (its hash decides), so a retried request is answered
 * as the first time and a different body under a known id is a conflict.
 */
import { createHash } from 'node:crypto';

export const SIGNAL_KINDS = ['warning', 'preparatory', 'start', 'individual_recall', 'general_recall', 'postponement', 'abandonment', 'shortened_course'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const FINISH_KINDS = ['finish', 'code', 'deletion'] as const;
export type FinishKind = (typeof FINISH_KINDS)[number];

/** Codes a race officer sees on the water (rules A11): scored by results-scoring from these records. */
export const WATER_CODES = ['OCS', 'UFD', 'BFD', 'DNS', 'DNF', 'RET'] as const;
export type WaterCode = (typeof WATER_CODES)[number];

export interface Recorder {
  kind: 'member' | 'device' | 'key';
  id: string;
  label: string;
}

export interface SignalInput {
  id: string;
  startId: string;
  raceIds: string[];
  kind: SignalKind;
  at: Date;
  deviceAt?: Date | undefined;
  clockOffsetMs?: number | undefined;
  sailNumbers?: string[] | undefined;
  recorderLabel?: string | undefined;
  note?: string | undefined;
}

export interface FinishInput {
  id: string;
  raceId: string;
  kind: FinishKind;
  sailNumber?: string | undefined;
  registrationId?: string | undefined;
  code?: WaterCode | undefined;
  at?: Date | undefined;
  deviceAt?: Date | undefined;
  clockOffsetMs?: number | undefined;
  replaces?: string | undefined;
  recorderLabel?: string | undefined;
  note?: string | undefined;
}

export interface Signal {
  id: string;
  eventId: string;
  startId: string;
  raceIds: string[];
  kind: SignalKind;
  at: Date;
  deviceAt: Date | null;
  clockOffsetMs: number | null;
  sailNumbers: string[];
  note: string | null;
  recorder: Recorder;
  receivedAt: Date;
}

export interface FinishRecord {
  id: string;
  eventId: string;
  raceId: string;
  kind: FinishKind;
  registrationId: string | null;
  sailNumber: string | null;
  code: WaterCode | null;
  at: Date | null;
  deviceAt: Date | null;
  clockOffsetMs: number | null;
  replaces: string | null;
  supersededBy: string | null;
  note: string | null;
  recorder: Recorder;
  receivedAt: Date;
}

/** A sail number as compared: without blanks and dashes, upper case ("gbr 1234" = "GBR-1234"). */
export function sailKey(sailNumber: string): string {
  return sailNumber.replace(/[\s-]+/g, '').toUpperCase();
}

function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

/** The hash of a record's body as sent (key order and absent fields do not matter; instants compare as instants). */
export function bodyHash(input: SignalInput | FinishInput): string {
  return createHash('sha256').update(JSON.stringify(canonical(input))).digest('hex');
}

/** How far ahead of the server clock a recorded time may be (clock offsets not yet measured, rounding). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

export function isTooFarAhead(at: Date, now: Date): boolean {
  return at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS;
}
