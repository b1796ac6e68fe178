/** Input of the rankings routes (packages/openapi/spec/rankings.yaml states the same rules). */
import { z } from 'zod';
import { queryInt, queryOffset } from '@regatta/http';
import { AGE_GROUP, GENDERS, NATIONALITY } from '../domain/rankings/filters.js';
import { VISIBILITIES } from '../domain/rankings/lists.js';

const placePoints = z.union([z.literal('linear'), z.array(z.number().finite().min(0).max(100_000)).min(1).max(500)]);
const windowMonths = z.number().int().min(1).max(120);

const formula = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('best_n'), n: z.number().int().min(1).max(100), placePoints: placePoints.default('linear'), windowMonths }),
  z.strictObject({ kind: z.literal('all'), placePoints: placePoints.default('linear'), windowMonths }),
]);

const optionalText = (max: number) => z.string().trim().min(1).max(max).nullable().optional();

const filters = z.strictObject({
  class: optionalText(100),
  ageGroup: z.string().regex(AGE_GROUP, 'must be U followed by an age, e.g. U19').nullable().optional(),
  nationality: z.string().regex(NATIONALITY, 'must be a three-letter code in capitals, e.g. NOR').nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
});

const factor = z.number().finite().min(0).max(100);

export const createListBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  formula,
  filters: filters.default({}),
  defaultFactor: factor.default(1),
  visibility: z.enum(VISIBILITIES).default('public'),
});

/**
 * A change of a list: any of its settings, each replaced whole (a formula or filters given are the
 * new ones, not merged with the old); at least one.
 */
export const changeListBody = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    formula: formula.optional(),
    filters: filters.optional(),
    defaultFactor: factor.optional(),
    visibility: z.enum(VISIBILITIES).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one of name, formula, filters, defaultFactor, visibility' });

export const factorBody = z.strictObject({ factor });

export const sailorRecordBody = z.strictObject({
  nationality: z.string().regex(NATIONALITY, 'must be a three-letter code in capitals, e.g. NOR').nullable().default(null),
  gender: z.enum(GENDERS).nullable().default(null),
  birthYear: z.number().int().min(1900).max(2100).nullable().default(null),
});

export const listsQuery = z.object({
  limit: queryInt(1, 100).default(20),
  offset: queryOffset(),
});

/** `asOf` (YYYY-MM-DD): the end of the rolling window; today when absent. */
const asOf = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'must be a date (YYYY-MM-DD)')
  .optional();

export const rankingQuery = z.object({
  asOf,
  limit: queryInt(1, 500).default(100),
  offset: queryOffset(),
});

export const sailorQuery = z.object({ asOf });

export const publishBody = z.strictObject({ asOf }).default({});

/** The reference moment of a computation: the end (23:59:59.999 UTC) of the asOf day, else now. */
export function asOfDate(value: string | undefined): Date {
  return value ? new Date(`${value}T23:59:59.999Z`) : new Date();
}
