/**
 * The "Enter" action of a regatta's public page: whether a sailor can enter now, or why not (not yet
 * open, closed, full: the waitlist is open and an entry is waitlisted). Pure: the page passes the
 * clock. The regatta's own limit is known here; a fleet's limit the entry form in the console tells.
 */
import type { PublicEvent } from './model.js';

export type EntryAction =
  | { state: 'open'; closes: string | null }
  | { state: 'full'; closes: string | null }
  | { state: 'not_yet_open'; opens: string }
  | { state: 'closed' }
  | { state: 'none' };

export function entryAction(event: Pick<PublicEvent, 'status' | 'registrationOpen' | 'registrationClose' | 'maxParticipants'>, registered: number, now: Date): EntryAction {
  if (event.status === 'cancelled' || event.status === 'completed') return { state: 'none' };
  if (event.status !== 'published') return { state: 'closed' };
  if (event.registrationOpen && now.getTime() < new Date(event.registrationOpen).getTime()) return { state: 'not_yet_open', opens: event.registrationOpen };
  if (event.registrationClose && now.getTime() > new Date(event.registrationClose).getTime()) return { state: 'closed' };
  if (event.maxParticipants !== null && registered >= event.maxParticipants) return { state: 'full', closes: event.registrationClose };
  return { state: 'open', closes: event.registrationClose };
}
