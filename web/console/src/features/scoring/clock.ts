/**
 * Times on a finish sheet are typed on the regatta's clock (the venue's time zone) as HH:MM:SS on the
 * race's day; the API takes instants. The race's day is the day of its start (actual, else scheduled)
 * on that clock, else today.
 */
import { wallTimeToInstant, zoneOffset } from '../fleets/zoned-time';

/** What the regatta's clock shows at `iso`: its day (YYYY-MM-DD) and time (HH:MM:SS). */
export function onTheClock(iso: string, timeZone: string | null | undefined): { day: string; time: string } {
  const instant = new Date(iso).getTime();
  const offset = timeZone ? zoneOffset(instant, timeZone) : -new Date(instant).getTimezoneOffset() * 60_000;
  const wall = new Date(Math.floor(instant / 1000) * 1000 + offset).toISOString();
  return { day: wall.slice(0, 10), time: wall.slice(11, 19) };
}

/** The race's day on the regatta's clock (its start's day, else today's). */
export function raceDay(start: string | null | undefined, timeZone: string | null | undefined, now = Date.now()): string {
  return onTheClock(start ?? new Date(now).toISOString(), timeZone).day;
}

/** HH:MM:SS of `day` on the regatta's clock as an instant; null when it is no time. */
export function clockToInstant(day: string, time: string, timeZone: string | null | undefined): string | null {
  return wallTimeToInstant(`${day}T${time}`, timeZone ?? null);
}
