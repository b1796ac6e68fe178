/**
 * What an entrant and the organizers hear of a registration fact. The entrant: confirmed (a new
 * entry with a place), waitlisted (a new entry without one, or an entry moved into a full fleet),
 * promoted (moved up from the waitlist, or moved into a fleet with a place), cancelled. The organizers: a new entry, a withdrawal. Changes of payment or boat details say
 * nothing to anyone.
 */
export type EntrantNews = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled';
export type OrganizerNews = 'new' | 'withdrawn';

export interface RegistrationChange {
  fact: 'created' | 'updated' | 'cancelled';
  status: string;
  previousStatus: string | null;
  promotedFromWaitlist: boolean;
}

export function entrantNews(change: RegistrationChange): EntrantNews | undefined {
  if (change.fact === 'created') return change.status === 'waitlisted' ? 'waitlisted' : change.status === 'registered' ? 'confirmed' : undefined;
  if (change.fact === 'cancelled') return change.previousStatus === 'cancelled' ? undefined : 'cancelled';
  if (change.promotedFromWaitlist || (change.previousStatus === 'waitlisted' && change.status === 'registered')) return 'promoted';
  if (change.status === 'cancelled' && change.previousStatus !== 'cancelled') return 'cancelled';
  // A registered entry moved into a full fleet waits again: the entrant hears she is waitlisted.
  if (change.previousStatus === 'registered' && change.status === 'waitlisted') return 'waitlisted';
  return undefined;
}

export function organizerNews(change: RegistrationChange): OrganizerNews | undefined {
  if (change.fact === 'created') return 'new';
  const cancelledNow = change.fact === 'cancelled' || change.status === 'cancelled';
  return cancelledNow && change.previousStatus !== 'cancelled' ? 'withdrawn' : undefined;
}
