/**
 * The rating each boat sails each race on: the entry's rating (boat.ratings) until a rating change
 * (getRegistrationRatings ratingChanges, in force from race `fromRace` on) replaces it; the latest
 * change from or before a race is the one in force. A race whose rating differs from the race before
 * is marked changed.
 */
import type { Schemas } from '@regatta/client';

export type RatingChange = Schemas['RatingChange'];

export interface RaceRating {
  race: number;
  value: number | null;
  changed: boolean;
}

export function ratingInRace(ratings: Readonly<Record<string, number>>, changes: readonly RatingChange[], key: string, race: number): number | null {
  const inForce = changes.filter((change) => change.key === key && change.fromRace <= race).sort((a, b) => b.fromRace - a.fromRace)[0];
  return inForce ? inForce.value : ratings[key] ?? null;
}

export function ratingsPerRace(ratings: Readonly<Record<string, number>>, changes: readonly RatingChange[], key: string, races: readonly number[]): RaceRating[] {
  let before: number | null | undefined;
  return [...races].sort((a, b) => a - b).map((race) => {
    const value = ratingInRace(ratings, changes, key, race);
    const changed = before !== undefined && value !== before;
    before = value;
    return { race, value, changed };
  });
}
