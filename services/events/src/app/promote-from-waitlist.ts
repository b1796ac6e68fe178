/**
 * Promotes up to `max` waitlisted entries (earliest first, whose fleet has room: domain rule
 * chooseToPromote) inside the caller's transaction, which must hold the event row lock. Each
 * promotion publishes registration.updated (promotedFromWaitlist). Returns the promoted entries.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { chooseToPromote } from '../domain/registrations.js';
import { fleetsOf } from '../store/fleets.js';
import { registeredCounts, registrationDetail, updateRegistration, waitlistOf } from '../store/registrations.js';
import type { EventRow, RegistrationDetailRow } from '../store/rows.js';
import { registrationUpdatedFact } from './facts.js';

export async function promoteFromWaitlist(
  context: ServiceContext,
  client: PoolClient,
  event: EventRow,
  max: number,
  requestId: string,
): Promise<RegistrationDetailRow[]> {
  const promoted: RegistrationDetailRow[] = [];
  const fleets = await fleetsOf(client, event.id);
  while (promoted.length < max) {
    const counts = await registeredCounts(client, event.id);
    const waitlist = await waitlistOf(client, event.id);
    const choice = chooseToPromote(
      waitlist,
      { max: event.max_participants, registered: counts.total },
      new Map(fleets.map((fleet) => [fleet.id, { max: fleet.max_boats, registered: counts.byFleet.get(fleet.id) ?? 0 }])),
    );
    if (!choice) break;
    await updateRegistration(client, choice.id, { status: 'registered' });
    const row = (await registrationDetail(client, event.id, choice.id))!;
    await context.publish(client, registrationUpdatedFact(row, event.organization_id, 'waitlisted', ['status'], requestId));
    promoted.push(row);
  }
  return promoted;
}
