/**
 * The protest committee schedules (or moves) the hearing of a case: time, room and the parties (rule
 * 63.2: the parties are notified; by default the protestor boat and the protestees). A decided case's
 * hearing cannot be moved (409 protest_decided). Queues hearing.scheduled.
 */
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Protest } from '../domain/records.js';
import { saveHearing } from '../store/hearings.js';
import { boatsInEvent, findProtest, setProtestStatus } from '../store/protests.js';
import { assertOpen, committeeEvent, protestOf } from './protest-case.js';
import { hearingScheduledFact } from './protest-facts.js';

export interface HearingInput {
  startsAt: Date;
  room: string;
  /** Boat ids of the parties; omitted: the protestor boat and the protestees. */
  partyBoatIds?: string[] | undefined;
}

export async function scheduleHearing(context: ServiceContext, identity: Identity, request: { slug: string; protestId: string; requestId: string | undefined }, input: HearingInput): Promise<Protest> {
  const event = await committeeEvent(context, identity, request.slug);
  if (input.partyBoatIds) {
    const entered = await boatsInEvent(context.pool, event.id, input.partyBoatIds);
    const errors = input.partyBoatIds.flatMap((boat, i) => (entered.has(boat) ? [] : [{ field: `parties.${i}`, message: `boat ${boat} is not entered in this event` }]));
    if (errors.length > 0) throw problem('unknown_boat', 'Every party must be a boat entered in the event.', { errors });
  }
  return withTransaction(context.pool, async (client) => {
    const protest = await protestOf(client, event, request.protestId, true);
    if (protest.status === 'decided') throw problem('protest_decided', `Protest ${protest.number} is decided; its hearing cannot be moved.`);
    assertOpen(protest);
    const parties = input.partyBoatIds ?? [...(protest.protestorBoatId ? [protest.protestorBoatId] : []), ...protest.protesteeBoatIds];
    await saveHearing(client, { protestId: protest.id, eventId: event.id, startsAt: input.startsAt, room: input.room, partyBoatIds: [...new Set(parties)], userId: identity.userId ?? null, keyId: identity.keyId ?? null, at: new Date() });
    await setProtestStatus(client, protest.id, 'scheduled');
    const scheduled = (await findProtest(client, event.id, protest.id))!;
    await context.publish(client, hearingScheduledFact({ event, requestId: request.requestId }, scheduled));
    return scheduled;
  });
}
