/**
 * Which of an organization's regattas count as public, upcoming or past, at a given instant.
 *
 * - Public: status published, ongoing or completed. Drafts and cancelled regattas never count.
 * - Upcoming: published or ongoing, and not yet ended (endDate >= now). Ordered by startDate, soonest
 *   first.
 * - Past ("recent"): completed, or published/ongoing whose endDate has passed. Ordered by endDate,
 *   most recent first.
 * - totalEvents = every public regatta (upcoming + past).
 * - pastEvents per year: past regattas counted by the UTC year of their startDate, under
 *   `year<YYYY>` (newest year first) plus `total`.
 * - registrationOpen (guide form): true when the regatta is published, the registration window has
 *   opened (registrationOpen unset or <= now) and not closed (now < registrationClose, or now <
 *   startDate when no close is set).
 *
 * The SQL in store/ mirrors these rules for the list counts; tests pin both.
 */
import { ACTIVE_EVENT_STATUSES, LISTED_EVENT_STATUSES } from '@regatta/contracts';

/** Public regattas: the statuses listed for people outside the organization. */
export const PUBLIC_STATUSES = LISTED_EVENT_STATUSES;
/** Regattas that can still be upcoming. */
export const ACTIVE_STATUSES = ACTIVE_EVENT_STATUSES;
/** How many regattas the upcoming and recent lists of an organization page show. */
export const LIST_SIZE = 10;

export interface CalendarEvent {
  id: string;
  slug: string;
  name: string;
  startDate: Date;
  endDate: Date;
  registrationOpen: Date | null;
  registrationClose: Date | null;
  status: string;
}

export function isPublic(event: Pick<CalendarEvent, 'status'>): boolean {
  return (PUBLIC_STATUSES as readonly string[]).includes(event.status);
}

export function isUpcoming(event: Pick<CalendarEvent, 'status' | 'endDate'>, now: Date): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(event.status) && event.endDate.getTime() >= now.getTime();
}

export function isPast(event: Pick<CalendarEvent, 'status' | 'endDate'>, now: Date): boolean {
  if (event.status === 'completed') return true;
  return (ACTIVE_STATUSES as readonly string[]).includes(event.status) && event.endDate.getTime() < now.getTime();
}

export function registrationIsOpen(event: Pick<CalendarEvent, 'status' | 'startDate' | 'registrationOpen' | 'registrationClose'>, now: Date): boolean {
  if (event.status !== 'published') return false;
  const t = now.getTime();
  if (event.registrationOpen && event.registrationOpen.getTime() > t) return false;
  const closes = event.registrationClose ?? event.startDate;
  return t < closes.getTime();
}

export function upcomingOf<E extends CalendarEvent>(events: readonly E[], now: Date, limit = LIST_SIZE): E[] {
  return events
    .filter((event) => isUpcoming(event, now))
    .sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

export function recentOf<E extends CalendarEvent>(events: readonly E[], now: Date, limit = LIST_SIZE): E[] {
  return events
    .filter((event) => isPast(event, now))
    .sort((a, b) => b.endDate.getTime() - a.endDate.getTime() || b.startDate.getTime() - a.startDate.getTime() || a.id.localeCompare(b.id))
    .slice(0, limit);
}

export interface EventCounts {
  upcomingEvents: number;
  totalEvents: number;
}

export function countsOf(events: readonly CalendarEvent[], now: Date): EventCounts {
  return {
    upcomingEvents: events.filter((event) => isUpcoming(event, now)).length,
    totalEvents: events.filter(isPublic).length,
  };
}

/** `{year2025: 3, year2024: 1, total: 4}`: past regattas by the UTC year of their start. */
export function pastEventsByYear(events: readonly CalendarEvent[], now: Date): Record<string, number> {
  const byYear = new Map<number, number>();
  for (const event of events) {
    if (!isPast(event, now)) continue;
    const year = event.startDate.getUTCFullYear();
    byYear.set(year, (byYear.get(year) ?? 0) + 1);
  }
  const result: Record<string, number> = {};
  let total = 0;
  for (const year of [...byYear.keys()].sort((a, b) => b - a)) {
    const count = byYear.get(year) ?? 0;
    result[`year${year}`] = count;
    total += count;
  }
  result['total'] = total;
  return result;
}

/** The calendar date (YYYY-MM-DD, UTC) of an instant. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A regatta as this service keeps it from events.v1 (the org_events projection). */
export interface ProjectedEvent extends CalendarEvent {
  organizationId: string;
  organizationSlug: string | null;
  organizationName: string | null;
  description: string | null;
  venue: string | null;
  address: string | null;
  entryFee: string | null;
  currency: string;
  maxParticipants: number | null;
  settings: Record<string, unknown> | null;
  /** The source snapshot's updatedAt: older snapshots never overwrite newer ones. */
  sourceUpdatedAt: Date | null;
}
