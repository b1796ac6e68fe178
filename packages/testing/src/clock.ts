/**
 * Tests of day-bound rules (the safety tally's day and sign-in deadline) run whatever the hour: a
 * regatta kept in `middayZone()` has its local clock near noon now, so "two hours ago" and "ten
 * minutes ago" fall on today's local day even just after midnight UTC.
 */

/** An IANA zone (Etc/GMT±N) whose local time is within an hour of noon at `now`. */
export function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // local = UTC + offset hours, -11..+12
  if (offset === 0) return 'Etc/GMT';
  // Etc/GMT names count the other way: Etc/GMT-5 is five hours ahead of UTC.
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The local calendar day of `at` in `timeZone`, YYYY-MM-DD. */
export function zonedDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The local wall clock of `at` in `timeZone`, HH:MM (24 h). */
export function zonedClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}
