/**
 * A tally day closes from its sign-in deadline on: by hand (a member with a capture role) or by the
 * closing loop at the deadline (close-due-days.ts). The day's misses (raced without signing out;
 * out at the deadline, by the times the movements happened) with the penalty in force are kept and
 * published as tally.day.closed in the same transaction; results-scoring applies each penalty once.
 * Closings of one day are serialized by a lock: the loop closes a day only when no closing of it
 * exists; closing again by hand (results or a late movement arrived since) publishes the misses as
 * they are then.
 */
import { randomUUID } from 'node:crypto';
import type { PoolClient } from '@regatta/db';
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { CaptureEvent } from '../../../domain/regatta.js';
import { deadlineOf, mayClose, missesOf, type Miss, type TallyCloser, type TallyPolicy } from '../domain/tally.js';
import { tallyDayClosed } from '../facts/tally.js';
import { boatsOf, movementsOfDay, policyOf, racesOfDay } from '../store/tally.js';
import { insertClosing, lockDay } from '../store/tally-closings.js';
import type { TallyCaller } from './tally-caller.js';

export interface TallyClosing {
  day: string;
  misses: Miss[];
  policy: TallyPolicy;
  closedAt: Date;
}

/** Finds and keeps the day's misses and publishes them; null when an automatic closing exists already. */
export async function closeDayIn(
  context: ServiceContext,
  client: PoolClient,
  input: { event: CaptureEvent; day: string; closer: TallyCloser; actorUserId: string | null; requestId: string | undefined; now: Date },
): Promise<TallyClosing | null> {
  const { event, day, now } = input;
  const stored = await policyOf(client, event.id);
  const policy: TallyPolicy = { signInDeadline: stored.signInDeadline, missedSignOut: stored.missedSignOut, missedSignIn: stored.missedSignIn, penaltyPoints: stored.penaltyPoints };
  const deadline = deadlineOf(day, policy.signInDeadline, event.timeZone);
  if (!mayClose(day, deadline, event.timeZone, now)) {
    throw problem('tally_day_open', `The tally of ${day} closes from its sign-in deadline on${deadline ? ` (${deadline.toISOString()})` : ' (no deadline is set: after the day ended)'}.`);
  }
  const misses = missesOf(await boatsOf(client, event.id), await movementsOfDay(client, event.id, day), await racesOfDay(client, event.id, day, event.timeZone), deadline ?? now);
  const id = randomUUID();
  const automatic = input.closer.kind === 'automatic';
  const closedAt = await insertClosing(client, { id, eventId: event.id, day, misses, policy, closedBy: input.closer.id, automatic });
  if (!closedAt) return null;
  await context.publish(client, tallyDayClosed({ id, day, misses, policy, closedBy: input.closer, closedAt }, { eventId: event.id, organizationId: event.organizationId, requestId: input.requestId, actorUserId: input.actorUserId }));
  return { day, misses, policy, closedAt };
}

/** The organizer closes a day by hand (again, if it was closed before). */
export async function closeTallyDay(context: ServiceContext, caller: TallyCaller, day: string, requestId: string | undefined): Promise<TallyClosing> {
  const now = new Date();
  return withTransaction(context.pool, async (client) => {
    await lockDay(client, caller.event.id, day);
    const closing = await closeDayIn(context, client, { event: caller.event, day, closer: caller.recorder, actorUserId: caller.userId, requestId, now });
    return closing!;
  });
}
