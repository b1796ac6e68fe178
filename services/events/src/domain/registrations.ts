/**
 * Registration rules: capacity (event maxParticipants and fleet maxBoats), the waitlist, who stands
 * where towards an entry, and the allowed moves of status and payment status. The statuses are the
 * shared vocabulary (REGISTRATION_STATUSES, PAYMENT_STATUSES of @regatta/contracts).
 */
import type { PaymentStatus, RegistrationStatus } from '@regatta/contracts';

/**
 * Organizer status moves. Cancelling frees a place (the earliest fitting waitlisted entry is
 * promoted); a waitlisted entry may be admitted only when a place is free; no_show can be undone.
 */
export const REGISTRATION_STATUS_MOVES: Record<RegistrationStatus, readonly RegistrationStatus[]> = {
  registered: ['no_show', 'cancelled'],
  waitlisted: ['registered', 'cancelled'],
  no_show: ['registered'],
  cancelled: [],
};

export const PAYMENT_STATUS_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid'],
  paid: ['refunded', 'pending'],
  refunded: [],
};

/** Statuses the registrations list shows unless a status is asked for (cancelled entries are left out). */
export const LISTED_REGISTRATION_STATUSES: readonly RegistrationStatus[] = ['registered', 'waitlisted', 'no_show'];

export function canMoveRegistration(from: RegistrationStatus, to: RegistrationStatus): boolean {
  return from === to || REGISTRATION_STATUS_MOVES[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === to || PAYMENT_STATUS_MOVES[from].includes(to);
}

export function describeMoves<S extends string>(moves: Record<S, readonly S[]>, from: S, what: string): string {
  const allowed = moves[from];
  return allowed.length === 0 ? `A ${from} ${what} cannot change.` : `From ${from} the ${what} may move to: ${allowed.join(', ')}.`;
}

export interface Capacity {
  /** Event maxParticipants (null = unlimited) and places taken (status registered). */
  eventMax: number | null;
  eventRegistered: number;
  /** Fleet maxBoats (null = unlimited) and places taken in that fleet. */
  fleetMax: number | null;
  fleetRegistered: number;
}

/** Whether one more entry fits; a full event or fleet waitlists instead of refusing. */
export function hasPlace(capacity: Capacity): boolean {
  if (capacity.eventMax !== null && capacity.eventRegistered >= capacity.eventMax) return false;
  if (capacity.fleetMax !== null && capacity.fleetRegistered >= capacity.fleetMax) return false;
  return true;
}

export function initialStatus(capacity: Capacity): 'registered' | 'waitlisted' {
  return hasPlace(capacity) ? 'registered' : 'waitlisted';
}

/**
 * The status of an active entry moved to another fleet, by the rule of entering: the place it holds
 * (when registered) is given up first, then it takes a place if the regatta and the new fleet have
 * one, else it waits (at the back of the waitlist). `event.registered` and `fleet.registered` count
 * the places taken before the move (the entry's own among the regatta's when registered).
 */
export function statusAfterMove(
  current: 'registered' | 'waitlisted',
  event: { max: number | null; registered: number },
  fleet: { max: number | null; registered: number },
): 'registered' | 'waitlisted' {
  return initialStatus({
    eventMax: event.max,
    eventRegistered: event.registered - (current === 'registered' ? 1 : 0),
    fleetMax: fleet.max,
    fleetRegistered: fleet.registered,
  });
}

export interface WaitlistEntry {
  id: string;
  fleetId: string;
  sequence: number;
}

/**
 * The waitlisted entry to promote when a place frees: the earliest (lowest sequence) whose fleet
 * still has room, provided the event has room at all. At most one.
 */
export function chooseToPromote(
  waitlist: readonly WaitlistEntry[],
  event: { max: number | null; registered: number },
  fleets: ReadonlyMap<string, { max: number | null; registered: number }>,
): WaitlistEntry | undefined {
  if (event.max !== null && event.registered >= event.max) return undefined;
  const ordered = [...waitlist].sort((a, b) => a.sequence - b.sequence);
  return ordered.find((entry) => {
    const fleet = fleets.get(entry.fleetId);
    return !fleet || fleet.max === null || fleet.registered < fleet.max;
  });
}

/**
 * How a caller stands towards an entry: organizers (any member of the organization) may change
 * everything, the sailor (or whoever submitted the entry) crew and contacts, anyone else nothing.
 */
export type Standing = 'organizer' | 'sailor' | 'none';

export function standingOf(isOrganizer: boolean, userId: string | undefined, entry: { userId: string; submittedBy: string | null }): Standing {
  if (isOrganizer) return 'organizer';
  if (userId && (userId === entry.userId || userId === entry.submittedBy)) return 'sailor';
  return 'none';
}

/** Fields only organizers may change on an entry (the boat as entered: a scorer's correction). */
export const ORGANIZER_FIELDS = ['status', 'paymentStatus', 'boat'] as const;

/**
 * Whether a new event limit may free places (the waitlist is then promoted while entries fit): a
 * larger limit, or any limit set where there was none (promotion checks what fits anyway).
 */
export function mayFreePlaces(before: number | null, after: number): boolean {
  return before === null || after > before;
}
