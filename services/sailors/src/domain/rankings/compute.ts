/**
 * One ranking list computed from regatta results (pure; the store gathers the inputs).
 *
 * 1. A result is eligible when its regatta ended (else started) within the window ending at `asOf`,
 *    started no later than `asOf`, the place and fleet size are known, the event's factor is above 0
 *    and the filters match.
 * 2. points = factor × place points (formula.ts), rounded to 2 decimals.
 * 3. One result per regatta: a sailor scored in two fleets of one regatta (a class fleet and an
 *    overall handicap fleet) keeps the better one.
 * 4. Counted results: the best n (or all); ties between equal results go to the more recent regatta.
 *    Total = the sum of the counted points, rounded to 2 decimals.
 * 5. Order: total, high first. Equal totals are broken by the counted results compared best first
 *    (the better best result wins, then the next; as RRS A8.1 does for series ties); still equal, the
 *    sailors share the rank (1, 2, 2, 4) and are listed by name.
 */
import { matchesClass, matchesSailor, type RankingFilters, type SailorAttributes } from './filters.js';
import { resultPoints, round2, windowStart, type RankingFormula } from './formula.js';

export interface RankingResultInput {
  sailorId: string;
  sailorName: string | null;
  eventId: string;
  eventSlug: string;
  eventName: string;
  startDate: Date | null;
  endDate: Date | null;
  fleetId: string;
  fleetName: string | null;
  classId: string | null;
  place: number;
  fleetSize: number;
}

export interface ContributingResult {
  eventId: string;
  eventSlug: string;
  eventName: string;
  date: Date;
  fleetId: string;
  fleetName: string | null;
  place: number;
  fleetSize: number;
  factor: number;
  points: number;
  counted: boolean;
}

export interface RankingEntry {
  rank: number;
  sailorId: string;
  sailorName: string | null;
  points: number;
  countedResults: number;
  results: ContributingResult[];
}

export interface RankingInput {
  formula: RankingFormula;
  filters: RankingFilters;
  /** Event id → factor; events not listed use the default factor. */
  factors: ReadonlyMap<string, number>;
  defaultFactor: number;
  results: readonly RankingResultInput[];
  sailors: ReadonlyMap<string, SailorAttributes>;
  asOf: Date;
}

const NO_ATTRIBUTES: SailorAttributes = { nationality: null, gender: null, birthYear: null };

const byPointsThenRecent = (a: ContributingResult, b: ContributingResult) =>
  b.points - a.points || b.date.getTime() - a.date.getTime() || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);

function eligible(input: RankingInput, result: RankingResultInput): ContributingResult | undefined {
  const date = result.endDate ?? result.startDate;
  if (!date) return undefined;
  if (date < windowStart(input.asOf, input.formula.windowMonths)) return undefined;
  if ((result.startDate ?? date) > input.asOf) return undefined;
  if (result.place < 1 || result.fleetSize < 1) return undefined;
  const factor = input.factors.get(result.eventId) ?? input.defaultFactor;
  if (!(factor > 0)) return undefined;
  if (!matchesClass(input.filters, result)) return undefined;
  if (!matchesSailor(input.filters, input.sailors.get(result.sailorId) ?? NO_ATTRIBUTES, input.asOf.getUTCFullYear())) return undefined;
  return {
    eventId: result.eventId,
    eventSlug: result.eventSlug,
    eventName: result.eventName,
    date,
    fleetId: result.fleetId,
    fleetName: result.fleetName,
    place: result.place,
    fleetSize: result.fleetSize,
    factor,
    points: resultPoints(input.formula.placePoints, result.place, result.fleetSize, factor),
    counted: false,
  };
}

/** Compares two sailors' counted points best first: negative when `a` ranks ahead. */
function compareCounted(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function computeRanking(input: RankingInput): RankingEntry[] {
  const perSailor = new Map<string, { name: string | null; byEvent: Map<string, ContributingResult> }>();
  for (const result of input.results) {
    const contributing = eligible(input, result);
    if (!contributing) continue;
    let sailor = perSailor.get(result.sailorId);
    if (!sailor) perSailor.set(result.sailorId, (sailor = { name: result.sailorName, byEvent: new Map() }));
    sailor.name ??= result.sailorName;
    const other = sailor.byEvent.get(result.eventId);
    if (!other || byPointsThenRecent(contributing, other) < 0) sailor.byEvent.set(result.eventId, contributing);
  }

  const entries = [...perSailor].map(([sailorId, sailor]) => {
    const results = [...sailor.byEvent.values()].sort(byPointsThenRecent);
    const take = input.formula.kind === 'best_n' ? (input.formula.n ?? results.length) : results.length;
    results.forEach((result, index) => (result.counted = index < take));
    const counted = results.filter((result) => result.counted).map((result) => result.points);
    return { sailorId, sailorName: sailor.name, points: round2(counted.reduce((sum, points) => sum + points, 0)), counted, results };
  });

  entries.sort(
    (a, b) =>
      b.points - a.points ||
      compareCounted(a.counted, b.counted) ||
      (a.sailorName ?? '').localeCompare(b.sailorName ?? '') ||
      (a.sailorId < b.sailorId ? -1 : 1),
  );

  return entries.map((entry, index, all) => {
    let rank = index + 1;
    // Shared rank: the first of a run of sailors equal on points and on every counted result.
    for (let j = index - 1; j >= 0; j -= 1) {
      const previous = all[j]!;
      if (previous.points !== entry.points || compareCounted(previous.counted, entry.counted) !== 0) break;
      rank = j + 1;
    }
    return { rank, sailorId: entry.sailorId, sailorName: entry.sailorName, points: entry.points, countedResults: entry.counted.length, results: entry.results };
  });
}
