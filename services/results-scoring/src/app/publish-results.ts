/**
 * Publish an event's results: every race with provisional results becomes official, the fleets' views
 * are re-rendered and results.published is queued, in one transaction.
 */
import { withTransaction } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection } from '../domain/records.js';
import { publishEvent } from '../store/results.js';
import { assertMember } from './access.js';
import { resultsPublishedFact } from './facts.js';
import { eventBySlug } from './find-event.js';
import { PROJECTION_WAIT } from './projection-wait.js';
import { renderFleetViews } from './render-views.js';

export interface PublishedResults {
  event: EventProjection;
  /** Null when there was nothing provisional to publish. */
  publishedAt: Date | null;
  raceIds: string[];
  fleetIds: string[];
}

export async function publishResults(context: ServiceContext, identity: Identity, request: { slug: string; requestId: string | undefined }): Promise<PublishedResults> {
  const event = await eventBySlug(context, request.slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertMember(identity, event);
  const at = new Date();
  const changed = await withTransaction(context.pool, async (client) => {
    const races = await publishEvent(client, event.id, at);
    if (races.length > 0) {
      const fleetIds = [...new Set(races.map((r) => r.fleetId))];
      for (const fleetId of [...fleetIds].sort()) await renderFleetViews(client, fleetId);
      await context.publish(client, resultsPublishedFact({ event, requestId: request.requestId }, at, races.map((r) => r.raceId), fleetIds));
    }
    return races;
  });
  return {
    event,
    publishedAt: changed.length > 0 ? at : null,
    raceIds: changed.map((r) => r.raceId),
    fleetIds: [...new Set(changed.map((r) => r.fleetId))],
  };
}
