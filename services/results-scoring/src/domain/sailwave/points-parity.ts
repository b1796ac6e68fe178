/**
 * The comparison parity makes for one boat: Sailwave's stored rank, total, nett (comprank, comptotal,
 * compnett) and points of each race (rpts) against the platform's. Shared by parity.ts (the engine
 * alone) and draft-parity.ts (the platform's stored standings). Pure.
 */
import { comparePoints } from '../numbers.js';

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
}

export interface BoatComparison {
  readonly matches: boolean;
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
 * stored cell are not compared); `platformRaces`: the platform's points per race number. A total that
 * Sailwave did not store is not compared.
 */
export function compareBoat(
  sailwave: SeriesFigures,
  platform: SeriesFigures,
  sailwaveRaces: readonly { race: number; points: number }[],
  platformRaces: ReadonlyMap<number, number>,
): BoatComparison {
  const races: RacePointsDifference[] = [];
  for (const { race, points } of sailwaveRaces) {
    const mine = platformRaces.get(race) ?? null;
    if (!samePoints(points, mine)) races.push({ race, sailwave: points, platform: mine });
  }
  const totalMatches = sailwave.total === null || samePoints(sailwave.total, platform.total);
  const matches = sailwave.rank === platform.rank && samePoints(sailwave.nett, platform.nett) && totalMatches && races.length === 0;
  return { matches, races, racesCompared: sailwaveRaces.length };
}
