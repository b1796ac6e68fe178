/**
 * PUT /events/{slug}: changes the fields that differ (domain/event-fields.ts), checks the status move
 * and the dates, publishes event.updated naming the changed columns, and admits waitlisted entries
 * when the event limit grew.
 */
import type { EventStatus } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { problem, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventChanges, type UpdatableEventField } from '../domain/event-fields.js';
import { EVENT_STATUS_MOVES, canMoveEvent, dateProblems, describeEventMoves } from '../domain/events.js';
import { mayFreePlaces } from '../domain/registrations.js';
import { lockEvent, updateEvent as updateEventRow } from '../store/events.js';
import type { EventRow } from '../store/rows.js';
import { writableEvent } from './access.js';
import { eventUpdatedFact } from './facts.js';
import type { LazyInput } from './input.js';
import { orgRef, type OrgRef } from './organizations.js';
import { promoteFromWaitlist } from './promote-from-waitlist.js';
import { requireKnownTimeZone } from './time-zone.js';

export type UpdateEventInput = Partial<Record<UpdatableEventField, unknown>> & {
  status?: EventStatus | undefined;
  startDate?: Date | undefined;
  endDate?: Date | undefined;
  registrationOpen?: Date | undefined;
  registrationClose?: Date | undefined;
  maxParticipants?: number | undefined;
  timeZone?: string | null | undefined;
};

export async function updateEvent(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  readInput: LazyInput<UpdateEventInput>,
  requestId: string,
): Promise<{ event: EventRow; organization: OrgRef; changed: string[] }> {
  const existing = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  const organization = orgRef(existing);
  return withTransaction(context.pool, async (client) => {
    const current = (await lockEvent(client, existing.id))!;
    if (input.status !== undefined && !canMoveEvent(current.status, input.status)) {
      throw problem('invalid_status_transition', `The status cannot move from ${current.status} to ${input.status}. ${describeEventMoves(current.status)}`, {
        errors: [{ field: 'status', message: describeEventMoves(current.status) }],
        extensions: { currentStatus: current.status, allowedStatuses: [...EVENT_STATUS_MOVES[current.status]] },
      });
    }
    const problems = dateProblems({
      startDate: input.startDate ?? current.start_date,
      endDate: input.endDate ?? current.end_date,
      registrationOpen: input.registrationOpen ?? current.registration_open,
      registrationClose: input.registrationClose ?? current.registration_close,
    });
    if (problems.length > 0) throw validationFailed(problems, 'The dates are not consistent.');
    requireKnownTimeZone(input.timeZone);
    const changes = eventChanges(current, input);
    if (changes.length === 0) return { event: current, organization, changed: [] };
    const event = await updateEventRow(client, current.id, changes);
    const changed = changes.map((change) => change.column);
    await context.publish(client, eventUpdatedFact(event, organization, current.status, changed, requestId));
    if (input.maxParticipants !== undefined && changed.includes('max_participants') && mayFreePlaces(current.max_participants, input.maxParticipants))
      await promoteFromWaitlist(context, client, event, Number.MAX_SAFE_INTEGER, requestId);
    return { event, organization, changed };
  });
}
