/**
 * Ranking formulas (docs/rankings.md has the worked numbers).
 *
 * Place points of one regatta result, before the event's ranking factor:
 * - 'linear' (the World Sailing / ISAF ranking style, also used by many national federations):
 *   points = 100 × (N − P + 1) / N, where P is the final place and N the number of boats in the
 *   fleet: the winner scores 100, last place 100/N, whatever the fleet size;
 * - a class-association table [p1, p2, ...]: place P scores table[P − 1], places beyond it score 0.
 * The result's ranking points = factor × place points, rounded to 2 decimals (half away from zero).
 * A sailor's total is the sum of the counted results: the best `n` ('best_n') or all of them ('all').
 */
export const FORMULA_KINDS = ['best_n', 'all'] as const;
export type FormulaKind = (typeof FORMULA_KINDS)[number];

export type PlacePoints = 'linear' | readonly number[];

export interface RankingFormula {
  kind: FormulaKind;
  /** How many results count ('best_n'); null for 'all'. */
  n: number | null;
  placePoints: PlacePoints;
  /** Rolling window: regattas that ended within this many months before the reference date count. */
  windowMonths: number;
}

/** Rounds to 2 decimals, half away from zero, without binary artefacts (0.125 → 0.13). */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * 100).toPrecision(12)))) / 100;
}

/** Place points before the factor; 0 for a place outside the fleet or the table. */
export function placePoints(placePointsRule: PlacePoints, place: number, fleetSize: number): number {
  if (!Number.isInteger(place) || place < 1) return 0;
  if (placePointsRule === 'linear') {
    if (fleetSize < 1 || place > fleetSize) return 0;
    return (100 * (fleetSize - place + 1)) / fleetSize;
  }
  return placePointsRule[place - 1] ?? 0;
}

/** The ranking points of one result: factor × place points, rounded to 2 decimals. */
export function resultPoints(placePointsRule: PlacePoints, place: number, fleetSize: number, factor: number): number {
  return round2(factor * placePoints(placePointsRule, place, fleetSize));
}

/** The first day counted by a window of `months` ending at `asOf` (calendar months, UTC). */
export function windowStart(asOf: Date, months: number): Date {
  const start = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - months, asOf.getUTCDate()));
  // 31 March minus one month is 3 March in Date arithmetic; clamp to the last day of the month instead.
  const targetMonth = (((asOf.getUTCMonth() - months) % 12) + 12) % 12;
  if (start.getUTCMonth() !== targetMonth) start.setUTCDate(0);
  return start;
}
