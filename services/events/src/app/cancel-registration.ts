/**
 * POST /events/{slug}/registrations/{id}/cancel: by the sailor or an organizer; a freed place
 * promotes the waitlist. The promoted entry's crew and contacts are for organizers and its entrant.
 */
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { lockEvent } from '../store/events.js';
import { registrationDetail } from '../store/registrations.js';
import { cancelLocked, type CancelOutcome } from './cancel-locked.js';
import { standingOf } from '../domain/registrations.js';
import { entryOf } from './registration-access.js';

export async function cancelRegistration(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  registrationId: string,
  requestId: string,
): Promise<CancelOutcome & { seesPromotedPrivate: boolean }> {
  const { event, registration, standing } = await entryOf(context.pool, identity, slug, registrationId);
  const outcome = await withTransaction(context.pool, async (client) => {
    const locked = (await lockEvent(client, event.id))!;
    const current = (await registrationDetail(client, event.id, registration.id))!;
    if (current.status === 'cancelled') throw problem('already_cancelled', 'The registration is already cancelled.');
    return cancelLocked(context, client, locked, current, requestId, identity.userId ?? null);
  });
  // A sailor withdrawing sees who moved up, not that sailor's crew and contacts (organizers do).
  const promoted = outcome.promoted;
  const seesPromotedPrivate = !promoted || standingOf(standing === 'organizer', identity.userId, { userId: promoted.user_id, submittedBy: promoted.submitted_by }) !== 'none';
  return { ...outcome, seesPromotedPrivate };
}
