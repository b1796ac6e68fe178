/**
 * What an entrant and the organizers hear of a registration fact. The entrant: confirmed (a new
 * entry with a place), waitlisted (a new entry without one, or an entry moved into a full fleet),
 * promoted (moved up from the waitlist, or moved into a fleet with a place), cancelled, moved (moved
 * by someone else to another fleet or boat keeping its status: the office's move). The organizers: a
 * new entry, a withdrawal. Changes of payment or boat details say nothing to anyone.
 */
export type EntrantNews = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled' | 'moved';
export type OrganizerNews = 'new' | 'withdrawn';

export interface RegistrationChange {
  fact: 'created' | 'updated' | 'cancelled';
  status: string;
  previousStatus: string | null;
  promotedFromWaitlist: boolean;
  /** registration.updated's changed fields (snake_case); absent on the other facts. */
  changedFields?: readonly string[];
  /** The fact's actor is the entrant herself (her own move: her answer told her). */
  byEntrant?: boolean;
}

/** The fields of a move (moveRegistration): the entry's fleet or its boat. */
const MOVE_FIELDS = ['fleet_id', 'boat_id'];

export function entrantNews(change: RegistrationChange): EntrantNews | undefined {
  if (change.fact === 'created') return change.status === 'waitlisted' ? 'waitlisted' : change.status === 'registered' ? 'confirmed' : undefined;
  if (change.fact === 'cancelled') return change.previousStatus === 'cancelled' ? undefined : 'cancelled';
  if (change.promotedFromWaitlist || (change.previousStatus === 'waitlisted' && change.status === 'registered')) return 'promoted';
  if (change.status === 'cancelled' && change.previousStatus !== 'cancelled') return 'cancelled';
  // A registered entry moved into a full fleet waits again: the entrant hears she is waitlisted.
  if (change.previousStatus === 'registered' && change.status === 'waitlisted') return 'waitlisted';
  // Moved by the office (or whoever entered for her) from one place to another of the same status.
  const moved = (change.changedFields ?? []).some((field) => MOVE_FIELDS.includes(field));
  if (moved && !change.byEntrant && change.previousStatus === change.status && (change.status === 'registered' || change.status === 'waitlisted')) return 'moved';
  return undefined;
}

export function organizerNews(change: RegistrationChange): OrganizerNews | undefined {
  if (change.fact === 'created') return 'new';
  const cancelledNow = change.fact === 'cancelled' || change.status === 'cancelled';
  return cancelledNow && change.previousStatus !== 'cancelled' ? 'withdrawn' : undefined;
}
