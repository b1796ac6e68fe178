/**
 * A fleet's scoring set-up changed after results exist (fleet.updated with setup_changed): the fleet is
 * re-scored through the unit of work and the re-score is recorded, per race with results, as a revision
 * (kind correction, reason "fleet set-up changed by <who>", per boat before → after), with
 * results.revised for each, so a changed set-up never moves a number silently.
 *
 * The same mechanism (`rescoreRecorded`) records the re-scores other changes cause (a race's weight,
 * must-count or discard-first; a boat's rating or the entries): there only the races whose numbers
 * moved get a revision (a renamed race or a paid entry fee records nothing).
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection } from '../../shared/domain/records.js';
import { changeFleets } from './unit-of-work/fleet-change.js';
import { systemActor } from './unit-of-work/revision-builder.js';

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
  const done = await changeFleets(context, client, { event, fleetIds: [fleet.id], requestId: rescore.requestId }, async (change) =>
    change.rescore(fleet.id, { revisions: rescore.everyRace ? 'every-race' : 'moved-races', reason: rescore.reason, actor: systemActor(rescore.by) }),
  );
  return [...done.revisions.values()].map((revision) => revision.id);
}
