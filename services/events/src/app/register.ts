/**
 * POST /events/{slug}/register. Order of checks: who sails, open for registration, fleet, boat and
 * rating, the entry form (the organizer's questions and waivers), then (under the event row lock, which serializes the entries of one regatta, and then the
 * fleet row's share lock) the window, the fleet's set-up (rating, capacity) again, duplicates and
 * capacity: a full event or fleet waitlists instead of refusing. The fleet lock is what a PATCH of the
 * fleet takes (update-fleet.ts): a handicap system changed meanwhile is checked against this entry
 * there, or this entry against it here, never neither. Lock order: event, then fleet (a PATCH of a
 * fleet takes no event lock).
 */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { registrationClosedReason, sailKey } from '../domain/events.js';
import { initialStatus } from '../domain/registrations.js';
import { lockEvent } from '../store/events.js';
import { findFleet, shareFleetRow } from '../store/fleets.js';
import { activeConflict, insertRegistration, registeredCounts, registrationDetail, waitlistOf } from '../store/registrations.js';
import type { EventRow, FleetRow, RegistrationDetailRow } from '../store/rows.js';
import { actingUser, isOrganizer, visibleEvent } from './access.js';
import { duplicateEntry, duplicateFromIndex } from './duplicate-entry.js';
import { checkFleetRating, checkRatingRanges, entryBoat, saveEntryBoat, type BoatRef } from './entry-boat.js';
import { entrantOf, type SailorRef } from './entrant.js';
import { checkedForm, type EntryFormInput } from './entry-form-check.js';
import { registrationCreatedFact } from './facts.js';
import type { LazyInput } from './input.js';

export interface RegisterInput extends EntryFormInput {
  fleet: string;
  boat: BoatRef;
  sailor?: SailorRef | undefined;
  crew: string[];
  emergencyContact?: string | null | undefined;
  specialRequirements?: string | null | undefined;
}

export interface Registered {
  registration: RegistrationDetailRow;
  fleet: FleetRow;
  /** 1-based place on the waitlist, or null when registered. */
  waitlistPosition: number | null;
}

const unknownFleet = (fleet: string) => problem('unknown_fleet', `The event has no fleet ${fleet}.`, { errors: [{ field: 'fleet', message: 'no such fleet in this event' }] });

function refuseWhenClosed(event: EventRow): void {
  const closed = registrationClosedReason({ status: event.status, registrationOpen: event.registration_open, registrationClose: event.registration_close }, new Date());
  if (closed) throw problem(closed.code, closed.detail);
}

export async function register(context: ServiceContext, identity: Identity, slug: string, readInput: LazyInput<RegisterInput>, requestId: string): Promise<Registered> {
  const { pool } = context;
  const submitter = actingUser(identity);
  const event = await visibleEvent(pool, slug, identity);
  const input = readInput();
  const sailor = await entrantOf(context, identity, event, submitter, input.sailor);

  const found = await findFleet(pool, event.id, input.fleet);
  refuseWhenClosed(event);
  if (!found) throw unknownFleet(input.fleet);
  checkRatingRanges(input.boat);
  const boat = await entryBoat(pool, input.boat, { sailor: sailor.userId, submitter, organizer: isOrganizer(identity, event) });
  checkFleetRating(found, boat);
  // The organizer's questions and waivers: complete when the sailor enters herself.
  const form = await checkedForm(pool, event, input, undefined, { userId: submitter, name: sailor.name }, sailor.userId === submitter);
  const crew = input.crew.length === 0 && input.crewMembers ? input.crewMembers.map((member) => member.name) : input.crew;

  try {
    return await withTransaction(pool, async (client) => {
      const locked = (await lockEvent(client, event.id))!;
      refuseWhenClosed(locked);
      // The set-up as it is now, held until commit (a fleet deleted meanwhile is gone).
      const fleet = await shareFleetRow(client, found.id);
      if (!fleet || fleet.event_id !== locked.id) throw unknownFleet(input.fleet);
      checkFleetRating(fleet, boat);
      const { boat: saved, ratings } = await saveEntryBoat(client, boat, sailor.userId);
      const sail = sailKey(saved.sail_number);
      const clash = await activeConflict(client, locked.id, { userId: sailor.userId, boatId: saved.id, sailKey: sail });
      if (clash) throw duplicateEntry(clash.kind, clash.registrationId, saved);

      const counts = await registeredCounts(client, locked.id);
      const status = initialStatus({
        eventMax: locked.max_participants,
        eventRegistered: counts.total,
        fleetMax: fleet.max_boats,
        fleetRegistered: counts.byFleet.get(fleet.id) ?? 0,
      });
      const id = randomUUID();
      await insertRegistration(client, {
        id,
        eventId: locked.id,
        fleetId: fleet.id,
        userId: sailor.userId,
        sailorName: sailor.name,
        sailorEmail: sailor.email,
        sailorLanguage: sailor.language,
        boatId: saved.id,
        boat: { name: saved.name, sailNumber: saved.sail_number, model: saved.model, ratings },
        sailKey: sail,
        status,
        crew,
        emergencyContact: input.emergencyContact ?? null,
        specialRequirements: input.specialRequirements ?? null,
        submittedBy: submitter,
        form,
      });
      const registration = (await registrationDetail(client, locked.id, id))!;
      await context.publish(client, registrationCreatedFact(registration, locked.organization_id, requestId));
      const waitlistPosition = status === 'waitlisted' ? (await waitlistOf(client, locked.id)).findIndex((entry) => entry.id === id) + 1 : null;
      return { registration, fleet, waitlistPosition };
    });
  } catch (error) {
    throw duplicateFromIndex(error) ?? error;
  }
}
