/**
 * A regatta's slug: the one asked for (taken: 409 `slug_taken`), or the first free candidate derived
 * from a base (`spring-cup-2026`, `spring-cup-2026-2`, ...). The unique index decides: `insert` runs
 * (in its own transaction) with each candidate until one is not taken.
 */
import { SLUG_ATTEMPTS, slugCandidate } from '@regatta/contracts';
import { problem } from '@regatta/http';
import { isUniqueViolation } from '../store/sql.js';

export async function withFreeSlug<T>(wanted: string | undefined, base: string, name: string, insert: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt += 1) {
    try {
      return await insert(wanted ?? slugCandidate(base, attempt));
    } catch (error) {
      if (!isUniqueViolation(error, 'events_slug')) throw error;
      if (wanted) throw problem('slug_taken', `The slug ${wanted} is already taken.`);
    }
  }
  throw problem('slug_taken', `No free slug was found for ${name}; pass one in slug.`);
}
