/**
 * Rating changes of an entry: a new certificate in force from a race of her fleet on. The
 * value is kept under the rating key of the system named (RATING_FOR_SYSTEM: phrf_tod and phrf_tot share
 * `phrf`), range-checked like a registration's ratings; one value per key and race, latest wins.
 */
import { RATING_FOR_SYSTEM, type HandicapSystemName } from '@regatta/contracts';
import type { FieldProblem } from './handicap.js';

export interface RatingChange {
  system: string;
  key: string;
  value: number;
  fromRace: number;
  recordedAt: string;
}

/** The rating key the system uses, or the problem with the request (one-design has no rating). */
export function ratingChangeProblems(system: HandicapSystemName, value: number): FieldProblem[] {
  const spec = RATING_FOR_SYSTEM[system];
  if (!spec) return [{ field: 'system', message: `${system} boats carry no rating` }];
  if (value < spec.min || value > spec.max) return [{ field: 'value', message: `${spec.meaning} must be from ${spec.min} to ${spec.max}` }];
  return [];
}

/** The changes with this one recorded: the same key and race replaced, sorted by race then key. */
export function withRatingChange(changes: readonly RatingChange[], change: RatingChange): RatingChange[] {
  return [...changes.filter((c) => !(c.key === change.key && c.fromRace === change.fromRace)), change].sort(
    (a, b) => a.fromRace - b.fromRace || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** Which rating key a system's value is stored under (undefined for one-design). */
export const ratingKeyOf = (system: HandicapSystemName): string | undefined => RATING_FOR_SYSTEM[system]?.key;
