/**
 * Make results official: when the committee says so (a fleet, or some races of it), or when the
 * protest time limit of posted races has passed and no hearing that concerns them is still open (the
 * background pass, official-task.ts, asks through the resources' openHearings port). Each fleet in one
 * unit of work (unit-of-work/fleet-change.ts): the locks once, the step's revision, views and facts.
 */
import { withTransaction } from '@regatta/db';
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { limitPassed } from '../domain/protest-time-limit.js';
import { fleetRacesWithResults, fleetsPastDeadline } from '../store/publication.js';
import { fleetOfEvent, namedRaces, recordOfficial } from './publication-steps.js';
import type { ResultsResources } from './resources.js';
import { changeFleets } from './unit-of-work/fleet-change.js';
import { actorOf } from './unit-of-work/revision-builder.js';

export interface OfficialResults {
  event: EventProjection;
  fleetId: string;
  officialAt: Date | null;
  raceIds: string[];
}

export async function makeFleetOfficial(
  context: ServiceContext,
  identity: Identity,
  request: { slug: string; fleetId: string; races?: string[] | undefined; reason?: string | undefined; requestId: string | undefined },
): Promise<OfficialResults> {
  const event = await eventBySlug(context, request.slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  const done = await withTransaction(context.pool, (client) =>
    changeFleets(context, client, { event, fleetIds: [request.fleetId], requestId: request.requestId }, async (change): Promise<OfficialResults> => {
      const fleet = fleetOfEvent(change, event, request.fleetId);
      const targets = namedRaces(await fleetRacesWithResults(client, fleet.id), request.races).filter((r) => !r.published);
      const raceIds = await recordOfficial(change, {
        fleetId: fleet.id,
        raceIds: targets.map((r) => r.raceId),
        reason: 'committee',
        note: request.reason ?? '',
        actor: actorOf(identity),
      });
      return { event, fleetId: fleet.id, officialAt: raceIds.length > 0 ? change.at : null, raceIds };
    }),
  );
  return done.value;
}

/** One pass: every fleet with posted races past their limit; each race without an open hearing becomes official. */
export async function makeOfficialByTimeLimit(context: ServiceContext, resources: ResultsResources): Promise<number> {
  let made = 0;
  for (const { eventId, fleetId } of await fleetsPastDeadline(context.pool, new Date())) {
    const [event] = await findEventsByIds(context.pool, [eventId]);
    if (!event) continue;
    const done = await withTransaction(context.pool, (client) =>
      changeFleets(context, client, { event, fleetIds: [fleetId], requestId: undefined }, async (change) => {
        const fleet = fleetOfEvent(change, event, fleetId);
        // Read again under the fleet's lock: another process may have done it, or a decision reopened one.
        const due = (await fleetRacesWithResults(client, fleet.id)).filter((r) => r.postedAt && !r.published && limitPassed(r.protestDeadline, change.at));
        const clear: string[] = [];
        for (const race of due) {
          if ((await resources.openHearings(client, { eventId, fleetId: fleet.id, raceIds: [race.raceId] })) === 0) clear.push(race.raceId);
        }
        const changed = await recordOfficial(change, {
          fleetId: fleet.id,
          raceIds: clear,
          reason: 'time_limit',
          note: 'The protest time limit passed with no open hearing.',
          actor: { userId: null, keyId: null, via: 'system' },
        });
        return changed.length;
      }),
    );
    made += done.value;
  }
  return made;
}
