/** The committee board of a day (every boat, who is afloat, who is flagged), an entrant's own boats, and the CSV table. */
import type { ExportTable } from '@regatta/exports';
import type { ServiceContext } from '@regatta/runtime';
import { fleetsOfEvent } from '../../../store/regatta.js';
import { tallyTable } from '../domain/tally-csv.js';
import { boatTallies, deadlineOf, summarize, tallyDay, type BoatTally, type TallyPolicy, type TallySummary } from '../domain/tally.js';
import { boatsOf, movementsOfDay, policyOf } from '../store/tally.js';
import { lastClosing } from '../store/tally-closings.js';
import type { TallyCaller } from './tally-caller.js';

export interface TallyBoard {
  day: string;
  deadline: Date | null;
  deadlinePassed: boolean;
  policy: TallyPolicy;
  boats: BoatTally[];
  summary: TallySummary;
  closedAt: Date | null;
  /** The last closing was the automatic one at the deadline. */
  closedAutomatically: boolean;
  fleetNames: Map<string, string>;
}

export async function tallyBoard(context: ServiceContext, caller: TallyCaller, day: string | undefined, options: { mine?: boolean } = {}): Promise<TallyBoard> {
  const now = new Date();
  const { event } = caller;
  const theDay = day ?? tallyDay(now, event.timeZone);
  const policy = await policyOf(context.pool, event.id);
  const boats = await boatsOf(context.pool, event.id, options.mine ? (caller.userId ?? '') : undefined);
  const movements = await movementsOfDay(context.pool, event.id, theDay, options.mine ? boats.map((boat) => boat.registrationId) : undefined);
  const deadline = deadlineOf(theDay, policy.signInDeadline, event.timeZone);
  const tallies = boatTallies(boats, movements, deadline, now);
  const closing = await lastClosing(context.pool, event.id, theDay);
  const fleetNames = new Map((await fleetsOfEvent(context.pool, event.id)).map((fleet) => [fleet.id, fleet.name] as const));
  return {
    day: theDay,
    deadline,
    deadlinePassed: deadline !== null && now >= deadline,
    policy: { signInDeadline: policy.signInDeadline, missedSignOut: policy.missedSignOut, missedSignIn: policy.missedSignIn, penaltyPoints: policy.penaltyPoints },
    boats: tallies,
    summary: summarize(tallies),
    closedAt: closing?.closedAt ?? null,
    closedAutomatically: closing?.automatic ?? false,
    fleetNames,
  };
}

export async function tallyExport(context: ServiceContext, caller: TallyCaller, day: string | undefined): Promise<ExportTable> {
  const board = await tallyBoard(context, caller, day);
  return tallyTable(board.boats, board.fleetNames, { eventName: caller.event.name, slug: caller.event.slug, day: board.day });
}
