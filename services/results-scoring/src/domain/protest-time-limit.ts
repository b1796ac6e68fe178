/**
 * The protest time limit of posted results: an explicit deadline per race, or the event's limit in
 * minutes after the last boat finishes the day's last race (the usual sailing-instructions wording).
 * Days are UTC calendar days (the projection has no event time zone). Pure.
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

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The deadline of each race: the explicit one, else `minutes` after the latest last finish among the
 * races (`sameDay`: all races considered, e.g. every race of the fleet) that finished on its UTC day;
 * null when the race has no finish to count from.
 */
export function protestDeadlines(races: readonly RaceFinish[], sameDay: readonly RaceFinish[], minutes: number): Map<string, Date | null> {
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
