/**
 * Make an event's results official at once (POST /events/{slug}/results/publish, a path that keeps its
 * historical name): every race with provisional results becomes official, in one transaction and one
 * unit of work over every fleet of the event (unit-of-work/fleet-change.ts: the locks once, an
 * "official" revision and the views per fleet, results.official per fleet and one results.published,
 * "these races are official"). To publish, in this service, is something else: to post a fleet's
 * provisional results (publish-provisional.ts).
 */
import { withTransaction } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { assertMember } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { eventFleetIds, markEventOfficial } from '../store/results.js';
import { resultsPublishedFact } from './facts.js';
import { resultsOfficialFact } from './revision-facts.js';
import { changeFleets } from './unit-of-work/fleet-change.js';
import { actorOf } from './unit-of-work/revision-builder.js';

/** The reason of each fleet's "official" revision when the whole event is made official at once. */
export const EVENT_MADE_OFFICIAL_REASON = 'Made official for the whole event.';

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
  const done = await withTransaction(context.pool, async (client) => {
    // A fleet that gets its first results after this list is read keeps them provisional, as if they came after.
    const fleetIds = await eventFleetIds(client, event.id);
    return changeFleets(context, client, { event, fleetIds, requestId: request.requestId }, async (change) => {
      const races = await markEventOfficial(client, event.id, fleetIds, change.at);
      if (races.length === 0) return { at: change.at, races };
      const changedFleets = [...new Set(races.map((r) => r.fleetId))];
      const actor = actorOf(identity);
      const meta = { event, requestId: request.requestId };
      for (const fleetId of [...changedFleets].sort()) {
        // The audit trail: one "official" revision per fleet, as making one fleet official writes.
        const raceIds = races.filter((r) => r.fleetId === fleetId).map((r) => r.raceId).sort();
        change.recordStep(fleetId, { kind: 'official', raceIds, reason: EVENT_MADE_OFFICIAL_REASON, actor });
        change.publish(resultsOfficialFact(meta, fleetId, change.at, raceIds, 'committee', actor.userId));
      }
      change.publish(resultsPublishedFact(meta, change.at, races.map((r) => r.raceId), changedFleets));
      return { at: change.at, races };
    });
  });
  const { at, races } = done.value;
  return {
    event,
    publishedAt: races.length > 0 ? at : null,
    raceIds: races.map((r) => r.raceId),
    fleetIds: [...new Set(races.map((r) => r.fleetId))],
  };
}
