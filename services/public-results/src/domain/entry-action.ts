/**
 * The "Enter" action of a regatta's public page: whether a sailor can enter now, or why not (not yet
 * open, closed, full: the waitlist is open and an entry is waitlisted), and per fleet the places
 * left or only the waitlist. Pure: the page passes the clock. Limits are the regatta's
 * (maxParticipants) and each fleet's (maxBoats, from the fleet's facts; a fleet projected before
 * the read model kept it counts by the regatta's limit alone until its next change).
 */
import type { PublicEvent } from './model.js';

export type EntryAction =
  | { state: 'open'; closes: string | null }
  | { state: 'full'; closes: string | null }
  | { state: 'not_yet_open'; opens: string }
  | { state: 'closed' }
  | { state: 'none' };

/** A fleet's places for one more entry: how many are left (null: no limit known) and whether an entry takes one or waits. */
export interface FleetPlaces {
  placesLeft: number | null;
  availability: 'open' | 'waitlist';
}

/**
 * The fewer of the fleet's places left (maxBoats less its registered boats) and the regatta's
 * (maxParticipants less every registered boat); none left is the waitlist. E.g. Laser 8 of 10 in a
 * regatta of 30 with 29 taken: 1 left.
 */
export function fleetPlaces(event: Pick<PublicEvent, 'maxParticipants'>, registeredInRegatta: number, fleet: { maxBoats?: number | null | undefined; registered: number }): FleetPlaces {
  const left = (max: number | null | undefined, taken: number) => (max === null || max === undefined ? null : Math.max(0, max - taken));
  const limits = [left(event.maxParticipants, registeredInRegatta), left(fleet.maxBoats, fleet.registered)].filter((value): value is number => value !== null);
  const placesLeft = limits.length === 0 ? null : Math.min(...limits);
  return { placesLeft, availability: placesLeft === 0 ? 'waitlist' : 'open' };
}

/** Open, or full (the waitlist is open) when the regatta or every one of its fleets has no place left. */
export function entryAction(
  event: Pick<PublicEvent, 'status' | 'registrationOpen' | 'registrationClose' | 'maxParticipants'>,
  registered: number,
  now: Date,
  fleets: readonly FleetPlaces[] = [],
): EntryAction {
  if (event.status === 'cancelled' || event.status === 'completed') return { state: 'none' };
  if (event.status !== 'published') return { state: 'closed' };
  if (event.registrationOpen && now.getTime() < new Date(event.registrationOpen).getTime()) return { state: 'not_yet_open', opens: event.registrationOpen };
  if (event.registrationClose && now.getTime() > new Date(event.registrationClose).getTime()) return { state: 'closed' };
  if (event.maxParticipants !== null && registered >= event.maxParticipants) return { state: 'full', closes: event.registrationClose };
  if (fleets.length > 0 && fleets.every((fleet) => fleet.availability === 'waitlist')) return { state: 'full', closes: event.registrationClose };
  return { state: 'open', closes: event.registrationClose };
}
