/**
 * The sailing vocabulary of fleet set-up and results: scoring systems, handicap systems and the rating
 * each one needs, penalty bases, result statuses and Appendix A codes. Events validates fleets and
 * registrations with it, results-scoring scores with it, the public pages show it: one list, so a value
 * added here reaches every service.
 */

/**
 * high_point: a finisher scores (boats that came to the starting area − place + 1); high_point_percentage:
 * 100 × (came − place + 1) / came (docs/scoring.md, "High point variants").
 */
export const SCORING_SYSTEMS = ['low_point', 'high_point', 'high_point_percentage', 'pursuit'] as const;
export type ScoringSystem = (typeof SCORING_SYSTEMS)[number];

/**
 * What penalty scores count from: series_entries = RRS A5.2 (entries of the series + 1); starting_area =
 * A5.3 (boats that came to the starting area + 1, DNC keeps entries + 1); starting_area_incl_dnc = A5.3
 * with DNC also on came + 1; finishers_plus = finishers in the race + N (Sailwave's "Finishers +", ILCA).
 */
export const PENALTY_BASES = ['series_entries', 'starting_area', 'starting_area_incl_dnc', 'finishers_plus'] as const;
export type PenaltyBasis = (typeof PENALTY_BASES)[number];

/** A fleet's default for redress given without a method (RRS A9(a) average of all races, A9(b) of the races before). */
export const REDRESS_DEFAULT_METHODS = ['average_all', 'average_before'] as const;
export type RedressDefaultMethod = (typeof REDRESS_DEFAULT_METHODS)[number];

/** How an overall (combined) result ranks the boats of several fleets: on corrected time, or by a points formula. */
export const OVERALL_METHODS = ['corrected_time', 'points'] as const;
export type OverallMethod = (typeof OVERALL_METHODS)[number];
/** Points formulas of an overall result: net = each boat's net points in her fleet; net_scaled = net × largest fleet / own fleet. */
export const OVERALL_POINTS_FORMULAS = ['net', 'net_scaled'] as const;
export type OverallPointsFormula = (typeof OVERALL_POINTS_FORMULAS)[number];

export const HANDICAP_SYSTEMS = [
  'one_design',
  'phrf_tod',
  'phrf_tot',
  'irc',
  'vprs',
  'orc_tod',
  'orc_tot',
  'portsmouth_rya',
  'portsmouth_us',
  'nhc',
  'echo',
] as const;
export type HandicapSystemName = (typeof HANDICAP_SYSTEMS)[number];

/** Rating keys a boat may carry (`boat.ratings` of a registration). */
export const RATING_KEYS = ['phrf', 'irc', 'vprs', 'orc_tod', 'orc_tot', 'portsmouth_rya', 'portsmouth_us', 'nhc', 'echo'] as const;
export type RatingKey = (typeof RATING_KEYS)[number];

export interface RatingSpec {
  key: RatingKey;
  /** What the number is, for messages and documentation. */
  meaning: string;
  /** Smallest and largest plausible value (inclusive). */
  min: number;
  max: number;
}

/** The rating each handicap system needs; one-design needs none. */
export const RATING_FOR_SYSTEM: Readonly<Record<HandicapSystemName, RatingSpec | undefined>> = {
  one_design: undefined,
  phrf_tod: { key: 'phrf', meaning: 'PHRF rating in seconds per nautical mile', min: -200, max: 600 },
  phrf_tot: { key: 'phrf', meaning: 'PHRF rating in seconds per nautical mile', min: -200, max: 600 },
  irc: { key: 'irc', meaning: 'IRC TCC (time correction coefficient)', min: 0.3, max: 3 },
  vprs: { key: 'vprs', meaning: 'VPRS TCC (time correction coefficient)', min: 0.3, max: 3 },
  orc_tod: { key: 'orc_tod', meaning: 'ORC time-on-distance allowance in seconds per nautical mile', min: 100, max: 2000 },
  orc_tot: { key: 'orc_tot', meaning: 'ORC time-on-time coefficient', min: 0.3, max: 3 },
  portsmouth_rya: { key: 'portsmouth_rya', meaning: 'RYA Portsmouth Number', min: 300, max: 2500 },
  portsmouth_us: { key: 'portsmouth_us', meaning: 'US Sailing D-PN', min: 30, max: 250 },
  nhc: { key: 'nhc', meaning: 'NHC starting TCF', min: 0.3, max: 3 },
  echo: { key: 'echo', meaning: 'ECHO starting handicap (TCF)', min: 0.3, max: 3 },
};

/** True when races of a fleet need a course distance: time-on-distance systems ranked on corrected time. */
export function needsCourseDistance(system: HandicapSystemName, scoringSystem: ScoringSystem = 'low_point'): boolean {
  return scoringSystem !== 'pursuit' && (system === 'phrf_tod' || system === 'orc_tod');
}

/** Result statuses of the contract (`results[].status`). */
export const RESULT_STATUSES = ['finished', 'dnf', 'dns', 'dsq', 'dnc', 'raf'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Appendix A codes accepted in `results[].code` (case-insensitive on input, upper case on output). */
export const RESULT_CODES = ['dnf', 'dns', 'dsq', 'dnc', 'ocs', 'zfp', 'ufd', 'bfd', 'scp', 'nsc', 'ret', 'dne', 'rdg', 'dpi'] as const;
export type ResultCodeName = (typeof RESULT_CODES)[number];

/** How redress (RDG) is given: RRS A9(a) average of all races, A9(b) of the races before, or points stated. */
export const REDRESS_METHODS = ['average_all', 'average_before', 'points'] as const;
export type RedressMethod = (typeof REDRESS_METHODS)[number];

/** How a multi-event series ranks: sum of each event's net points, or points by place in each event. */
export const SERIES_SCORING_RULES = ['sum_of_net', 'event_places'] as const;
export type SeriesScoringRule = (typeof SERIES_SCORING_RULES)[number];
