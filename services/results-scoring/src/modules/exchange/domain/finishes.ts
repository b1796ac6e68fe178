/**
 * The finish a Sailwave result cell records, as the scorer entered it (not what Sailwave computed from
 * it). Pure.
 *
 * - A place-entered result's place is `rrecpos`. `rpos` is Sailwave's computed result (her rank in the
 *   fleet by race points, equal points sharing a rank): a boat given a place penalty shares a rank with
 *   a boat she beat there, so ordering by it would tie them and move other boats (RRS 44.3(c) says
 *   their scores do not change). `rpos` is the place only where `rrecpos` is absent or 0.
 * - A scoring penalty that keeps the place (Sailwave's "keep place" on a fixed or percentage penalty)
 *   is stored as a coded cell (rrestyp 3) that still holds the boat's finish: start, finish and elapsed
 *   times in a timed race, `rrecpos` in a place-entered one. Its finish is read as for an uncoded
 *   result; its `rpos` is never her place. Any other coded cell records no finish (a code scored like
 *   DNF that carries a stale time stays that code).
 */
import type { SailwaveCode, SailwaveResult } from './model.js';
import { resolveCode } from './settings.js';

const PENALTY_METHODS = new Set(['Percentage penalty DNF', 'Fixed penalty']);

/** The cell's code is a scoring penalty that keeps the boat's place. */
export function keepsPlacePenalty(cell: SailwaveResult, codes: ReadonlyMap<string, SailwaveCode>): boolean {
  if (cell.code === '') return false;
  const own = codes.get(cell.code);
  const def = resolveCode(codes, cell.code);
  return own !== undefined && own.keepsPlace && def !== undefined && PENALTY_METHODS.has(def.method);
}

/** The cell holds a finish: an uncoded result (or one entered as a place or time, rrestyp 1/2/4), or a coded penalty that keeps the place. */
export function recordsFinish(cell: SailwaveResult, codes: ReadonlyMap<string, SailwaveCode>): boolean {
  return cell.code === '' || cell.type !== 3 || keepsPlacePenalty(cell, codes);
}

/**
 * The place as entered: `rrecpos`, else `rpos` for a result entered as a place. A coded cell that keeps
 * the place has only `rrecpos` (its `rpos` is her rank after the penalty). Another coded cell keeps its
 * `rpos` (the engine ignores it unless the code is a penalty that moves her).
 */
export function recordedPlace(cell: SailwaveResult, codes: ReadonlyMap<string, SailwaveCode>): number | null {
  if (!recordsFinish(cell, codes)) return cell.position;
  if (cell.recordedPosition !== null) return cell.recordedPosition;
  return cell.type === 3 ? null : cell.position;
}

/** Sailwave writes clock times as "19:15:00", "19.15.00" or "191500". */
export function clockSeconds(text: string): number | null {
  const t = text.trim();
  let m = /^(\d{1,3})[:.](\d{1,2})[:.](\d{1,2}(?:\.\d+)?)$/.exec(t);
  if (m === null) m = /^()(\d{1,2})[:.](\d{2})$/.exec(t);
  if (m === null) {
    const d = /^(\d{1,2})(\d{2})(\d{2})$/.exec(t);
    if (d === null) return null;
    m = d;
  }
  return Number(m[1] || 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * Elapsed time of a result: finish − the boat's start (next day when before), else the stored
 * elapsed; null for a coded cell that records no finish (`recordsFinish`; without the code table, any
 * coded cell).
 */
export function elapsedSeconds(cell: SailwaveResult, codes?: ReadonlyMap<string, SailwaveCode>): number | null {
  if (codes === undefined ? cell.code !== '' && cell.type === 3 : !recordsFinish(cell, codes)) return null;
  const f = cell.finishTime === '' ? null : clockSeconds(cell.finishTime);
  const s = cell.startTime === '' ? null : clockSeconds(cell.startTime);
  if (f !== null && s !== null) {
    const d = f - s;
    return d < 0 ? d + 86400 : d;
  }
  return cell.elapsed === '' ? null : clockSeconds(cell.elapsed);
}
