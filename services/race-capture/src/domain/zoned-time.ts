/** Wall-clock times of a regatta's time zone as instants (IANA zones through Intl; no I/O). */

/** The zone's offset from UTC (ms) at `instant`. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of wall-clock `day` (YYYY-MM-DD) + `milliseconds` since midnight in `timeZone` (UTC when null). */
export function zonedInstant(day: string, milliseconds: number, timeZone: string | null): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, date) + milliseconds;
  if (!timeZone) return new Date(naive);
  // Two passes settle the offset across a daylight-saving change.
  let instant = naive - zoneOffsetMs(new Date(naive), timeZone);
  instant = naive - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The wall-clock date (YYYY-MM-DD) of `instant` in `timeZone` (UTC when null). */
export function zonedDay(instant: Date, timeZone: string | null): string {
  const shifted = new Date(instant.getTime() + (timeZone ? zoneOffsetMs(instant, timeZone) : 0));
  return shifted.toISOString().slice(0, 10);
}
