/**
 * Fleet scoring and handicap set-up: which parameters each handicap system takes (with defaults
 * filled in, so the fleet states exactly what the scoring engine will use) and which boat rating
 * a registration must carry.
 */

export const SCORING_SYSTEMS = ['low_point', 'high_point', 'pursuit'] as const;
export type ScoringSystem = (typeof SCORING_SYSTEMS)[number];

export const PENALTY_BASES = ['series_entries', 'starting_area'] as const;
export type PenaltyBasis = (typeof PENALTY_BASES)[number];

export const HANDICAP_SYSTEMS = [
  'one_design',
  'phrf_tod',
  'phrf_tot',
  'irc',
  'orc_tod',
  'orc_tot',
  'portsmouth_rya',
  'portsmouth_us',
  'nhc',
  'echo',
] as const;
export type HandicapSystem = (typeof HANDICAP_SYSTEMS)[number];

/** Rating keys a boat may carry (RegistrationRequest boat.ratings). */
export const RATING_KEYS = ['phrf', 'irc', 'orc_tod', 'orc_tot', 'portsmouth_rya', 'portsmouth_us', 'nhc', 'echo'] as const;
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
export const RATING_FOR_SYSTEM: Record<HandicapSystem, RatingSpec | undefined> = {
  one_design: undefined,
  phrf_tod: { key: 'phrf', meaning: 'PHRF rating in seconds per nautical mile', min: -200, max: 600 },
  phrf_tot: { key: 'phrf', meaning: 'PHRF rating in seconds per nautical mile', min: -200, max: 600 },
  irc: { key: 'irc', meaning: 'IRC TCC (time correction coefficient)', min: 0.3, max: 3 },
  orc_tod: { key: 'orc_tod', meaning: 'ORC time-on-distance allowance in seconds per nautical mile', min: 100, max: 2000 },
  orc_tot: { key: 'orc_tot', meaning: 'ORC time-on-time coefficient', min: 0.3, max: 3 },
  portsmouth_rya: { key: 'portsmouth_rya', meaning: 'RYA Portsmouth Number', min: 300, max: 2500 },
  portsmouth_us: { key: 'portsmouth_us', meaning: 'US Sailing D-PN', min: 30, max: 250 },
  nhc: { key: 'nhc', meaning: 'NHC starting TCF', min: 0.3, max: 3 },
  echo: { key: 'echo', meaning: 'ECHO starting handicap (TCF)', min: 0.3, max: 3 },
};

/** Range of valid values per rating key (a boat can carry ratings of several systems). */
export function ratingRange(key: RatingKey): { min: number; max: number; meaning: string } {
  const spec = Object.values(RATING_FOR_SYSTEM).find((candidate) => candidate?.key === key);
  return spec ?? { min: -Infinity, max: Infinity, meaning: key };
}

interface ParamSpec {
  min: number;
  max: number;
  integer?: boolean;
  default: number;
}

/** Parameters each system accepts, with defaults; systems absent here take none. */
export const HANDICAP_PARAMS: Partial<Record<HandicapSystem, Record<string, ParamSpec>>> = {
  // corrected = elapsed × A / (B + rating)
  phrf_tot: { a: { min: 1, max: 10_000, default: 650 }, b: { min: 1, max: 10_000, default: 550 } },
  // SWNHC2015 / Sailwave NHC1 profile
  nhc: {
    alphaP: { min: 0, max: 1, default: 0.3 },
    alphaN: { min: 0, max: 1, default: 0.15 },
    alphaPX: { min: 0, max: 1, default: 0.15 },
    alphaNX: { min: 0, max: 1, default: 0.075 },
    sdOver: { min: 0, max: 10, default: 1.5 },
    sdUnder: { min: 0, max: 10, default: 1.0 },
    minFin: { min: 1, max: 100, integer: true, default: 3 },
  },
  // Irish Sailing ECHO
  echo: { alpha: { min: 0, max: 1, default: 0.25 }, minFinishers: { min: 1, max: 100, integer: true, default: 3 } },
};

export interface FieldProblem {
  field: string;
  message: string;
}

/** Validates a system's parameters and fills defaults. */
export function resolveHandicapParams(
  system: HandicapSystem,
  params: Record<string, number> | undefined,
): { params: Record<string, number>; problems: FieldProblem[] } {
  const specs = HANDICAP_PARAMS[system] ?? {};
  const problems: FieldProblem[] = [];
  const resolved: Record<string, number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const spec = specs[name];
    if (!spec) {
      const known = Object.keys(specs);
      problems.push({
        field: `handicap.params.${name}`,
        message: known.length > 0 ? `not a parameter of ${system} (known: ${known.join(', ')})` : `${system} takes no parameters`,
      });
      continue;
    }
    if (!Number.isFinite(value) || value < spec.min || value > spec.max || (spec.integer && !Number.isInteger(value))) {
      problems.push({ field: `handicap.params.${name}`, message: `must be ${spec.integer ? 'an integer' : 'a number'} from ${spec.min} to ${spec.max}` });
      continue;
    }
    resolved[name] = value;
  }
  for (const [name, spec] of Object.entries(specs)) if (!(name in resolved)) resolved[name] = spec.default;
  return { params: resolved, problems };
}

/** Discard thresholds must be strictly increasing positive race counts. */
export function discardThresholdProblems(thresholds: number[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  thresholds.forEach((value, index) => {
    if (index > 0 && value <= thresholds[index - 1]!) problems.push({ field: `discardThresholds.${index}`, message: 'must be greater than the previous threshold' });
  });
  return problems;
}

/** True when the fleet's races need a course distance (time-on-distance systems). */
export function needsCourseDistance(system: HandicapSystem): boolean {
  return system === 'phrf_tod' || system === 'orc_tod';
}

/**
 * The rating a boat lacks for a fleet, or undefined when it has what the fleet's system needs.
 */
export function missingRating(system: HandicapSystem, ratings: Record<string, number>): RatingSpec | undefined {
  const spec = RATING_FOR_SYSTEM[system];
  if (!spec) return undefined;
  const value = ratings[spec.key];
  return value === undefined || !Number.isFinite(value) ? spec : undefined;
}
