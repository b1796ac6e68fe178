/** Building blocks of the input schemas (zod); parse() turns failures into 400s naming each field. */
import { z } from 'zod';
import { queryInt } from '@regatta/http';
import { normalizeMoney } from '../domain/events.js';

export const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone' }).transform((value) => new Date(value));
export const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
export const nonEmpty = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
export const money = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const normalized = normalizeMoney(value);
  if (normalized === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be a non-negative amount with at most 2 decimals, e.g. "125.00"' });
    return z.NEVER;
  }
  return normalized;
});
export const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD');

/** One of a vocabulary list, naming the allowed values when another is sent. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** A query date: YYYY-MM-DD (midnight UTC) or an ISO date-time. */
export const queryDate = z.string().transform((value, ctx) => {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const dateTimeOk = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const parsed = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if ((!dateOnly && !dateTimeOk) || Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) {
    ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' });
    return z.NEVER;
  }
  return parsed;
});

export const intParam = (min: number, max: number, fallback: number) => queryInt(min, max).default(fallback);
