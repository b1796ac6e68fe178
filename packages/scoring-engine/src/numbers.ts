/**
 * Number helpers shared by the scoring engine.
 *
 * Scores are plain numbers, but every score the rules produce is a multiple of
 * 0.1 (A7 averages are multiples of 0.5, A9 averages and 44.3(c) penalties are
 * rounded to a tenth, weighted scores are rounded to a tenth). To keep float
 * error out of totals and comparisons the engine sums and compares in
 * thousandths (integers) and converts back at the edge.
 */

/** Guard against representation error before a half-up rounding (e.g. 3619.4999999999995). */
function clean(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Round half up (0.5 → 1, -0.5 → 0) to `decimals` places, robust to float noise. */
export function roundHalfUp(x: number, decimals = 0): number {
  // Whole seconds (every corrected time) skip the power.
  const f = decimals === 0 ? 1 : 10 ** decimals;
  return Math.floor(clean(x * f) + 0.5) / f;
}

/** Round to the nearest tenth of a point, 0.05 rounded upward (RRS 44.3(c), A9). */
export function roundTenth(x: number): number {
  return roundHalfUp(x, 1);
}

/** Points → integer thousandths, for exact sums and comparisons. */
export function toMilli(points: number): number {
  return Math.round(points * 1000);
}

/** Integer thousandths → points. */
export function fromMilli(milli: number): number {
  return milli / 1000;
}

/** Sum points exactly (via thousandths). */
export function sumPoints(values: readonly number[]): number {
  let acc = 0;
  for (const v of values) acc += toMilli(v);
  return fromMilli(acc);
}

/** Compare two point values at a resolution of a thousandth. */
export function comparePoints(a: number, b: number): number {
  return toMilli(a) - toMilli(b);
}

/** Parse "HH:MM:SS", "H:MM:SS(.s)" or "MM:SS" into seconds. Returns null when unreadable. */
export function parseClock(text: string): number | null {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const [, h, mm, ss] = m;
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss);
}

/** Elapsed seconds between two clock times of day; a finish before the start is taken as the next day. */
export function elapsedBetween(start: string, finish: string): number | null {
  const s = parseClock(start);
  const f = parseClock(finish);
  if (s === null || f === null) return null;
  const d = f - s;
  return d < 0 ? d + 86400 : d;
}
