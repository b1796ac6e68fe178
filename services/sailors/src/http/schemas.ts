import { z } from 'zod';

function intParam(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

const searchParam = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
);

export const historyQuery = z.object({
  year: intParam(1900, 2200).optional(),
  limit: intParam(1, 100).default(50),
  offset: intParam(0, 1_000_000_000).default(0),
});

export const boatsQuery = z.object({
  sailNumber: searchParam,
  q: searchParam,
  limit: intParam(1, 100).default(20),
  offset: intParam(0, 1_000_000_000).default(0),
});
