/**
 * scoreSeries' discards and ranking on integer thousandths.
 *
 * Same rules and the same order as selectDiscards / rankItems / compareTieBreak
 * in series-scoring.ts (which stay the public helpers), but on one typed array
 * of every boat's scores in thousandths (boat by boat, race by race) instead
 * of arrays built per boat and per comparison: the comparator sort used to
 * re-sort both boats' kept scores on every call, and discards sorted every
 * boat's races to take the worst few.
 */
import { fromMilli, toMilli } from './numbers.js';

/** A boat's row while ranking; `Cell` is the caller's per-race cell (carried, not read here). */
export interface RankRow<Cell = unknown> {
  readonly boatId: string;
  /** Offset of the boat's races in the score arrays (boat position × races). */
  readonly at: number;
  readonly totalMilli: number;
  readonly netMilli: number;
  /** Kept scores best first (A8.1), built on the first tie that needs them. */
  keptBestFirst: Float64Array | null;
  readonly cells: Cell[];
}

export interface SeriesScores {
  /** Points as counted, in thousandths, at row.at + race position. */
  readonly milliAt: Float64Array;
  /** 1 where the score is discarded. */
  readonly droppedAt: Uint8Array;
  /** Positions of the races that count (not excluded), in race order. */
  readonly counted: Int32Array;
}

/**
 * Mark `count` discards among `candidates[0..n)` (race positions, ascending) in droppedAt[at + ri]:
 * 'discard first' races before any other, then the worst scores, earliest race among equals.
 */
export function markDiscards(
  candidates: Int32Array,
  n: number,
  discardFirst: Uint8Array,
  count: number,
  higherIsBetter: boolean,
  milliAt: Float64Array,
  droppedAt: Uint8Array,
  at: number,
): void {
  // Array.prototype.slice(0, count) semantics: truncated, NaN → 0.
  const k = Math.min(n, Math.max(0, Math.trunc(count) || 0));
  if (k === 0) return;
  if (k === n) {
    for (let j = 0; j < n; j++) droppedAt[at + candidates[j]!] = 1;
    return;
  }
  let finite = true;
  for (let j = 0; j < n && finite; j++) finite = !Number.isNaN(milliAt[at + candidates[j]!]!);
  if (!finite || k > 8) {
    // selectDiscards' own comparator sort: same answer, and a NaN score is ordered as it always was.
    const sorted = Array.from(candidates.subarray(0, n)).sort((a, b) => {
      if (discardFirst[a] !== discardFirst[b]) return discardFirst[a] === 1 ? -1 : 1;
      const c = higherIsBetter ? milliAt[at + a]! - milliAt[at + b]! : milliAt[at + b]! - milliAt[at + a]!;
      return c !== 0 ? c : a - b;
    });
    for (let j = 0; j < k; j++) droppedAt[at + sorted[j]!] = 1;
    return;
  }
  // A handful of discards among tens of races: keep the k that go first in a small sorted
  // buffer, one pass (most races fail the first comparison, with the buffer's last).
  const top = new Int32Array(k);
  let size = 0;
  for (let j = 0; j < n; j++) {
    const ri = candidates[j]!;
    if (size === k && !goesBefore(ri, top[k - 1]!, discardFirst, higherIsBetter, milliAt, at)) continue;
    let slot = size < k ? size++ : k - 1;
    while (slot > 0 && goesBefore(ri, top[slot - 1]!, discardFirst, higherIsBetter, milliAt, at)) {
      top[slot] = top[slot - 1]!;
      slot--;
    }
    top[slot] = ri;
  }
  for (let j = 0; j < k; j++) droppedAt[at + top[j]!] = 1;
}

/**
 * Race a is discarded before race b: 'discard first' before any other, then the worse score.
 * Strict, so among equals the earlier race (met first in the scan) stays ahead.
 */
function goesBefore(a: number, b: number, discardFirst: Uint8Array, higherIsBetter: boolean, milliAt: Float64Array, at: number): boolean {
  if (discardFirst[a] !== discardFirst[b]) return discardFirst[a] === 1;
  return higherIsBetter ? milliAt[at + a]! < milliAt[at + b]! : milliAt[at + a]! > milliAt[at + b]!;
}

function keptBestFirst(row: RankRow, scores: SeriesScores, higherIsBetter: boolean): Float64Array {
  if (row.keptBestFirst !== null) return row.keptBestFirst;
  const { milliAt, droppedAt, counted } = scores;
  let n = 0;
  for (let k = 0; k < counted.length; k++) if (droppedAt[row.at + counted[k]!] === 0) n++;
  let kept = new Float64Array(n);
  let finite = true;
  for (let k = 0, j = 0; k < counted.length; k++) {
    const m = milliAt[row.at + counted[k]!]!;
    if (droppedAt[row.at + counted[k]!] === 1) continue;
    kept[j++] = m;
    if (Number.isNaN(m)) finite = false;
  }
  if (finite) {
    kept.sort();
    if (higherIsBetter) kept.reverse();
  } else {
    // A NaN score sorts where compareTieBreak's comparator sort has always put it.
    const sign = higherIsBetter ? -1 : 1;
    kept = Float64Array.from(Array.from(kept).sort((x, y) => sign * (x - y)));
  }
  row.keptBestFirst = kept;
  return kept;
}

/** compareTieBreak on thousandths: A8.1 kept scores best to worst, then A8.2 last race backwards. */
function compareTie(a: RankRow, b: RankRow, scores: SeriesScores, higherIsBetter: boolean): number {
  const sign = higherIsBetter ? -1 : 1;
  const ka = keptBestFirst(a, scores, higherIsBetter);
  const kb = keptBestFirst(b, scores, higherIsBetter);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    if (ka[i] !== kb[i]) return sign * (ka[i]! - kb[i]!);
  }
  // Every boat counts the same races, so "last race, then next-to-last" walks one list.
  const { milliAt, counted } = scores;
  for (let i = counted.length - 1; i >= 0; i--) {
    const d = milliAt[a.at + counted[i]!]! - milliAt[b.at + counted[i]!]!;
    if (d !== 0) return sign * d;
  }
  return 0;
}

/** rankItems for rows: best first; rows A8 cannot separate share the rank. */
export function rankRows<Cell>(rows: readonly RankRow<Cell>[], scores: SeriesScores, higherIsBetter: boolean): { row: RankRow<Cell>; rank: number }[] {
  // Net points as rankItems compares them: through points and back to thousandths.
  const nets = rows.map((r) => toMilli(fromMilli(r.netMilli)));
  const cmp = (a: number, b: number): number => {
    const d = higherIsBetter ? nets[b]! - nets[a]! : nets[a]! - nets[b]!;
    return d !== 0 ? d : compareTie(rows[a]!, rows[b]!, scores, higherIsBetter);
  };
  const order = rows.map((_, i) => i).sort((x, y) => cmp(x, y) || x - y);
  const out: { row: RankRow<Cell>; rank: number }[] = [];
  for (let k = 0; k < order.length; k++) {
    const prev = out[k - 1];
    const rank = prev !== undefined && cmp(order[k - 1]!, order[k]!) === 0 ? prev.rank : k + 1;
    out.push({ row: rows[order[k]!]!, rank });
  }
  return out;
}
