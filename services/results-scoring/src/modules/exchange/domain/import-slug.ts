/**
 * The slug an imported regatta asks for: the one slug rule of @regatta/contracts (the events
 * service's), base then -2, -3 ... The importer picks the first candidate its events projection does
 * not hold; the events service still suffixes on a clash it sees (an event created meanwhile).
 */
import { slugBaseWithYear, slugCandidate } from '@regatta/contracts';

export function importSlugBase(name: string, year: number): string {
  return slugBaseWithYear(name, year);
}

/** The first of base, base-2, base-3 ... not in `taken`. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}
