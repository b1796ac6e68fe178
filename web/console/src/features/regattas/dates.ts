/**
 * A regatta's days and times belong to its venue's clock (its IANA time zone). The API stores
 * instants; the forms show and take wall-clock values of the regatta's zone: a day (YYYY-MM-DD) for
 * the regatta's start and end, a local date-time (YYYY-MM-DDTHH:mm) for the entry window. A regatta
 * without a time zone is read on the browser's clock, as the rest of the console reads it. The zone
 * arithmetic is the one race starts use (features/fleets/zoned-time.ts).
 */
import { instantToWallTime, wallTimeToInstant, zoneOffset } from '../fleets/zoned-time';

/** The browser's own zone, the default for a new regatta. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The IANA zones the browser knows, for the time zone picker (UTC first: Intl leaves it out). */
export function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const names = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}

/** True when Intl knows the zone (case-insensitively, aliases too), as the events service checks it. */
export function isTimeZone(name: string): boolean {
  if (!name.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name.trim() });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * A wall-clock day (its midnight) or local date-time of the zone as the instant the API takes,
 * written with the zone's offset: ('2026-06-12', 'Europe/Berlin') → '2026-06-12T00:00:00+02:00'. A
 * time the clock skips (spring forward) moves on by the gap, one it shows twice is the first.
 */
export function zonedToInstant(local: string, timeZone: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(local) ? wallTimeToInstant(`${local}T00:00`, timeZone) : wallTimeToInstant(local, timeZone);
  if (!iso) throw new RangeError(`not a local date or date-time: ${local}`);
  const instant = Date.parse(iso);
  const offset = Math.round(zoneOffset(instant, timeZone) / 60_000);
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** An instant as the zone's wall clock: 'YYYY-MM-DDTHH:mm' (for datetime-local inputs). */
export const instantToLocal = (iso: string | null | undefined, timeZone: string): string => instantToWallTime(iso, timeZone);

/** An instant as the zone's calendar day: 'YYYY-MM-DD' (for date inputs). */
export function instantToDay(iso: string | null | undefined, timeZone: string): string {
  return instantToLocal(iso, timeZone).slice(0, 10);
}

/** The zone a regatta's dates are read in: its own, else the browser's (as formatDateTime does). */
export function zoneOf(event: { timeZone?: string | null | undefined }): string {
  return event.timeZone && isTimeZone(event.timeZone) ? event.timeZone : browserTimeZone();
}

/** A regatta's days in the language, read on its own clock: '12–14 Jun 2026' / '12.–14.06.2026'. */
export function formatDays(event: { startDate: string; endDate: string; timeZone?: string | null | undefined }, language: string): string {
  const timeZone = zoneOf(event);
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${event.startDate} – ${event.endDate}`;
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
  if (end < start) return `${format.format(start)} – ${format.format(end)}`;
  return format.formatRange(start, end);
}
