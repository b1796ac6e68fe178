/**
 * The types of series scoring: fleet configuration, input (boats, races), and the standings it
 * produces. Separate from series-scoring.ts so that helpers (series-ranking.ts) can name them without
 * importing the scorer.
 */
import type { PenaltyCode, ResultCode } from './codes.js';
import type { HandicapSystem } from './handicap.js';
import type { BoatRaceResult, FinishersPlus, PenaltyBasis, RaceEntry, RaceScore, ScoringSystem } from './race-scoring.js';
import type { EchoRaceUpdate, NhcRaceUpdate } from './progressive.js';

export interface DiscardThreshold {
  readonly minRaces: number;
  readonly discardCount: number;
}

/** How many scores each boat may exclude, by the number of races completed. */
export type DiscardSchedule =
  | { readonly kind: 'none' }
  /** Step table: the largest discardCount whose minRaces ≤ races completed. */
  | { readonly kind: 'thresholds'; readonly thresholds: readonly DiscardThreshold[] }
  /** One discard once `firstAt` races are completed, one more every `everyRaces` after that. */
  | { readonly kind: 'proportional'; readonly firstAt: number; readonly everyRaces: number }
  /** The fleet's `dropRaces`: that many discards, but never every race (min(count, races − 1)). */
  | { readonly kind: 'fixed'; readonly count: number };

export type DiscardPolicy = 'normal' | 'must_count' | 'discard_first';

export interface FleetConfig {
  readonly scoringSystem: ScoringSystem;
  readonly handicap: HandicapSystem;
  /** Default A5.2. */
  readonly penaltyBasis?: PenaltyBasis;
  /** The N of the finishers_plus basis (default: DNF-like + 1, DNC + 2). */
  readonly finishersPlus?: FinishersPlus;
  readonly discards?: DiscardSchedule;
  /** Simple form of `discards` ({kind: 'fixed'}); ignored when `discards` is set. */
  readonly dropRaces?: number;
  /** Leave out boats whose every record in these races is DNC (sub-series "entrants per block"). */
  readonly excludeDncOnlyBoats?: boolean;
}

export interface SeriesBoat {
  readonly id: string;
  /** Rating in the handicap system's unit; for NHC/ECHO the TCF the boat starts these races on. */
  readonly rating?: number;
  /** NHC only: the series-initial TCF the realignment anchors to (defaults to `rating`). */
  readonly baseRating?: number;
}

export interface SeriesRace {
  readonly number: number;
  /** Points multiplier (default 1); a weighted score is rounded to a tenth. */
  readonly weight?: number;
  readonly discardPolicy?: DiscardPolicy;
  readonly startTime?: string;
  readonly distanceNm?: number;
  readonly entries: readonly RaceEntry[];
  /** Per-race ratings (a mid-series certificate change), by boat id. */
  readonly ratingOverrides?: Readonly<Record<string, number>>;
  /** Struck for this fleet (abandoned / cancelled): scored like a race no boat finished. */
  readonly struck?: boolean;
}

export interface SeriesInput {
  readonly fleet: FleetConfig;
  readonly boats: readonly SeriesBoat[];
  readonly races: readonly SeriesRace[];
}

export interface SeriesRaceCell {
  readonly raceNumber: number;
  /** Points as counted (after weighting); 0 in an excluded race. */
  readonly points: number;
  readonly code: ResultCode | null;
  readonly penaltyCode: PenaltyCode | null;
  /** Finishing place (corrected-time order in handicap fleets). */
  readonly position: number | null;
  readonly dropped: boolean;
  /** The code may not be excluded (DNE). */
  readonly nonDiscardable: boolean;
  /** The race was not scored (no finisher, or struck). */
  readonly excluded: boolean;
  readonly redress: boolean;
  readonly elapsedSeconds: number | null;
  readonly correctedSeconds: number | null;
  readonly ratingApplied: number | null;
  /** Progressive systems: the rating carried into the next race. */
  readonly newRating: number | null;
}

export interface BoatStanding {
  readonly boatId: string;
  readonly rank: number;
  readonly total: number;
  readonly net: number;
  readonly races: readonly SeriesRaceCell[];
}

export interface RaceSummary {
  readonly number: number;
  readonly excluded: boolean;
  readonly finisherCount: number;
  readonly score: RaceScore | null;
  readonly nhc?: NhcRaceUpdate;
  readonly echo?: EchoRaceUpdate;
}

export interface Rejection {
  readonly boatId: string;
  readonly reason: 'no_rating' | 'no_starting_tcf';
}

export interface SeriesStandings {
  /** Best first. */
  readonly standings: readonly BoatStanding[];
  readonly rejected: readonly Rejection[];
  readonly races: readonly RaceSummary[];
  readonly racesCompleted: number;
  readonly discardCount: number;
  /** Progressive systems: ratings after the last race, by boat id. */
  readonly finalRatings: ReadonlyMap<string, number>;
}
