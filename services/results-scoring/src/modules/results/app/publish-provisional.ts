/**
 * Publish a fleet's results (or some races of it): they are posted on the notice board, still
 * provisional, and the protest time limit starts (making them official is make-official.ts). Each
 * race's deadline is the committee's explicit one, or the event's limit (minutes after the last boat
 * finishes the day's last race, default 120); races of the same day posted earlier get the later
 * deadline too. One transaction, one unit of work: the locks, the revision of the step, the views,
 * results.posted.
 */
import { withTransaction } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { DEFAULT_PROTEST_TIME_LIMIT_MINUTES, protestDeadlines } from '../domain/protest-time-limit.js';
import { fleetRacesWithResults, protestTimeLimit, savePosting } from '../store/publication.js';
import { fleetOfEvent, namedRaces } from './publication-steps.js';
import { resultsPostedFact } from './revision-facts.js';
import { changeFleets } from './unit-of-work/fleet-change.js';
import { actorOf } from './unit-of-work/revision-builder.js';

export interface PublishRequest {
  slug: string;
  fleetId: string;
  races?: string[] | undefined;
  protestDeadline?: string | undefined;
  reason?: string | undefined;
  requestId: string | undefined;
}

export interface PublishedProvisional {
  event: EventProjection;
  fleetId: string;
  postedAt: Date | null;
  races: { raceId: string; number: number; protestDeadline: Date | null }[];
}

export async function publishProvisional(context: ServiceContext, identity: Identity, request: PublishRequest): Promise<PublishedProvisional> {
  const event = await eventBySlug(context, request.slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  const published = await withTransaction(context.pool, (client) =>
    changeFleets(context, client, { event, fleetIds: [request.fleetId], requestId: request.requestId }, async (change): Promise<PublishedProvisional> => {
      const fleet = fleetOfEvent(change, event, request.fleetId);
      const { at } = change;
      const all = await fleetRacesWithResults(client, fleet.id);
      // Official races stay official; the committee names them again only to no effect.
      const targets = namedRaces(all, request.races).filter((r) => !r.published);
      if (targets.length === 0) return { event, fleetId: fleet.id, postedAt: null, races: [] };

      const explicit = request.protestDeadline ? new Date(request.protestDeadline) : null;
      const targetIds = new Set(targets.map((r) => r.raceId));
      // Posted races of the same day whose deadline was computed move with the day's last finish.
      const recomputed = all.filter((r) => targetIds.has(r.raceId) || (r.postedAt && !r.published && !r.deadlineExplicit));
      const limit = await protestTimeLimit(client, event.id);
      const deadlines = protestDeadlines(
        recomputed.map((r) => ({ raceId: r.raceId, lastFinish: r.lastFinish, explicitDeadline: targetIds.has(r.raceId) ? explicit : null })),
        all.map((r) => ({ raceId: r.raceId, lastFinish: r.lastFinish, explicitDeadline: null })),
        limit?.minutes ?? DEFAULT_PROTEST_TIME_LIMIT_MINUTES,
        limit?.timeZone ?? 'UTC',
      );
      await savePosting(
        client,
        recomputed.map((r) => ({
          raceId: r.raceId,
          protestDeadline: deadlines.get(r.raceId) ?? null,
          explicit: targetIds.has(r.raceId) && explicit !== null,
          postedAt: targetIds.has(r.raceId) ? at : null,
        })),
      );
      const actor = actorOf(identity);
      change.recordStep(fleet.id, { kind: 'posted', raceIds: [...targetIds].sort(), reason: request.reason ?? '', actor });
      const races = targets.map((r) => ({ raceId: r.raceId, number: r.number, protestDeadline: deadlines.get(r.raceId) ?? null }));
      change.publish(resultsPostedFact({ event, requestId: request.requestId }, fleet.id, at, races, actor.userId));
      return { event, fleetId: fleet.id, postedAt: at, races };
    }),
  );
  return published.value;
}
