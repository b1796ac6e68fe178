/**
 * One race of the engine mapping (to-scoring.ts) → the entries results-scoring stores (the shape a
 * submission stores: status, code, finish time or place, penalty, redress):
 * - handicap fleets: finish = the race's start + the boat's elapsed time (the start is stored as the
 *   race's actual start, so elapsed and corrected times show as in Sailwave);
 * - one-design fleets (places): the place as Sailwave recorded it (`recordedPlace`), no finish time
 *   and no actual start: nothing is invented, and the race is place-only (race-entries.ts ranks it
 *   on the places, equal places tied). Redress without a place and the coded results have none.
 * Pure: no I/O.
 */
import type { ResultStatus } from '@regatta/contracts';
import type { RaceEntry, SeriesRace } from '@regatta/scoring-engine';
import type { SubmittedEntry } from '../../shared/domain/records.js';
import { CODES_BY_STATUS } from '../../shared/domain/result-codes.js';

export type DraftEntry = Omit<SubmittedEntry, 'boatId'> & { boatId: string };

/** The public status a code is filed under (CODES_BY_STATUS; finished for penalties and redress). */
export function statusOfCode(code: string): ResultStatus | null {
  const lower = code.toLowerCase();
  if (lower === 'rdg' || lower === 'zfp' || lower === 'scp' || lower === 'dpi') return 'finished';
  for (const [status, codes] of Object.entries(CODES_BY_STATUS) as [ResultStatus, readonly (string | null)[]][]) {
    if (status !== 'raf' && codes.includes(lower)) return status;
  }
  return null;
}

export function draftEntries(
  race: SeriesRace,
  boatIdOf: ReadonlyMap<string, string>,
  handicapped: boolean,
  reference: Date,
): { actualStart: Date | null; entries: DraftEntry[] } {
  const base = reference.getTime();
  const entries: DraftEntry[] = [];
  race.entries.forEach((e: RaceEntry, seq) => {
    const boatId = boatIdOf.get(e.boatId);
    if (boatId === undefined) return;
    let finishTime: Date | null = null;
    let recordedPlace: number | null = null;
    if (handicapped && e.elapsedSeconds !== undefined) finishTime = new Date(base + Math.round(e.elapsedSeconds * 1000));
    else if (!handicapped && e.position !== undefined) recordedPlace = e.position;
    const entry: DraftEntry = {
      boatId,
      seq,
      status: 'finished',
      code: null,
      finishTime,
      penaltyPercent: null,
      penaltyPoints: null,
      redressMethod: null,
      redressPoints: null,
      notes: null,
      recordedPlace,
    };
    if (e.penalty !== undefined) {
      entry.code = e.penalty.code;
      if (e.penalty.code === 'DPI') entry.penaltyPoints = e.penalty.points ?? 0;
      else entry.penaltyPercent = e.penalty.percent ?? null;
    } else if (e.code === 'RDG') {
      entry.code = 'RDG';
      entry.finishTime = null;
      entry.recordedPlace = null;
      const r = e.redress;
      if (r?.method === 'stated') {
        entry.redressMethod = 'points';
        entry.redressPoints = r.points ?? 0;
      } else entry.redressMethod = r?.method === 'races_before' ? 'average_before' : 'average_all';
    } else if (e.code !== undefined) {
      entry.code = e.code;
      entry.status = statusOfCode(e.code) ?? 'dnf';
      entry.finishTime = null;
      entry.recordedPlace = null;
    }
    entries.push(entry);
  });
  return { actualStart: handicapped ? reference : null, entries };
}
