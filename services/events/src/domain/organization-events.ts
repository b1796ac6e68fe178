/**
 * An organization's own list of its regattas (every status, for its members): which regattas `when`
 * keeps and in what order they come. Days are UTC days: "today" starts at 00:00 UTC.
 * - upcoming: ends today or later (a regatta under way counts), soonest start first;
 * - past: ended before today, most recently ended first;
 * - neither: every regatta, latest start first.
 * Ties are broken by id, so pages never overlap or skip.
 */

export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

/** Sort orders of event lists (the public calendar uses `soonest_start`). */
export type EventOrder = 'soonest_start' | 'latest_end' | 'latest_start';

export interface EventWindow {
  /** Keep regattas whose end is at or after this instant. */
  endFrom?: Date;
  /** Keep regattas whose end is before this instant. */
  endBefore?: Date;
  order: EventOrder;
}

/** 00:00 UTC of the day `now` falls on. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The filter and order `when` means at `now`. */
export function eventWindow(when: EventWhen | undefined, now: Date): EventWindow {
  if (when === 'upcoming') return { endFrom: startOfUtcDay(now), order: 'soonest_start' };
  if (when === 'past') return { endBefore: startOfUtcDay(now), order: 'latest_end' };
  return { order: 'latest_start' };
}
