/**
 * Split series (qualifying fleets → final fleets → medal race) in rankings. Once the final fleets are
 * dealt, the series' fleets' own standings are not final places: a qualifying fleet's places are
 * provisional and a silver fleet's winner is not a regatta winner. Such a regatta's result is the
 * series' overall standings (medal fleet first, then each final fleet in order): place = overall rank,
 * fleet size = boats in the series, class = the boat's qualifying fleet's class (or its name).
 * Before the final split (or a series defined but never split) the fleets count as ordinary fleets;
 * fleets outside the series and regattas without one are untouched.
 */
import type { RankingResultInput } from './compute.js';

export interface SplitOverall {
  eventId: string;
  /** Every fleet of the series: qualifying, final and medal. */
  fleetIds: readonly string[];
  /** True once the final fleets are dealt (the last split made is the final or the medal split). */
  split: boolean;
  /** One result per ranked boat: place = overall rank, fleetSize = boats in the series, the boat's qualifying fleet. */
  results: readonly RankingResultInput[];
}

/** The results a ranking counts: the series' fleets' standings of split regattas replaced by their overall standings. */
export function withSplitStandings(results: readonly RankingResultInput[], splits: readonly SplitOverall[]): RankingResultInput[] {
  const made = splits.filter((split) => split.split);
  const seriesFleets = new Map(made.map((split) => [split.eventId, new Set(split.fleetIds)] as const));
  const kept = results.filter((result) => !seriesFleets.get(result.eventId)?.has(result.fleetId));
  return [...kept, ...made.flatMap((split) => split.results)];
}
