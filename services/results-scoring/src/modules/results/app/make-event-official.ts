/**
 * Make an event's results official at once (POST /events/{slug}/results/publish, a path that keeps its
 * historical name): every race with provisional results becomes official, the fleets' views are
 * re-rendered, an "official" revision and results.official are recorded per fleet and
 * results.published ("these races are official") is queued, in one transaction. Publishing, in this
 * service, means something else: posting a fleet's provisional results (publish-provisional.ts).
 */
import { withTransaction } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection } from '../../shared/domain/records.js';
import { transactionTime, lockSeriesOfEvent } from '../../shared/store/locks.js';
import { publishEvent } from '../store/results.js';
import { assertMember } from '../../shared/app/access.js';
import { resultsPublishedFact } from './facts.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';
import { renderFleetViews } from './render-views.js';
import { actorOf, recordStepRevision } from './unit-of-work/revision-builder.js';
import { resultsOfficialFact } from './revision-facts.js';

export interface EventMadeOfficial {
  event: EventProjection;
  /** Null when there was nothing provisional to make official. */
  publishedAt: Date | null;
  raceIds: string[];
  fleetIds: string[];
}

export async function makeEventOfficial(context: ServiceContext, identity: Identity, request: { slug: string; requestId: string | undefined }): Promise<EventMadeOfficial> {
  const event = await eventBySlug(context, request.slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertMember(identity, event);
  let at = new Date();
  const changed = await withTransaction(context.pool, async (client) => {
    // Series first, then (inside publishEvent) every fleet in id order: the order of store/locks.ts.
    await lockSeriesOfEvent(client, event.id);
    at = await transactionTime(client);
    const races = await publishEvent(client, event.id, at);
    if (races.length > 0) {
      const fleetIds = [...new Set(races.map((r) => r.fleetId))];
      const actor = actorOf(identity);
      for (const fleetId of [...fleetIds].sort()) {
        // The audit trail: one "official" revision per fleet, as making one fleet official writes.
        const raceIds = races.filter((r) => r.fleetId === fleetId).map((r) => r.raceId).sort();
        await recordStepRevision(client, { eventId: event.id, fleetId }, 'official', raceIds, 'Event-wide publication.', actor, at);
        await renderFleetViews(client, fleetId);
        await context.publish(client, resultsOfficialFact({ event, requestId: request.requestId }, fleetId, at, raceIds, 'committee', actor.userId));
      }
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
