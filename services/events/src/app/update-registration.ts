/**
 * PATCH /events/{slug}/registrations/{id}: the sailor may change crew and contacts; organizers also
 * status (allowed moves only; admitting a waitlisted entry needs a free place) and payment status.
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
import { lockEvent } from '../store/events.js';
import { fleetsOf } from '../store/fleets.js';
import { registeredCounts, registrationDetail, updateRegistration as updateRegistrationRow } from '../store/registrations.js';
import type { EventRow, RegistrationDetailRow } from '../store/rows.js';
import { cancelLocked } from './cancel-locked.js';
import { registrationUpdatedFact } from './facts.js';
import type { LazyInput } from './input.js';
import { entryOf } from './registration-access.js';

export interface UpdateRegistrationInput {
  status?: RegistrationStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  crew?: string[] | undefined;
  emergencyContact?: string | null | undefined;
  specialRequirements?: string | null | undefined;
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
function registrationChanges(current: RegistrationDetailRow, input: UpdateRegistrationInput, cancelling: boolean) {
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
  return { changes, changed };
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
  return withTransaction(context.pool, async (client) => {
    const locked = (await lockEvent(client, event.id))!;
    const current = (await registrationDetail(client, event.id, registration.id))!;
    checkMoves(current, input);
    if (input.status === 'registered' && current.status !== 'registered') await checkPlaceFor(client, locked, current);
    const cancelling = input.status === 'cancelled' && current.status !== 'cancelled';
    const { changes, changed } = registrationChanges(current, input, cancelling);
    if (Object.keys(changes).length > 0) {
      await updateRegistrationRow(client, current.id, changes);
      const row = (await registrationDetail(client, event.id, current.id))!;
      await context.publish(client, registrationUpdatedFact(row, locked.organization_id, current.status, changed, requestId, identity.userId ?? null));
    }
    if (cancelling) {
      const again = (await registrationDetail(client, event.id, current.id))!;
      const outcome = await cancelLocked(context, client, locked, again, requestId, identity.userId ?? null);
      return { registration: outcome.cancelled, promoted: outcome.promoted, changed: [...changed, 'status'] };
    }
    return { registration: (await registrationDetail(client, event.id, current.id))!, promoted: null, changed };
  });
}
