/**
 * A stored record as the API's sync operation takes it: `at` on the server's clock (device time plus
 * the offset fixed in the record), `deviceAt` and `clockOffsetMs` beside it. The same stored record
 * always gives the same body, so a retry is answered `replayed`, never a conflict. A code (DNF …)
 * and a deletion carry no time: they say what, not when.
 */
import { toServerTime } from '../domain/clock';
import type { CaptureRecord } from '../store/db';

export type WireRecord =
  | { type: 'signal'; record: { id: string; startId: string; raceIds: string[]; kind: string; at: string; deviceAt: string; clockOffsetMs: number; sailNumbers?: string[] } }
  | { type: 'finish'; record: { id: string; raceId: string; kind: 'finish' | 'code' | 'deletion'; code?: string; at?: string; deviceAt?: string; clockOffsetMs?: number; registrationId?: string; sailNumber?: string; replaces?: string; note?: string } };

export function toWire(record: CaptureRecord): WireRecord {
  const offset = record.clockOffsetMs ?? 0;
  const at = new Date(toServerTime(record.deviceAt, offset)).toISOString();
  const deviceAt = new Date(record.deviceAt).toISOString();
  if (record.type === 'signal') {
    return {
      type: 'signal',
      record: { id: record.id, startId: record.startId, raceIds: record.raceIds, kind: record.kind, at, deviceAt, clockOffsetMs: offset, ...(record.sailNumbers?.length ? { sailNumbers: record.sailNumbers } : {}) },
    };
  }
  if (record.kind === 'deletion') return { type: 'finish', record: { id: record.id, raceId: record.raceId, kind: 'deletion', replaces: record.replaces! } };
  if (record.kind === 'code') return { type: 'finish', record: { id: record.id, raceId: record.raceId, kind: 'code', code: record.code!, ...(record.registrationId ? { registrationId: record.registrationId } : {}) } };
  return {
    type: 'finish',
    record: {
      id: record.id,
      raceId: record.raceId,
      kind: 'finish',
      at,
      deviceAt,
      clockOffsetMs: offset,
      ...(record.registrationId ? { registrationId: record.registrationId } : {}),
      ...(record.sailNumber && !record.registrationId ? { sailNumber: record.sailNumber } : {}),
      ...(record.replaces ? { replaces: record.replaces } : {}),
      ...(record.note ? { note: record.note } : {}),
    },
  };
}
