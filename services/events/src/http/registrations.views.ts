/** Registration records to the public JSON shapes, and the messages the registration routes answer with. */
import type { CancelOutcome } from '../app/cancel-locked.js';
import type { ListedEntry } from '../app/list-registrations.js';
import type { RegistrationDetailRow } from '../app/records.js';
import type { Registered } from '../app/register.js';
import type { RegistrationMoved } from '../app/move-registration.js';
import type { Waiver } from '../domain/entry-form.js';
import type { CrewMember } from '../app/records.js';

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** The boat as entered in this regatta; `corrected` says who corrected it and when (absent: as entered). */
function boatJson(row: RegistrationDetailRow) {
  const at = row.entry_boat_corrected_at ? new Date(row.entry_boat_corrected_at) : null;
  return {
    id: row.boat_id,
    name: row.boat_name,
    sailNumber: row.boat_sail_number,
    model: row.boat_model,
    ratings: row.boat_ratings,
    ...(at ? { corrected: { by: row.entry_boat_corrected_by, at: at.toISOString() } } : {}),
  };
}

/** The typed Registration of the contract, plus sailor and boat details. */
export function registrationJson(row: RegistrationDetailRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    fleetId: row.fleet_id,
    userId: row.user_id,
    boatId: row.boat_id,
    status: row.status,
    registrationTime: iso(row.registration_time),
    paymentStatus: row.payment_status,
    crew: row.crew,
    emergencyContact: row.emergency_contact,
    specialRequirements: row.special_requirements,
    fleetName: row.fleet_name,
    sailor: { userId: row.user_id, name: row.sailor_name },
    boat: boatJson(row),
    updatedAt: iso(row.updated_at),
  };
}

/** The typed Registration with its crew and contacts left out (an entry the caller may not see privately). */
export function redactedRegistrationJson(row: RegistrationDetailRow) {
  return { ...registrationJson(row), crew: [], emergencyContact: null, specialRequirements: null };
}

/** RegistrationWithDetails: the public view of an entry (no contacts, no payment). */
export function registrationWithDetailsJson(row: RegistrationDetailRow, waitlistPosition: number | null) {
  return {
    id: row.id,
    status: row.status,
    fleetId: row.fleet_id,
    fleetName: row.fleet_name,
    registrationTime: iso(row.registration_time),
    waitlistPosition,
    sailor: { userId: row.user_id, name: row.sailor_name },
    boat: boatJson(row),
  };
}

/** A listed entry: the public view, plus payment, crew and contacts for those who may see them. */
export function listedEntryJson(entry: ListedEntry) {
  const row = entry.registration;
  const item: Record<string, unknown> = registrationWithDetailsJson(row, entry.waitlistPosition);
  if (entry.showPrivate) {
    item['paymentStatus'] = row.payment_status;
    item['crew'] = row.crew;
    item['emergencyContact'] = row.emergency_contact;
    item['specialRequirements'] = row.special_requirements;
    Object.assign(item, entryFormJson(row, entry.pending));
  }
  return item;
}

/** The entry form's part of an entry (private: the sailor and the organizer's members only). */
export function entryFormJson(row: RegistrationDetailRow, pending: readonly Waiver[]) {
  return {
    dateOfBirth: row.sailor_birth_date,
    crewMembers: (row.crew_members ?? row.crew.map((name): CrewMember => ({ name }))).map((member) => ({
      name: member.name,
      role: member.role ?? null,
      sailorId: member.sailorId ?? null,
      dateOfBirth: member.dateOfBirth ?? null,
      guardianName: member.guardianName ?? null,
    })),
    answers: row.answers,
    waiverAcceptances: row.waiver_acceptances.map((acceptance) => ({ ...acceptance, crewGuardians: acceptance.crewGuardians ?? [] })),
    pendingWaivers: pending.map((waiver) => ({ id: waiver.id, title: waiver.title, version: waiver.version })),
    certificates: row.entry_certificates,
  };
}

export function registeredMessage({ registration, fleet, waitlistPosition }: Registered): string {
  return registration.status === 'registered'
    ? `Registered ${registration.boat_name} in ${registration.fleet_name}.`
    : `The ${fleet.max_boats !== null ? 'fleet or event' : 'event'} is full: ${registration.boat_name} is on the waitlist at position ${waitlistPosition}.`;
}

export function cancelledMessage(outcome: CancelOutcome): string {
  return outcome.promoted ? `Registration cancelled; ${outcome.promoted.boat_name} moved up from the waitlist.` : 'Registration cancelled.';
}

export function movedMessage(moved: Pick<RegistrationMoved, 'registration' | 'waitlistPosition' | 'promoted' | 'changed'>): string {
  const { registration, waitlistPosition, promoted } = moved;
  if (moved.changed.length === 0) return 'Nothing changed.';
  const where =
    registration.status === 'registered'
      ? `${registration.boat_name} is entered in ${registration.fleet_name}.`
      : `${registration.fleet_name} or the regatta is full: ${registration.boat_name} is on the waitlist at position ${waitlistPosition}.`;
  return promoted ? `${where} ${promoted.boat_name} moved up from the waitlist.` : where;
}
