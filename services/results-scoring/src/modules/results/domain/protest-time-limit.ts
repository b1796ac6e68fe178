/**
 * The protest time limit of posted results: an explicit deadline per race, or the event's limit in
 * minutes after the last boat finishes the day's last race (the usual sailing-instructions wording).
 * "The day" is the calendar day at the venue: the event's time zone (an IANA name set with the time
 * limit), UTC when none is set. Pure.
 */

/** The limit when the event sets none: 120 minutes (the racing rules' default when the sailing instructions state no limit). */
export const DEFAULT_PROTEST_TIME_LIMIT_MINUTES = 120;

export interface RaceFinish {
  raceId: string;
  /** When the last boat finished (or, without finish times, when the results were recorded). */
  lastFinish: Date | null;
  /** A deadline the committee gave for this race; wins over the computed one. */
  explicitDeadline: Date | null;
}

/** The IANA time zone name when the runtime knows it (the shared rule of @regatta/contracts). */
export { isTimeZone } from '@regatta/contracts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of `date` in `timeZone`. */
export function dayIn(date: Date, timeZone: string): string {
  if (timeZone === 'UTC') return date.toISOString().slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * The deadline of each race: the explicit one, else `minutes` after the latest last finish among the
 * races (`sameDay`: all races considered, e.g. every race of the fleet) that finished on its day at the
 * venue (`timeZone`, default UTC); null when the race has no finish to count from.
 */
export function protestDeadlines(races: readonly RaceFinish[], sameDay: readonly RaceFinish[], minutes: number, timeZone = 'UTC'): Map<string, Date | null> {
  const dayOf = (date: Date) => dayIn(date, timeZone);
  const lastOfDay = new Map<string, Date>();
  for (const race of [...sameDay, ...races]) {
    if (!race.lastFinish) continue;
    const day = dayOf(race.lastFinish);
    const known = lastOfDay.get(day);
    if (!known || race.lastFinish > known) lastOfDay.set(day, race.lastFinish);
  }
  const deadlines = new Map<string, Date | null>();
  for (const race of races) {
    if (race.explicitDeadline) {
      deadlines.set(race.raceId, race.explicitDeadline);
      continue;
    }
    const last = race.lastFinish ? lastOfDay.get(dayOf(race.lastFinish)) : undefined;
    deadlines.set(race.raceId, last ? new Date(last.getTime() + minutes * 60_000) : null);
  }
  return deadlines;
}

/** Races whose limit has passed at `now` (null deadline: never by time, only by the committee). */
export const limitPassed = (deadline: Date | null, now: Date): boolean => deadline !== null && deadline.getTime() <= now.getTime();
