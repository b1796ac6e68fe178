/**
 * DELETE /events/{slug} and POST /events/{slug}/cancel. A regatta nobody entered may be deleted with its
 * fleets, races and documents (event.deleted); once it has registrations (any status) its history must
 * stay, so it can only be cancelled (409 event_has_registrations says so). Cancelling keeps everything
 * and publishes event.cancelled (with the reason) which every projection applies like an update.
 */
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventCancelRefusal, eventDeletionRefusal } from '../domain/resource-rules.js';
import { lockEvent } from '../store/events.js';
import { cancelEventRow, deleteEventCascade, eventUsage } from '../store/event-removal.js';
import type { EventRow } from '../store/rows.js';
import { writableEvent } from './access.js';
import { orgRef, type OrgRef } from './organizations.js';
import { eventCancelledFact, eventDeletedFact } from './resource-facts.js';

export async function deleteEvent(context: ServiceContext, identity: Identity, slug: string, requestId: string): Promise<EventRow> {
  const existing = await writableEvent(context.pool, slug, identity);
  return withTransaction(context.pool, async (client) => {
    // The event lock serializes this with registrations (they take it too): none can slip in between.
    const event = (await lockEvent(client, existing.id))!;
    const refusal = eventDeletionRefusal({ status: event.status, ...(await eventUsage(client, event.id)) });
    if (refusal) throw problem(refusal.code, refusal.detail);
    await deleteEventCascade(client, event.id);
    await context.publish(client, eventDeletedFact(event, requestId));
    return event;
  });
}

export async function cancelEvent(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  readReason: () => string | null,
  requestId: string,
): Promise<{ event: EventRow; organization: OrgRef; previousStatus: string }> {
  const existing = await writableEvent(context.pool, slug, identity);
  const reason = readReason();
  const organization = orgRef(existing);
  return withTransaction(context.pool, async (client) => {
    const current = (await lockEvent(client, existing.id))!;
    const refusal = eventCancelRefusal(current.status);
    if (refusal) throw problem(refusal.code, refusal.detail);
    const event = await cancelEventRow(client, current.id, reason);
    await context.publish(client, eventCancelledFact(event, organization, current.status, reason, requestId));
    return { event, organization, previousStatus: current.status };
  });
}
