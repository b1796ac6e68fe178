import { z } from 'zod';

/** An integer query parameter written in decimal digits, within [min, max]. */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A free-text search parameter; an empty value means "no filter". */
export function querySearch(maxLength: number) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().min(1).max(maxLength, `must be at most ${maxLength} characters`).optional(),
  );
}
