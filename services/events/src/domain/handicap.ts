/**
 * Fleet handicap set-up: which parameters each handicap system takes (with defaults filled in, so the
 * fleet states exactly what the scoring engine will use) and which boat rating a registration must
 * carry. The systems, rating keys and rating ranges are the shared vocabulary (@regatta/contracts).
 */
import { HANDICAP_PARAMS, RATING_FOR_SYSTEM, type HandicapSystemName, type RatingKey, type RatingSpec } from '@regatta/contracts';

export { HANDICAP_PARAMS };

/** Range of valid values per rating key (a boat can carry ratings of several systems). */
export function ratingRange(key: RatingKey): { min: number; max: number; meaning: string } {
  const spec = Object.values(RATING_FOR_SYSTEM).find((candidate) => candidate?.key === key);
  return spec ?? { min: -Infinity, max: Infinity, meaning: key };
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** Validates a system's parameters and fills defaults. */
export function resolveHandicapParams(
  system: HandicapSystemName,
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

/** Ratings given with a registration that are outside the plausible range of their system. */
export function ratingProblems(ratings: Partial<Record<string, number | undefined>>): FieldProblem[] {
  return Object.entries(ratings).flatMap(([key, value]) => {
    const range = ratingRange(key as RatingKey);
    return value !== undefined && (value < range.min || value > range.max)
      ? [{ field: `boat.ratings.${key}`, message: `${range.meaning} must be from ${range.min} to ${range.max}` }]
      : [];
  });
}

/** The rating a boat lacks for a fleet, or undefined when it has what the fleet's system needs. */
export function missingRating(system: HandicapSystemName, ratings: Record<string, number>): RatingSpec | undefined {
  const spec = RATING_FOR_SYSTEM[system];
  if (!spec) return undefined;
  const value = ratings[spec.key];
  return value === undefined || !Number.isFinite(value) ? spec : undefined;
}
