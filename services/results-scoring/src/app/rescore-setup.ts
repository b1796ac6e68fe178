/**
 * A fleet's scoring set-up changed after results exist (fleet.updated with setup_changed): the fleet is
 * re-scored through the one recompute path and the re-score is recorded, per race with results, as a
 * revision (kind correction, reason "fleet set-up changed by <who>", per boat before → after), with
 * results.revised for each, so a changed set-up never moves a number silently.
 *
 * The same mechanism (`rescoreRecorded`) records the re-scores other changes cause (a race's weight,
 * must-count or discard-first; a boat's rating or the entries): there only the races whose numbers
 * moved get a revision (a renamed race or a paid entry fee records nothing).
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection } from '../domain/records.js';
import { changesBetween, snapshotOf } from '../domain/revisions.js';
import { lockFleet, transactionTime } from '../store/locks.js';
import { listFleetRaces } from '../store/projections/fleets.js';
import { getRaceEntries, markRescored, raceResults } from '../store/results.js';
import { insertRevision, nextRevisionSeq } from '../store/revisions.js';
import { recomputeFleet } from './recompute-fleet.js';
import { renderFleetViews } from './render-views.js';
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
  return rescoreRecorded(context, client, event, fleet, { reason: setupChangeReason(change), by: change.by, requestId: change.requestId, everyRace: true });
}

export interface RecordedRescore {
  /** The revision's reason (what changed, by whom when known). */
  reason: string;
  by: string | null;
  requestId: string | undefined;
  /** True: a revision for every race with results (a set-up change); false: only races whose results changed. */
  everyRace: boolean;
}

/** Re-scores the fleet and records the re-score as revisions (see the header); returns the revision ids. */
export async function rescoreRecorded(context: ServiceContext, client: PoolClient, event: EventProjection, fleet: FleetProjection, rescore: RecordedRescore): Promise<string[]> {
  await lockSeriesOfEvent(client, event.id);
  await lockFleet(client, fleet.id);
  const at = await transactionTime(client);
  const races = (await listFleetRaces(client, fleet.id)).filter((race) => race.hasResults);
  const before = new Map<string, Awaited<ReturnType<typeof raceResults>>>();
  for (const race of races) before.set(race.id, await raceResults(client, race.id));
  const publish = context.publish.bind(context);
  // A set-up change records a revision of every race: their time moves before the views are rendered.
  if (rescore.everyRace) await markRescored(client, races.map((race) => race.id), at);
  await recomputeFleet(client, event, fleet, { publish, requestId: rescore.requestId, ...(rescore.everyRace ? { alwaysPublishRaces: races.map((r) => r.id) } : { onlyIfChanged: true }) });
  const ids: string[] = [];
  const revised: string[] = [];
  for (const race of races) {
    const changes = changesBetween(before.get(race.id) ?? [], await raceResults(client, race.id));
    if (!rescore.everyRace && changes.length === 0) continue;
    const revision = await insertRevision(
      client,
      {
        eventId: event.id,
        fleetId: fleet.id,
        raceId: race.id,
        raceIds: [race.id],
        seq: await nextRevisionSeq(client, race.id),
        kind: 'correction',
        reason: rescore.reason,
        decisionId: null,
        revertedTo: null,
        userId: rescore.by,
        keyId: null,
        via: 'system',
        changes,
        entries: snapshotOf(await getRaceEntries(client, race.id)),
      },
      at,
    );
    await publish(client, resultsRevisedFact({ event, requestId: rescore.requestId }, revision));
    ids.push(revision.id);
    revised.push(race.id);
  }
  // The answers' asOf is the latest revision they include: the re-score's, so asOf = that time shows
  // the re-scored numbers. Races revised only because their numbers moved are known after the
  // re-score: their time moves now, and the views are rendered again with it.
  if (!rescore.everyRace && revised.length > 0) {
    await markRescored(client, revised, at);
    await renderFleetViews(client, fleet.id);
  }
  return ids;
}
