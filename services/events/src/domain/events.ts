/**
 * Pure rules about regattas: status moves, date consistency, slugs, visibility.
 */

export const EVENT_STATUSES = ['draft', 'published', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Statuses the public list shows (and the only values its `status` filter accepts). */
export const PUBLIC_LIST_STATUSES = ['published', 'ongoing', 'completed'] as const;

/**
 * Allowed status moves. A regatta is drafted, published (visible, open for registration within its
 * window), run (ongoing) and completed; it can be unpublished back to draft before it starts, and
 * cancelled from any state but completed. Completed and cancelled are final.
 */
export const EVENT_STATUS_MOVES: Record<EventStatus, readonly EventStatus[]> = {
  draft: ['published', 'cancelled'],
  published: ['draft', 'ongoing', 'cancelled'],
  ongoing: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canMoveEvent(from: EventStatus, to: EventStatus): boolean {
  return from === to || EVENT_STATUS_MOVES[from].includes(to);
}

/** A sentence naming the moves allowed from `from`, for the 400 problem. */
export function describeEventMoves(from: EventStatus): string {
  const moves = EVENT_STATUS_MOVES[from];
  return moves.length === 0 ? `A ${from} event cannot change status.` : `From ${from} the status may move to: ${moves.join(', ')}.`;
}

export interface EventDates {
  startDate: Date;
  endDate: Date;
  registrationOpen: Date | null;
  registrationClose: Date | null;
}

/** Date consistency problems, as {field, message}; empty when consistent. */
export function dateProblems(dates: EventDates): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (dates.endDate.getTime() < dates.startDate.getTime()) problems.push({ field: 'endDate', message: 'must not be before startDate' });
  if (dates.registrationOpen && dates.registrationClose && dates.registrationClose.getTime() < dates.registrationOpen.getTime())
    problems.push({ field: 'registrationClose', message: 'must not be before registrationOpen' });
  return problems;
}

/** URL-safe slug from a name: lower case ASCII words joined by "-", at most 80 characters. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug.length > 0 ? slug : 'event';
}

/** The n-th candidate slug: base, base-2, base-3, ... */
export function slugCandidate(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}

export type Role = 'admin' | 'member';

export interface Viewer {
  /** Organization roles of the caller (empty for embed tokens). */
  roleIn(organizationId: string): Role | undefined;
  /** For embed tokens: the only organization readable. */
  embedOrganizationId?: string | undefined;
}

/** Whether a viewer may see an event at all (unknown and invisible look the same: 404). */
export function canSeeEvent(viewer: Viewer, event: { organizationId: string; status: EventStatus }): boolean {
  if (viewer.embedOrganizationId !== undefined) return event.organizationId === viewer.embedOrganizationId && event.status !== 'draft';
  if (event.status === 'draft') return viewer.roleIn(event.organizationId) !== undefined;
  return true;
}

/** Registration window check; undefined when open. */
export function registrationClosedReason(
  event: { status: EventStatus; registrationOpen: Date | null; registrationClose: Date | null },
  now: Date,
): { code: string; detail: string } | undefined {
  if (event.status !== 'published')
    return { code: 'registration_not_open', detail: `The event is ${event.status}; registration needs a published event.` };
  if (event.registrationOpen && now.getTime() < event.registrationOpen.getTime())
    return { code: 'registration_not_open', detail: `Registration opens at ${event.registrationOpen.toISOString()}.` };
  if (event.registrationClose && now.getTime() > event.registrationClose.getTime())
    return { code: 'registration_closed', detail: `Registration closed at ${event.registrationClose.toISOString()}.` };
  return undefined;
}

/** Seconds as HH:MM:SS (hours may exceed 24); null stays null. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const total = Math.round(Math.abs(seconds));
  const sign = seconds < 0 ? '-' : '';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Normalizes a money amount to a 2-decimal string ("125" -> "125.00"). */
export function normalizeMoney(value: string | number): string | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return undefined;
  return Number(text).toFixed(2);
}

/** Normalized sail number used to refuse one sail twice in a regatta ("USA 123" == "usa-123"). */
export function sailKey(sailNumber: string | null | undefined): string | null {
  if (!sailNumber) return null;
  const key = sailNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key.length > 0 ? key : null;
}
