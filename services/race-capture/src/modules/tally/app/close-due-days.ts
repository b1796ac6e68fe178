/**
 * The days that close themselves: every regatta day whose sign-in deadline has passed and that no
 * one has closed yet is closed once, attributed to "closed automatically at the deadline". Every
 * replica runs the loop (close-task.ts); the day's lock and the check under it make one of them
 * close the day and the others find it closed, and a restart finds the days still open.
 */
import { withTransaction } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { zonedDay } from '../../../domain/zoned-time.js';
import { eventById } from '../../../store/regatta.js';
import { AUTOMATIC_CLOSER } from '../domain/tally.js';
import { AUTO_CLOSE_LOOKBACK_MS, dueDays, type CloseCandidate } from '../domain/tally-time.js';
import { closeCandidates, lastClosing, lockDay } from '../store/tally-closings.js';
import { closeDayIn, type TallyClosing } from './close-day.js';

export async function closeDueDays(context: ServiceContext, now = new Date()): Promise<TallyClosing[]> {
  // A day earlier than the lookback on any clock, so no zone's day is missed; dueDays decides.
  const since = zonedDay(new Date(now.getTime() - AUTO_CLOSE_LOOKBACK_MS - 86_400_000), null);
  const closed: TallyClosing[] = [];
  for (const candidate of dueDays(await closeCandidates(context.pool, since), now)) {
    try {
      const closing = await closeAutomatically(context, candidate, now);
      if (closing) closed.push(closing);
    } catch (error) {
      // One day failing (its regatta gone) does not hold up the others; it is tried on the next pass.
      context.logger.warn({ err: error, eventId: candidate.eventId, day: candidate.day }, 'closing a tally day at its deadline failed');
    }
  }
  return closed;
}

async function closeAutomatically(context: ServiceContext, candidate: CloseCandidate, now: Date): Promise<TallyClosing | null> {
  return withTransaction(context.pool, async (client) => {
    await lockDay(client, candidate.eventId, candidate.day);
    if (await lastClosing(client, candidate.eventId, candidate.day)) return null;
    const event = await eventById(client, candidate.eventId);
    if (!event) return null;
    const closing = await closeDayIn(context, client, { event, day: candidate.day, closer: AUTOMATIC_CLOSER, actorUserId: null, requestId: undefined, now });
    if (closing) context.logger.info({ eventId: event.id, day: candidate.day, misses: closing.misses.length }, 'tally day closed at its deadline');
    return closing;
  });
}
