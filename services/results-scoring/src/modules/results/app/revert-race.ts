/**
 * Revert a race's results to an earlier revision: the entries that revision recorded become the race's
 * results again, as a new revision (kind "revert", naming the one restored), in one transaction and
 * one unit of work (unit-of-work/fleet-change.ts).
 * A revert never sets aside a protest committee's decision: restoring a revision older than a decision
 * applied to the race is refused (409 decision_in_force). Only the protest committee changes its
 * decision, by reopening the hearing (rule 66): a request to reopen is a new case, and its decision
 * changes the scores as a revision of its own.
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isUnscorable } from '../../shared/domain/fleet-setup.js';
import { entriesFromSnapshot } from '../domain/revisions.js';
import { findRace } from '../../shared/store/projections/fleets.js';
import { decisionsAfter, findRevision } from '../store/revisions.js';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';
import { changeFleets } from './unit-of-work/fleet-change.js';
import { actorOf } from './unit-of-work/revision-builder.js';

export interface RevertRequest {
  slug: string;
  raceId: string;
  revisionId: string;
  reason: string;
  requestId: string | undefined;
}

export async function revertRace(context: ServiceContext, identity: Identity, request: RevertRequest): Promise<{ revisionId: string; seq: number; revertedTo: string; raceId: string }> {
  const event = await eventBySlug(context, request.slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  const race = await findRace(context.pool, request.raceId);
  if (!race || race.eventId !== event.id) throw notFound('Race');
  return withTransaction(context.pool, async (client) => {
    try {
      const done = await changeFleets(context, client, { event, fleetIds: [race.fleetId], requestId: request.requestId }, async (change) => {
        const target = await findRevision(client, event.id, request.revisionId);
        if (!target || (target.raceId !== race.id && !target.raceIds.includes(race.id))) throw notFound('Revision');
        if (!target.entries) throw problem('revision_not_revertible', 'This revision is a publication step; it recorded no results to restore.');
        const locked = change.race(race.id);
        if (!locked) throw notFound('Race');
        // Under the locks every change of the race takes: a decision committing meanwhile is seen here.
        const later = target.seq === null ? [] : await decisionsAfter(client, race.id, target.seq);
        if (later.length > 0) {
          throw problem(
            'decision_in_force',
            `Revision ${target.seq} is older than the protest committee's decision ${later.map((d) => `${d.decisionId} (revision ${d.seq})`).join(', ')}; a revert does not set a decision aside (lodge a request to reopen, rule 66).`,
          );
        }
        await change.changeResults(locked, entriesFromSnapshot(target.entries), { kind: 'revert', reason: request.reason, actor: actorOf(identity), revertedTo: target.id });
        return target.id;
      });
      const revision = done.revisions.get(race.id)!;
      return { revisionId: revision.id, seq: revision.seq ?? 0, revertedTo: done.value, raceId: race.id };
    } catch (error) {
      // The boats or the fleet's set-up changed since: the old entries cannot be scored any more.
      if (isUnscorable(error)) throw problem('unscorable_results', `The results of that revision cannot be scored now: ${error.message}`);
      throw error;
    }
  });
}
