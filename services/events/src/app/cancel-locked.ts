/** Cancelling an entry, shared by the cancel and update use cases (inside their transaction, event row locked). */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { registrationDetail, updateRegistration } from '../store/registrations.js';
import type { EventRow, RegistrationDetailRow } from '../store/rows.js';
import { registrationCancelledFact } from './facts.js';
import { promoteFromWaitlist } from './promote-from-waitlist.js';

export interface CancelOutcome {
  cancelled: RegistrationDetailRow;
  /** The waitlisted entry that took the freed place, if any. */
  promoted: RegistrationDetailRow | null;
}

/** Cancels and publishes registration.cancelled; a freed place (the entry was registered) promotes one entry. */
export async function cancelLocked(
  context: ServiceContext,
  client: PoolClient,
  event: EventRow,
  registration: RegistrationDetailRow,
  requestId: string,
  actorUserId: string | null = null,
): Promise<CancelOutcome> {
  await updateRegistration(client, registration.id, { status: 'cancelled' });
  const cancelled = (await registrationDetail(client, event.id, registration.id))!;
  await context.publish(client, registrationCancelledFact(cancelled, event.organization_id, registration.status, requestId, actorUserId));
  const promoted = registration.status === 'registered' ? await promoteFromWaitlist(context, client, event, 1, requestId) : [];
  return { cancelled, promoted: promoted[0] ?? null };
}
