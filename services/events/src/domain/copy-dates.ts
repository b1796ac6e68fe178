/**
 * The dates of a copied regatta ("copy last year's event"): the copy moves by a whole number of days,
 * the day offset from the source's start day to the new start day. Every instant of the regatta (start,
 * end, registration window, race start times) moves by it and keeps its time of day at the venue: in
 * the regatta's time zone when it has one (a race at 11:00 in Rome stays at 11:00 across a change of
 * daylight saving time), else in UTC. Only the end may move otherwise, when the copy names its day.
 */
import { dateProblems, type EventDates } from './events.js';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A wanted day: a calendar date, or an instant whose day at the venue counts (its time does not). */
export type WantedDay = { day: string } | { instant: Date };

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** Date.UTC for every year (Date.UTC reads the years 0-99 as 1900-1999). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  return date.getTime();
}

/** The wall-clock time at the venue of an instant, written as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string | null): number {
  if (timeZone === null) return instant;
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal' && part.type !== 'era') parts[part.type] = Number(part.value);
  }
  const whole = utc(parts['year']!, parts['month']!, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!);
  return whole + (((instant % 1000) + 1000) % 1000);
}

/** The calendar day (YYYY-MM-DD) of an instant at the venue (UTC without a time zone). */
export function dayAt(instant: Date, timeZone: string | null): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another: 2026-04-18 → 2027-04-17 is 364. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / DAY_MS);
}

function dayStart(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return utc(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * The instant `days` calendar days later (earlier when negative) at the same time of day at the
 * venue. A time of day that the new day skips (the hour clocks jump forward) lands an hour later.
 */
export function shiftByDays(instant: Date, days: number, timeZone: string | null): Date {
  const time = instant.getTime();
  const target = wallClock(time, timeZone) + days * DAY_MS;
  // Start from the source's offset from UTC, then take the offset in force at the guess.
  let guess = target - (wallClock(time, timeZone) - time);
  guess = target - (wallClock(guess, timeZone) - guess);
  return new Date(guess);
}

export interface SourceDates extends EventDates {
  timeZone: string | null;
}

export interface CopiedDates extends EventDates {
  /** Days every date moved by (the end too, unless its day was named). */
  offsetDays: number;
}

/** The last instant the API writes as a date-time of four-digit years. */
const LATEST = utc(9999, 12, 31, 23, 59, 59) + 999;

function inRange(date: Date): boolean {
  return date.getUTCFullYear() >= 1 && date.getTime() <= LATEST;
}

/**
 * The copy's start, end and registration window, with the problems that refuse it ({field, message},
 * as POST /events names them): an end day before the start day, or a date moved beyond the years the
 * API writes (0001-9999). `races` are the source's race start times; they must stay in range too.
 */
export function copiedDates(
  source: SourceDates,
  wanted: { startDate: WantedDay; endDate?: WantedDay | undefined },
  races: readonly Date[] = [],
): CopiedDates & { problems: { field: string; message: string }[] } {
  const zone = source.timeZone;
  const dayOf = (value: WantedDay) => ('day' in value ? value.day : dayAt(value.instant, zone));
  const offsetDays = daysBetween(dayAt(source.startDate, zone), dayOf(wanted.startDate));
  const shift = (date: Date) => shiftByDays(date, offsetDays, zone);
  const dates: CopiedDates = {
    offsetDays,
    startDate: shift(source.startDate),
    endDate: wanted.endDate ? shiftByDays(source.endDate, daysBetween(dayAt(source.endDate, zone), dayOf(wanted.endDate)), zone) : shift(source.endDate),
    registrationOpen: source.registrationOpen && shift(source.registrationOpen),
    registrationClose: source.registrationClose && shift(source.registrationClose),
  };
  const problems = dateProblems(dates);
  const moved = [dates.startDate, dates.endDate, dates.registrationOpen, dates.registrationClose, ...races.map(shift)];
  if (moved.some((date) => date !== null && !inRange(date))) {
    problems.push({ field: 'startDate', message: 'moves a date of the regatta outside the years 0001-9999' });
  }
  return { ...dates, problems };
}
