/**
 * A race committee schedules starts on the venue's clock: a time typed into a datetime-local field
 * ("2026-07-12T10:00") is a wall-clock time in the regatta's time zone, and the API wants the instant
 * (UTC). Without a regatta time zone the browser's own zone is the clock. Pure functions, no library:
 * the offset of a zone at an instant comes from Intl.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Milliseconds the zone's clock is ahead of UTC at `instant` (Berlin in summer: +2 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const onTheClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const wholeSeconds = Math.floor(instant / 1000) * 1000;
  return onTheClock - wholeSeconds;
}

/**
 * The instant (ISO 8601, UTC) at which the zone's clock shows `wallTime` (YYYY-MM-DDTHH:mm[:ss]);
 * null for a value that is not such a time. A time the clock skips (spring forward) moves forward by
 * the gap; a time it shows twice (fall back) is the first of the two.
 */
export function wallTimeToInstant(wallTime: string, timeZone?: string | null): string | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  if (!timeZone) return new Date(year, month - 1, day, hour, minute, second).toISOString();
  // The offset before the wall time decides a repeated hour (the first one) and a skipped one (moved on).
  const before = zoneOffset(asUtc - 24 * 3600_000, timeZone);
  const after = zoneOffset(asUtc + 24 * 3600_000, timeZone);
  const candidates = [asUtc - before, asUtc - after].filter((instant) => instant + zoneOffset(instant, timeZone) === asUtc);
  const instant = candidates.length > 0 ? Math.min(...candidates) : asUtc - before;
  return new Date(instant).toISOString();
}

/** What the zone's clock shows at `iso`, as a datetime-local value (YYYY-MM-DDTHH:mm); '' when absent. */
export function instantToWallTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return '';
  const offset = timeZone ? zoneOffset(instant, timeZone) : -new Date(instant).getTimezoneOffset() * 60_000;
  return new Date(instant + offset).toISOString().slice(0, 16);
}
