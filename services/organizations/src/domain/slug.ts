/**
 * Organization slugs: derived from the name (lowercase ASCII letters, digits and single hyphens) and
 * made unique with the smallest free numeric suffix (-2, -3, ...). The slug is fixed at creation: a
 * later rename keeps it, so links and embeds never break.
 */
export const MAX_SLUG_LENGTH = 80;
const FALLBACK = 'organization';

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug.length > 0 ? slug : FALLBACK;
}

/**
 * The first free slug for `base` given the slugs already taken that start with it: `base` itself,
 * else `base-2`, `base-3`, ... (the smallest number not taken).
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
