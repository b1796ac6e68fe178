/**
 * A fleet's scoring set-up changed after results exist (fleet.updated with setup_changed): the fleet is
 * re-scored through the one recompute path and the re-score is recorded, per race with results, as a
 * revision (kind correction, reason "fleet set-up changed by <who>", per boat before → after), with
 * results.revised for each, so a changed set-up never moves a number silently.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection } from '../domain/records.js';
import { changesBetween, snapshotOf } from '../domain/revisions.js';
import { lockFleet, transactionTime } from '../store/locks.js';
import { listFleetRaces } from '../store/projections/fleets.js';
import { getRaceEntries, raceResults } from '../store/results.js';
import { insertRevision, nextRevisionSeq } from '../store/revisions.js';
import { recomputeFleet } from './recompute-fleet.js';
import { resultsRevisedFact } from './revision-facts.js';
import { lockSeriesOfEvent } from './series-standings.js';

export interface SetupChange {
  /** User id of whoever changed the set-up (null when unknown). */
  by: string | null;
  /** Their name, for the reason text. */
  byName: string | null;
  requestId: string | undefined;
}

export function setupChangeReason(change: Pick<SetupChange, 'by' | 'byName'>): string {
  return `fleet set-up changed by ${change.byName || change.by || 'the race committee'}`;
}

/** Re-scores the fleet and records one revision per race with results; returns the revision ids. */
export async function rescoreAfterSetupChange(context: ServiceContext, client: PoolClient, event: EventProjection, fleet: FleetProjection, change: SetupChange): Promise<string[]> {
  await lockSeriesOfEvent(client, event.id);
  await lockFleet(client, fleet.id);
  const at = await transactionTime(client);
  const races = (await listFleetRaces(client, fleet.id)).filter((race) => race.hasResults);
  const before = new Map<string, Awaited<ReturnType<typeof raceResults>>>();
  for (const race of races) before.set(race.id, await raceResults(client, race.id));
  const publish = context.publish.bind(context);
  await recomputeFleet(client, event, fleet, { publish, requestId: change.requestId, alwaysPublishRaces: races.map((r) => r.id) });
  const ids: string[] = [];
  for (const race of races) {
    const after = await raceResults(client, race.id);
    const revision = await insertRevision(
      client,
      {
        eventId: event.id,
        fleetId: fleet.id,
        raceId: race.id,
        raceIds: [race.id],
        seq: await nextRevisionSeq(client, race.id),
        kind: 'correction',
        reason: setupChangeReason(change),
        decisionId: null,
        revertedTo: null,
        userId: change.by,
        keyId: null,
        via: 'system',
        changes: changesBetween(before.get(race.id) ?? [], after),
        entries: snapshotOf(await getRaceEntries(client, race.id)),
      },
      at,
    );
    await publish(client, resultsRevisedFact({ event, requestId: change.requestId }, revision));
    ids.push(revision.id);
  }
  return ids;
}
