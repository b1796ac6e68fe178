/**
 * Pure rules about regattas: status moves, date consistency, slugs, the registration window.
 * The statuses themselves are the shared vocabulary (EVENT_STATUSES of @regatta/contracts).
 */
import type { EventStatus } from '@regatta/contracts';

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

/** Fleets, races and documents are no longer added once a regatta is over. */
export function isClosedEvent(status: EventStatus): boolean {
  return status === 'completed' || status === 'cancelled';
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

/** Registration window check; undefined when open. */
export function registrationClosedReason(
  event: { status: EventStatus; registrationOpen: Date | null; registrationClose: Date | null },
  now: Date,
): { code: 'registration_not_open' | 'registration_closed'; detail: string } | undefined {
  if (event.status !== 'published')
    return { code: 'registration_not_open', detail: `The event is ${event.status}; registration needs a published event.` };
  if (event.registrationOpen && now.getTime() < event.registrationOpen.getTime())
    return { code: 'registration_not_open', detail: `Registration opens at ${event.registrationOpen.toISOString()}.` };
  if (event.registrationClose && now.getTime() > event.registrationClose.getTime())
    return { code: 'registration_closed', detail: `Registration closed at ${event.registrationClose.toISOString()}.` };
  return undefined;
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
