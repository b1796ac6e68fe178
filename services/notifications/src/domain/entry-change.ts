/**
 * What an entrant and the organizers hear of a registration fact. The entrant: confirmed (a new
 * entry with a place), waitlisted (a new entry without one), promoted (moved up from the waitlist),
 * cancelled. The organizers: a new entry, a withdrawal. Changes of payment or boat details say
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
  return undefined;
}

export function organizerNews(change: RegistrationChange): OrganizerNews | undefined {
  if (change.fact === 'created') return 'new';
  const cancelledNow = change.fact === 'cancelled' || change.status === 'cancelled';
  return cancelledNow && change.previousStatus !== 'cancelled' ? 'withdrawn' : undefined;
}
