/**
 * POST /events/{slug}/registrations/{id}/move: the entrant (until entries close) or an organizer (any
 * time) moves an active entry to another fleet of the regatta and/or another boat (one of the
 * sailor's, or a new one) without withdrawing. Checked as when entering: the fleet exists, ratings
 * are in range and the new fleet's handicap system finds its rating, certificates hold to the last
 * day, no other active entry holds the boat or its sail number (409). Under the event row lock (and
 * the new fleet's share lock, as registerForEvent), places are counted by the rule of entering: a
 * full fleet or regatta waitlists the entry at the back of the waitlist rather than refusing; the
 * place it gave up in the old fleet promotes that fleet's first waitlisted boat (the promotion of a
 * withdrawal). One registration.updated for the move (changed fields fleet_id, status, boat_id,
 * entry_certificates), one per promotion.
 */
import { withTransaction, type PoolClient } from '@regatta/db';
import { badRequest, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { certificateProblems, type Certificate } from '../domain/entry-form.js';
import { registrationClosedReason, sailKey } from '../domain/events.js';
import { standingOf, statusAfterMove } from '../domain/registrations.js';
import { lockEvent } from '../store/events.js';
import { findFleet, shareFleetRow } from '../store/fleets.js';
import { boatTakenBy, moveRegistrationRow, registeredCounts, registrationDetail, waitlistOf } from '../store/registrations.js';
import type { EventRow, FleetRow, RegistrationDetailRow } from '../store/rows.js';
import { duplicateEntry, duplicateFromIndex } from './duplicate-entry.js';
import { checkFleetRating, checkRatingRanges, checkRatingsFor, entryBoat, saveEntryBoat, type BoatRef, type EntryBoat } from './entry-boat.js';
import { registrationUpdatedFact } from './facts.js';
import type { LazyInput } from './input.js';
import { promoteFromWaitlist } from './promote-from-waitlist.js';
import { entryOf } from './registration-access.js';

export interface MoveRegistrationInput {
  /** The fleet's id or name. */
  fleet?: string | undefined;
  boat?: BoatRef | undefined;
  certificates?: Record<string, Certificate> | undefined;
}

export interface RegistrationMoved {
  registration: RegistrationDetailRow;
  /** 1-based place on the waitlist, or null when registered. */
  waitlistPosition: number | null;
  /** The waitlisted entry that took the place given up in the old fleet, if any. */
  promoted: RegistrationDetailRow | null;
  seesPromotedPrivate: boolean;
  changed: string[];
}

const unknownFleet = (fleet: string) => problem('unknown_fleet', `The event has no fleet ${fleet}.`, { errors: [{ field: 'fleet', message: 'no such fleet in this event' }] });

function refuseWhenClosed(event: EventRow): void {
  const closed = registrationClosedReason({ status: event.status, registrationOpen: event.registration_open, registrationClose: event.registration_close }, new Date());
  if (closed) throw problem(closed.code, `${closed.detail} The entry's fleet and boat can no longer change; ask the organizer.`);
}

function refuseInactive(entry: RegistrationDetailRow): asserts entry is RegistrationDetailRow & { status: 'registered' | 'waitlisted' } {
  if (entry.status !== 'registered' && entry.status !== 'waitlisted')
    throw problem('entry_not_active', `The entry is ${entry.status}: only a registered or waitlisted entry changes fleet or boat.`, { extensions: { currentStatus: entry.status } });
}

export async function moveRegistration(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  registrationId: string,
  readInput: LazyInput<MoveRegistrationInput>,
  requestId: string,
): Promise<RegistrationMoved> {
  const { pool } = context;
  const { event, registration, standing } = await entryOf(pool, identity, slug, registrationId);
  const input = readInput();
  const organizer = standing === 'organizer';
  if (!organizer) refuseWhenClosed(event);
  refuseInactive(registration);
  const found = input.fleet === undefined ? undefined : await findFleet(pool, event.id, input.fleet);
  if (input.fleet !== undefined && !found) throw unknownFleet(input.fleet);
  if (input.boat) checkRatingRanges(input.boat);
  const boat = input.boat ? await entryBoat(pool, input.boat, { sailor: registration.user_id, submitter: identity.userId ?? registration.user_id, organizer }) : undefined;
  const certificates = input.certificates ?? {};
  const expired = certificateProblems(certificates, event.end_date ?? null);
  if (expired.length > 0) throw badRequest('entry_form_incomplete', `The entry form is not complete: ${expired.map((p) => `${p.field} ${p.message}`).join('; ')}.`, expired);

  try {
    const moved = await withTransaction(pool, async (client) => {
      const locked = (await lockEvent(client, event.id))!;
      if (!organizer) refuseWhenClosed(locked);
      const current = (await registrationDetail(client, event.id, registration.id))!;
      refuseInactive(current);
      // The new fleet's set-up as it is now, held until commit (as when entering).
      const fleet = await shareFleetRow(client, found?.id ?? current.fleet_id);
      if (!fleet || fleet.event_id !== locked.id) throw unknownFleet(input.fleet ?? current.fleet_id);
      return applyMove(context, client, locked, current, fleet, boat, certificates, identity.userId ?? null, requestId);
    });
    const promoted = moved.promoted;
    const seesPromotedPrivate = !promoted || standingOf(organizer, identity.userId, { userId: promoted.user_id, submittedBy: promoted.submitted_by }) !== 'none';
    return { ...moved, seesPromotedPrivate };
  } catch (error) {
    throw duplicateFromIndex(error) ?? error;
  }
}

async function applyMove(
  context: ServiceContext,
  client: PoolClient,
  event: EventRow,
  current: RegistrationDetailRow & { status: 'registered' | 'waitlisted' },
  fleet: FleetRow,
  boat: EntryBoat | undefined,
  certificates: Record<string, Certificate>,
  actor: string | null,
  requestId: string,
): Promise<Omit<RegistrationMoved, 'seesPromotedPrivate'>> {
  if (boat) checkFleetRating(fleet, boat);
  else checkRatingsFor(fleet, current.boat_ratings);
  const saved = boat ? await saveEntryBoat(client, boat, current.user_id) : undefined;
  const entered = saved
    ? { boatId: saved.boat.id, boat: { name: saved.boat.name, sailNumber: saved.boat.sail_number, model: saved.boat.model, ratings: saved.ratings } }
    : { boatId: current.boat_id, boat: { name: current.boat_name, sailNumber: current.boat_sail_number, model: current.boat_model, ratings: current.boat_ratings } };
  const sail = sailKey(entered.boat.sailNumber);
  const holder = await boatTakenBy(client, event.id, { boatId: entered.boatId, sailKey: sail }, current.id);
  if (holder) throw duplicateEntry(holder.kind, holder.id, { name: entered.boat.name, sail_number: entered.boat.sailNumber });

  const fleetChanged = fleet.id !== current.fleet_id;
  const counts = await registeredCounts(client, event.id);
  const status = fleetChanged
    ? statusAfterMove(current.status, { max: event.max_participants, registered: counts.total }, { max: fleet.max_boats, registered: counts.byFleet.get(fleet.id) ?? 0 })
    : current.status;
  const mergedCertificates = { ...current.entry_certificates, ...certificates };
  const before = { name: current.boat_name, sailNumber: current.boat_sail_number, model: current.boat_model, ratings: current.boat_ratings };
  const boatChanged = entered.boatId !== current.boat_id || JSON.stringify(entered.boat) !== JSON.stringify(before);
  const changed = [
    ...(fleetChanged ? ['fleet_id'] : []),
    ...(status !== current.status ? ['status'] : []),
    ...(boatChanged ? ['boat_id'] : []),
    ...(JSON.stringify(mergedCertificates) !== JSON.stringify(current.entry_certificates) ? ['entry_certificates'] : []),
  ];
  if (changed.length === 0) return { registration: current, waitlistPosition: await positionOf(client, event.id, current), promoted: null, changed };

  await moveRegistrationRow(client, current.id, {
    fleetId: fleet.id,
    status,
    toBackOfWaitlist: fleetChanged && status === 'waitlisted',
    ...entered,
    sailKey: sail,
    certificates: mergedCertificates,
  });
  const row = (await registrationDetail(client, event.id, current.id))!;
  await context.publish(client, registrationUpdatedFact(row, event.organization_id, current.status, changed, requestId, actor));
  // The place given up in the old fleet goes to its first waitlisted boat (as when a boat withdraws).
  const promoted = fleetChanged && current.status === 'registered' ? await promoteFromWaitlist(context, client, event, 1, requestId) : [];
  return { registration: row, waitlistPosition: await positionOf(client, event.id, row), promoted: promoted[0] ?? null, changed };
}

async function positionOf(client: PoolClient, eventId: string, entry: RegistrationDetailRow): Promise<number | null> {
  if (entry.status !== 'waitlisted') return null;
  return (await waitlistOf(client, eventId)).findIndex((waiting) => waiting.id === entry.id) + 1;
}
