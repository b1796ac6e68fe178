/** Request shapes of the results and standings routes, validated at the edge (400 problem naming each field). */
import { RACE_STATUSES, REDRESS_METHODS, RESULT_CODES, RESULT_STATUSES } from '@regatta/contracts';
import type { Request } from 'express';
import { notFound } from '@regatta/http';
import { z } from 'zod';
import { CODES_BY_STATUS } from '../../shared/domain/result-codes.js';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone (e.g. 2025-06-01T12:00:00Z)' });

const redressSchema = z.strictObject({
  method: z.enum(REDRESS_METHODS),
  points: z.number().min(0).max(10_000).optional(),
});

const entrySchema = z
  .strictObject({
    /** Boat id. */
    boat: z.string().trim().min(1).max(200),
    finishTime: dateTime.nullable().optional(),
    status: z.enum(RESULT_STATUSES),
    code: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(RESULT_CODES))
      .nullable()
      .optional(),
    /** ZFP / SCP: percentage of the DNF score (default 20). */
    penaltyPercent: z.number().min(0).max(100).optional(),
    /** DPI: points added. */
    points: z.number().min(0).max(10_000).optional(),
    redress: redressSchema.optional(),
    notes: z.string().max(2_000).nullable().optional(),
  })
  .superRefine((entry, ctx) => {
    const code = entry.code ?? null;
    if (code !== null && !(CODES_BY_STATUS[entry.status] as readonly (string | null)[]).includes(code)) {
      const allowed = CODES_BY_STATUS[entry.status].filter((c) => c !== null);
      ctx.addIssue({ code: 'custom', path: ['code'], message: `code ${code} does not go with status ${entry.status} (allowed: ${allowed.join(', ')})` });
    }
    if (entry.penaltyPercent !== undefined && code !== 'scp' && code !== 'zfp') {
      ctx.addIssue({ code: 'custom', path: ['penaltyPercent'], message: 'penaltyPercent is only for codes scp and zfp' });
    }
    if (entry.points !== undefined && code !== 'dpi') {
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'points is only for code dpi' });
    }
    if (code === 'dpi' && entry.points === undefined) {
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'code dpi needs the penalty points' });
    }
    if (entry.redress !== undefined && code !== 'rdg') {
      ctx.addIssue({ code: 'custom', path: ['redress'], message: 'redress is only for code rdg' });
    }
    if (entry.redress?.method === 'points' && entry.redress.points === undefined) {
      ctx.addIssue({ code: 'custom', path: ['redress', 'points'], message: 'redress method points needs the points' });
    }
    if (entry.redress !== undefined && entry.redress.method !== 'points' && entry.redress.points !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['redress', 'points'], message: 'points are only given with redress method points' });
    }
  });

export const submitResultsBody = z.strictObject({
  actualStart: dateTime.nullable().optional(),
  /** Race status after this submission; default finished. */
  status: z.enum(RACE_STATUSES).optional(),
  results: z.array(entrySchema).max(2_000),
  /** Why (kept in the revision the submission makes). */
  reason: z.string().max(2_000).optional(),
});
export type SubmitResultsBody = z.infer<typeof submitResultsBody>;
export type SubmittedResult = SubmitResultsBody['results'][number];

const filter = z.string().trim().min(1).max(200).optional();

/** asOf: the moment whose shown results are asked (ISO 8601 date-time with a time zone). */
const asOf = dateTime.optional();

export const resultsQuery = z.object({ race: filter, fleet: filter, boat: filter, asOf });

/** A yes/no parameter ("true", "false", "1", "0"); absent, `fallback`. Documented as a boolean with that default. */
const booleanText = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'))
    .meta({ type: 'boolean', default: fallback });

export const standingsQuery = z.object({ fleet: filter, includeDrops: booleanText(true), asOf });

/** A series' standings are of the events' latest results (no asOf). */
export const seriesStandingsQuery = standingsQuery.omit({ asOf: true });

export const slugParams = z.object({ slug: z.string().min(1).max(200) });
export const raceParams = z.object({ slug: z.string().min(1).max(200), raceId: z.string().min(1).max(200) });

/** A path that cannot name anything (e.g. a 300-character slug) is the same 404 as an unknown one, not a 400. */
export function pathParams<S extends z.ZodType>(schema: S, req: Request, what: string): z.infer<S> {
  const parsed = schema.safeParse(req.params);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}
