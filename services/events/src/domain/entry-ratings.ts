/**
 * The ratings of an entry as entered in its regatta: the boat's stored ratings (the sailor's boat
 * record, which keeps the newest ratings she gave) with the ratings given on this entry over them, key
 * by key. The entry keeps them as its own from then on: a later entry of the boat with a new
 * certificate changes that entry and the boat's default for her next entries, never the ratings an
 * earlier regatta scores her by. Pure.
 */

export type Ratings = Record<string, number>;

/** The stored ratings with the given ones over them; a given key without a value leaves the stored one. */
export function entryRatings(stored: Readonly<Ratings>, given: Readonly<Partial<Record<string, number | undefined>>>): Ratings {
  const ratings: Ratings = { ...stored };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) ratings[key] = value;
  return ratings;
}
