/**
 * The organizers' daily digest: when it is due and what names it. A change gathered into a digest
 * is due at the first digest hour (a fixed local hour, NOTIFY_DIGEST_HOUR, 18:00 by default) in the
 * regatta's time zone strictly after it was collected; every change of one person and regatta with
 * the same due instant goes into one e-mail, named by the regatta and the local day. A change
 * collected at 18:00:00 exactly belongs to the next day's digest. Pure: the instants come in.
 */
import { createHash } from 'node:crypto';

export interface DigestSlot {
  /** The instant the digest is due (the digest hour in the regatta's zone). */
  dueAt: Date;
  /** The local day of that instant in the regatta's zone, YYYY-MM-DD: the digest's name. */
  day: string;
}

const zoneOrUtc = (zone: string | null) => {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
};

/** The wall-clock date and time in `zone` of an instant, as if it were UTC (milliseconds). */
function wallClock(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']), Number(parts['second']));
}

/**
 * The instant at which the wall clock in `zone` shows `hour`:00 on the given local day (UTC
 * milliseconds of that day's midnight). An hour skipped by a clock change comes out one hour later.
 */
export function localHourInstant(dayUtcMidnight: number, hour: number, zone: string): number {
  const wanted = dayUtcMidnight + hour * 3_600_000;
  const first = wanted - (wallClock(wanted, zone) - wanted);
  const offset = wallClock(first, zone) - first;
  const second = wanted - offset;
  // Two readings disagree only around a clock change: take the one whose wall clock shows the hour, else the later.
  return wallClock(second, zone) === wanted ? second : wallClock(first, zone) === wanted ? first : Math.max(first, second);
}

const DAY_MS = 86_400_000;

/** The digest a change collected at `collectedAt` goes into, for a regatta in `timeZone` (UTC when none). */
export function digestSlot(collectedAt: Date, timeZone: string | null, hour: number): DigestSlot {
  const zone = zoneOrUtc(timeZone);
  const local = wallClock(collectedAt.getTime(), zone);
  let day = Math.floor(local / DAY_MS) * DAY_MS;
  let due = localHourInstant(day, hour, zone);
  if (due <= collectedAt.getTime()) {
    day += DAY_MS;
    due = localHourInstant(day, hour, zone);
  }
  return { dueAt: new Date(due), day: new Date(day).toISOString().slice(0, 10) };
}

/**
 * The id that stands for the fact of a digest in the outbox: the same for a regatta and a day
 * whichever replica decides it, so `UNIQUE (fact_id, user_id, kind)` keeps one digest per person,
 * regatta and day (an RFC 4122 version 5 style id of the pair).
 */
export function digestFactId(eventId: string, day: string): string {
  const hash = createHash('sha1').update(`regatta-digest:${eventId}:${day}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
