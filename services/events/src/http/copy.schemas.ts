/** Input of POST /events/{slug}/copy: the new regatta's name and slug as POST /events takes them, and its days. */
import { z } from 'zod';
import type { WantedDay } from '../domain/copy-dates.js';
import { createEventBody } from './events.schemas.js';
import { dateTime } from './schemas.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD naming a day of the calendar (not 2027-02-30, not 0000-00-00). */
function isCalendarDay(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar day (YYYY-MM-DD), or a date-time as POST /events takes it (its day at the venue counts). */
const wantedDay = z.string().transform((value, ctx): WantedDay => {
  if (isCalendarDay(value)) return { day: value };
  const instant = dateTime.safeParse(value);
  if (instant.success) return { instant: instant.data };
  ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone' });
  return z.NEVER;
});

export const copyEventBody = z
  .object({
    name: createEventBody.shape.name,
    slug: createEventBody.shape.slug,
    startDate: wantedDay,
    endDate: wantedDay.optional(),
  })
  .strict();
