/** Set the event's protest time limit (minutes after the last boat finishes the day's last race at the venue). */
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { DEFAULT_PROTEST_TIME_LIMIT_MINUTES, isTimeZone } from '../domain/protest-time-limit.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { protestTimeLimit, saveProtestTimeLimit } from '../store/publication.js';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug, visibleEvent } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';

export interface ProtestTimeLimit {
  event: EventProjection;
  minutes: number;
  /** The venue's IANA time zone; null: UTC days. */
  timeZone: string | null;
  /** False when the event has set none (the default applies). */
  set: boolean;
}

export async function setProtestTimeLimit(context: ServiceContext, identity: Identity, slug: string, input: { minutes: number; timeZone: string | null }): Promise<ProtestTimeLimit> {
  const event = await eventBySlug(context, slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  if (input.timeZone !== null && !isTimeZone(input.timeZone)) {
    throw problem('unknown_time_zone', `${input.timeZone} is not an IANA time zone this service knows (e.g. Europe/Rome, America/Los_Angeles).`, { errors: [{ field: 'timeZone', message: 'unknown time zone' }] });
  }
  await saveProtestTimeLimit(context.pool, event.id, input.minutes, input.timeZone);
  return { event, minutes: input.minutes, timeZone: input.timeZone, set: true };
}

export async function getProtestTimeLimit(context: ServiceContext, identity: Identity, slug: string): Promise<ProtestTimeLimit> {
  const event = await visibleEvent(context, identity, slug);
  const limit = await protestTimeLimit(context.pool, event.id);
  return { event, minutes: limit?.minutes ?? DEFAULT_PROTEST_TIME_LIMIT_MINUTES, timeZone: limit?.timeZone ?? null, set: limit !== undefined };
}
