/** The event a request names by slug, under the projection-wait policy (app/projection-wait.ts). */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection } from '../domain/records.js';
import { findEventBySlug } from '../store/projections/events.js';
import { canSeeEvent } from './access.js';
import { PROJECTION_WAIT, awaitProjection } from './projection-wait.js';

/** The event by slug, waiting up to `waitMs` for a projection that does not have it yet. */
export function eventBySlug(context: ServiceContext, slug: string, waitMs: number): Promise<EventProjection | undefined> {
  return awaitProjection(context, () => findEventBySlug(context.pool, slug), waitMs);
}

/** The event a read names, or 404 when it is unknown or the caller may not see it. */
export async function visibleEvent(context: ServiceContext, identity: Identity, slug: string): Promise<EventProjection> {
  const event = await eventBySlug(context, slug, PROJECTION_WAIT.UNKNOWN_SLUG_ON_READ_MS);
  if (!event || !canSeeEvent(identity, event)) throw notFound('Event');
  return event;
}
