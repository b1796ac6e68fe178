/** Slugs of events and series, one rule for every service: derived from the name (with the year), then -2, -3, ... on a clash. */

/** URL-safe slug from a name: lower case ASCII words joined by "-", at most 80 characters. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug.length > 0 ? slug : 'event';
}

/** The n-th candidate slug: base, base-2, base-3, ... */
export function slugCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}

/** The slug base of a name in a year: the name's slug, with the year appended unless the name has it. */
export function slugBaseWithYear(name: string, year: number): string {
  return new RegExp(`\\b${year}\\b`).test(name) ? slugify(name) : `${slugify(name)}-${year}`;
}

/** How many candidates (base, base-2, ...) are tried before giving up with slug_taken. */
export const SLUG_ATTEMPTS = 50;
