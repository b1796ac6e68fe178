/**
 * The comparison parity makes for one boat: Sailwave's stored rank, total, nett (comprank, comptotal,
 * compnett) and points of each race (rpts) against the platform's. Shared by parity.ts (the engine
 * alone) and draft-parity.ts (the platform's stored standings). Pure.
 */
import { comparePoints } from '@regatta/scoring-engine';

export interface SeriesFigures {
  readonly rank: number | null;
  readonly total: number | null;
  readonly nett: number | null;
}

/** One race whose points differ, with both values (null: that side has none). */
export interface RacePointsDifference {
  /** The race's number in the regatta (its order in the file). */
  readonly race: number;
  readonly sailwave: number | null;
  readonly platform: number | null;
  /** Set when the difference is a named rules difference (rules-differences.ts): the rule that decides it. */
  readonly rule?: string;
}

/** A cell where Sailwave departs from the rules (rules-differences.ts), by race number. */
export interface NamedRulesDifference {
  readonly race: number;
  readonly sailwave: number;
  readonly rules: number;
  readonly rule: string;
  readonly reason: string;
}

/**
 * How a fleet compares: `exact` (every boat equal), `rules_differences` (every difference is a named
 * rules difference or follows from them: the platform keeps the rules' score), `mismatch` (some
 * difference is not explained), `not_compared` (the file holds no series results for the fleet).
 */
export type ParityCategory = 'exact' | 'rules_differences' | 'mismatch' | 'not_compared';

export interface BoatComparison {
  readonly matches: boolean;
  /** Every race difference is a named rules difference (the platform has the rules' score) and her total differs by exactly their sum. */
  readonly explained: boolean;
  /** Races whose points differ. */
  readonly races: RacePointsDifference[];
  /** Race cells compared (the file stores points for them). */
  readonly racesCompared: number;
}

/** Equal to the thousandth (points are kept to 3 decimals); null equals only null. */
export function samePoints(a: number | null, b: number | null): boolean {
  return a === null || b === null ? a === b : comparePoints(a, b) === 0;
}

/**
 * Compares one boat. `sailwaveRaces`: the points Sailwave stored per race number (races without a
 * stored cell are not compared); `platformRaces`: the platform's points per race number; `named`: her
 * cells where Sailwave departs from the rules. A total that Sailwave did not store is not compared.
 */
export function compareBoat(
  sailwave: SeriesFigures,
  platform: SeriesFigures,
  sailwaveRaces: readonly { race: number; points: number }[],
  platformRaces: ReadonlyMap<number, number>,
  named: readonly NamedRulesDifference[] = [],
): BoatComparison {
  const races: RacePointsDifference[] = [];
  let namedDelta = 0;
  let unexplained = 0;
  for (const { race, points } of sailwaveRaces) {
    const mine = platformRaces.get(race) ?? null;
    if (samePoints(points, mine)) continue;
    const rule = named.find((n) => n.race === race && samePoints(n.sailwave, points) && samePoints(n.rules, mine));
    if (rule === undefined) unexplained++;
    else namedDelta += rule.rules - rule.sailwave;
    races.push(rule === undefined ? { race, sailwave: points, platform: mine } : { race, sailwave: points, platform: mine, rule: rule.rule });
  }
  const totalMatches = sailwave.total === null || samePoints(sailwave.total, platform.total);
  const matches = sailwave.rank === platform.rank && samePoints(sailwave.nett, platform.nett) && totalMatches && races.length === 0;
  // Rank and nett follow from the points (the rest of the scoring is compared on every other boat).
  const totalExplained = sailwave.total === null || platform.total === null || samePoints(platform.total - sailwave.total, namedDelta);
  return { matches, explained: !matches && unexplained === 0 && totalExplained, races, racesCompared: sailwaveRaces.length };
}

/** The fleet's category from its boats' comparisons (only boats compared; `compared` false: nothing was). */
export function parityCategory(compared: boolean, boats: readonly BoatComparison[]): ParityCategory {
  if (!compared) return 'not_compared';
  const differing = boats.filter((b) => !b.matches);
  if (differing.length === 0) return 'exact';
  const named = boats.some((b) => b.races.some((r) => r.rule !== undefined));
  return named && differing.every((b) => b.explained) ? 'rules_differences' : 'mismatch';
}
