/**
 * PATCH /events/{slug}/registrations/{id}: the sailor may change crew and contacts; organizers also
 * status (allowed moves only; admitting a waitlisted entry needs a free place), payment status and
 * the boat as entered in this regatta (name, sail number, model: a scorer's correction, which changes
 * this entry's snapshot and so this regatta's results, never the boat in the sailor's other regattas;
 * a sail number another active entry of the regatta holds is 409, as when entering).
 * Moving to cancelled is a cancellation (registration.cancelled and promotion of the waitlist).
 */
import type { PaymentStatus, RegistrationStatus } from '@regatta/contracts';
import { withTransaction, type PoolClient } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import {
  ORGANIZER_FIELDS,
  PAYMENT_STATUS_MOVES,
  REGISTRATION_STATUS_MOVES,
  canMovePayment,
  canMoveRegistration,
  describeMoves,
  initialStatus,
} from '../domain/registrations.js';
import { sailKey } from '../domain/events.js';
import { lockEvent } from '../store/events.js';
import { fleetsOf } from '../store/fleets.js';
import { registeredCounts, registrationDetail, sailTakenBy, updateRegistration as updateRegistrationRow } from '../store/registrations.js';
import type { EventRow, RegistrationDetailRow } from '../store/rows.js';
import { cancelLocked } from './cancel-locked.js';
import { duplicateEntry, duplicateFromIndex } from './duplicate-entry.js';
import { registrationUpdatedFact } from './facts.js';
import type { LazyInput } from './input.js';
import { entryOf } from './registration-access.js';
import { checkedForm, givesForm, type EntryFormInput } from './entry-form-check.js';
import { checkFormEdit, formChanges } from './entry-form-edit.js';

export interface UpdateRegistrationInput extends EntryFormInput {
  status?: RegistrationStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  crew?: string[] | undefined;
  emergencyContact?: string | null | undefined;
  specialRequirements?: string | null | undefined;
  /** The boat as entered in this regatta (organizers). */
  boat?: EntryBoatCorrection | undefined;
}

export interface EntryBoatCorrection {
  name?: string | undefined;
  sailNumber?: string | null | undefined;
  model?: string | null | undefined;
}

export interface RegistrationUpdated {
  registration: RegistrationDetailRow;
  promoted: RegistrationDetailRow | null;
  /** Columns changed (event-facing names), empty when nothing changed. */
  changed: string[];
}

function checkMoves(current: RegistrationDetailRow, input: UpdateRegistrationInput): void {
  if (input.status !== undefined && !canMoveRegistration(current.status, input.status)) {
    const allowed = describeMoves(REGISTRATION_STATUS_MOVES, current.status, 'registration status');
    throw problem('invalid_status_transition', `The registration cannot move from ${current.status} to ${input.status}. ${allowed}`, {
      errors: [{ field: 'status', message: allowed }],
      extensions: { currentStatus: current.status, allowedStatuses: [...REGISTRATION_STATUS_MOVES[current.status]] },
    });
  }
  if (input.paymentStatus !== undefined && !canMovePayment(current.payment_status, input.paymentStatus)) {
    const allowed = describeMoves(PAYMENT_STATUS_MOVES, current.payment_status, 'payment status');
    throw problem('invalid_payment_transition', `The payment status cannot move from ${current.payment_status} to ${input.paymentStatus}. ${allowed}`, {
      errors: [{ field: 'paymentStatus', message: allowed }],
    });
  }
}

/** Admitting an entry (to registered) needs a free place in the event and its fleet: 409 otherwise. */
async function checkPlaceFor(client: PoolClient, event: EventRow, current: RegistrationDetailRow): Promise<void> {
  const counts = await registeredCounts(client, event.id);
  const fleet = (await fleetsOf(client, event.id)).find((candidate) => candidate.id === current.fleet_id)!;
  const fits = initialStatus({
    eventMax: event.max_participants,
    eventRegistered: counts.total,
    fleetMax: fleet.max_boats,
    fleetRegistered: counts.byFleet.get(fleet.id) ?? 0,
  });
  if (fits !== 'registered') throw problem('no_place_available', 'The event or fleet is full; the entry stays where it is.');
}

/** The fields that differ, by API name (for the SQL) and column (for the fact's changedFields), in a fixed order. */
function registrationChanges(current: RegistrationDetailRow, input: UpdateRegistrationInput, cancelling: boolean, by: string | null) {
  const changes: Record<string, unknown> = {};
  const changed: string[] = [];
  const note = (field: string, column: string, value: unknown, now: unknown) => {
    if (value === undefined) return;
    if (JSON.stringify(value) === JSON.stringify(now)) return;
    changes[field] = value;
    changed.push(column);
  };
  note('paymentStatus', 'payment_status', input.paymentStatus, current.payment_status);
  note('crew', 'crew', input.crew, current.crew);
  note('emergencyContact', 'emergency_contact', input.emergencyContact, current.emergency_contact);
  note('specialRequirements', 'special_requirements', input.specialRequirements, current.special_requirements);
  if (!cancelling) note('status', 'status', input.status, current.status);
  const boat = boatChanges(current, input.boat);
  if (boat) {
    Object.assign(changes, boat.changes, { boatCorrectedBy: by });
    changed.push(...boat.changed);
  }
  return { changes, changed };
}

/**
 * A correction of the boat as entered: the whole snapshot (name, sail number, model) is written, so
 * the entry no longer follows the sailor's boat; changed names the fields that differ (the fact's
 * changed_fields: boat.name, boat.sail_number, boat.model). Undefined when nothing differs.
 */
function boatChanges(current: RegistrationDetailRow, boat: EntryBoatCorrection | undefined) {
  if (!boat) return undefined;
  const next = {
    boatName: boat.name ?? current.boat_name,
    sailNumber: boat.sailNumber === undefined ? current.boat_sail_number : boat.sailNumber,
    boatModel: boat.model === undefined ? current.boat_model : boat.model,
  };
  const changed = [
    ...(next.boatName !== current.boat_name ? ['boat.name'] : []),
    ...(next.sailNumber !== current.boat_sail_number ? ['boat.sail_number'] : []),
    ...(next.boatModel !== current.boat_model ? ['boat.model'] : []),
  ];
  if (changed.length === 0) return undefined;
  return { changes: { ...next, sailKey: sailKey(next.sailNumber) }, changed };
}

/** 409 boat_already_registered when another active entry of the regatta holds the corrected sail number. */
async function checkSailFree(client: PoolClient, current: RegistrationDetailRow, changes: Record<string, unknown>): Promise<void> {
  const key = changes['sailKey'] as string | null | undefined;
  if (!key || key === current.sail_key) return;
  const holder = await sailTakenBy(client, current.event_id, key, current.id);
  if (holder) throw duplicateEntry('sail', holder, { name: changes['boatName'] as string, sail_number: changes['sailNumber'] as string });
}

export async function updateRegistration(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  registrationId: string,
  readInput: LazyInput<UpdateRegistrationInput>,
  requestId: string,
): Promise<RegistrationUpdated> {
  const { event, registration, standing } = await entryOf(context.pool, identity, slug, registrationId);
  const input = readInput();
  const organizerFields = ORGANIZER_FIELDS.filter((field) => input[field] !== undefined);
  if (standing !== 'organizer' && organizerFields.length > 0)
    throw problem('organizer_only', `Only organizers may change ${organizerFields.join(' and ')}; the sailor may change crew and contacts.`, {
      extensions: { fields: organizerFields },
    });
  const ownEntry = checkFormEdit(identity, event, registration, standing, input);
  try {
    return await withTransaction(context.pool, (client) => applyUpdate(context, client, identity, event.id, registration.id, input, requestId, ownEntry));
  } catch (error) {
    throw duplicateFromIndex(error) ?? error;
  }
}

/** The update under the event's lock (which orders it with every other change of the regatta's entries). */
async function applyUpdate(
  context: ServiceContext,
  client: PoolClient,
  identity: Identity,
  eventId: string,
  registrationId: string,
  input: UpdateRegistrationInput,
  requestId: string,
  ownEntry: boolean,
): Promise<RegistrationUpdated> {
  const locked = (await lockEvent(client, eventId))!;
  const current = (await registrationDetail(client, eventId, registrationId))!;
  checkMoves(current, input);
  // The entry form's part, checked against the form as it is now (complete when the sailor edits her own).
  const form = givesForm(input) ? await checkedForm(client, locked, input, current, { userId: identity.userId ?? null, name: current.sailor_name }, ownEntry) : undefined;
  if (input.status === 'registered' && current.status !== 'registered') await checkPlaceFor(client, locked, current);
  const cancelling = input.status === 'cancelled' && current.status !== 'cancelled';
  const { changes, changed } = registrationChanges(current, input, cancelling, identity.userId ?? null);
  const crewNames = input.crew === undefined && input.crewMembers ? input.crewMembers.map((member) => member.name) : undefined;
  if (crewNames && JSON.stringify(crewNames) !== JSON.stringify(current.crew)) {
    changes['crew'] = crewNames;
    changed.push('crew');
  }
  const formChanged = formChanges(current, input, form);
  Object.assign(changes, formChanged.changes);
  changed.push(...formChanged.changed);
  await checkSailFree(client, current, changes);
  if (Object.keys(changes).length > 0) {
    await updateRegistrationRow(client, current.id, changes);
    const row = (await registrationDetail(client, eventId, current.id))!;
    await context.publish(client, registrationUpdatedFact(row, locked.organization_id, current.status, changed, requestId, identity.userId ?? null));
  }
  if (cancelling) {
    const again = (await registrationDetail(client, eventId, current.id))!;
    const outcome = await cancelLocked(context, client, locked, again, requestId, identity.userId ?? null);
    return { registration: outcome.cancelled, promoted: outcome.promoted, changed: [...changed, 'status'] };
  }
  return { registration: (await registrationDetail(client, eventId, current.id))!, promoted: null, changed };
}
