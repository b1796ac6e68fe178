/**
 * The organizer closes a tally day after its sign-in deadline: the day's misses (raced without
 * signing out; still out) with the penalty in force are kept and published as tally.day.closed in
 * the same transaction; results-scoring applies the penalties as revisions of the day's races.
 * Closing again (a boat found, a sign-in recorded late) publishes the day's misses as they are then.
 */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { boatTallies, deadlineOf, mayClose, missesOf, type Miss, type TallyPolicy } from '../domain/tally.js';
import { tallyDayClosed } from '../facts/tally.js';
import { boatsOf, insertClosing, movementsOfDay, policyOf, racesOfDay } from '../store/tally.js';
import type { TallyCaller } from './tally-caller.js';

export async function closeTallyDay(context: ServiceContext, caller: TallyCaller, day: string, requestId: string | undefined): Promise<{ day: string; misses: Miss[]; policy: TallyPolicy; closedAt: Date }> {
  const { event } = caller;
  const now = new Date();
  return withTransaction(context.pool, async (client) => {
    const stored = await policyOf(client, event.id);
    const policy: TallyPolicy = { signInDeadline: stored.signInDeadline, missedSignOut: stored.missedSignOut, missedSignIn: stored.missedSignIn, penaltyPoints: stored.penaltyPoints };
    const deadline = deadlineOf(day, policy.signInDeadline, event.timeZone);
    if (!mayClose(day, deadline, event.timeZone, now)) {
      throw problem('tally_day_open', `The tally of ${day} closes from its sign-in deadline on${deadline ? ` (${deadline.toISOString()})` : ' (no deadline is set: after the day ended)'}.`);
    }
    const tallies = boatTallies(await boatsOf(client, event.id), await movementsOfDay(client, event.id, day), deadline, now);
    const misses = missesOf(tallies, await racesOfDay(client, event.id, day, event.timeZone));
    const id = randomUUID();
    const closedAt = await insertClosing(client, { id, eventId: event.id, day, misses, policy, closedBy: caller.recorder.id });
    await context.publish(client, tallyDayClosed({ id, day, misses, policy, closedBy: caller.recorder, closedAt }, { eventId: event.id, organizationId: event.organizationId, requestId, actorUserId: caller.userId }));
    return { day, misses, policy, closedAt };
  });
}
