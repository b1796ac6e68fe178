/**
 * Results-scoring's per-process resources (service.ts's setup): the ports the use cases ask through.
 * `openHearings` answers how many hearings that concern the given races of a fleet are still open
 * (results become official only when none is); `decisionsInForce` keeps the protest committee's
 * decisions on a race in force on top of a new finishing record (a submission or its preview). The
 * protests module answers both (modules/protests/app); results never imports it, it asks here.
 */
import type { Queryable } from '@regatta/db';
import type { SubmittedEntry } from '../../shared/domain/records.js';

export interface HearingScope {
  eventId: string;
  fleetId: string;
  raceIds: string[];
}

export interface RaceScope {
  eventId: string;
  raceId: string;
}

/** A new finishing record with the decisions in force applied, and the protest numbers of those that changed it. */
export interface DecisionsKept {
  entries: SubmittedEntry[];
  keptCases: number[];
}

export interface ResultsResources {
  openHearings(client: Queryable, scope: HearingScope): Promise<number>;
  decisionsInForce(client: Queryable, scope: RaceScope, entries: readonly SubmittedEntry[]): Promise<DecisionsKept>;
}

/** Until the protest room is wired: no hearing is ever open. */
export const noOpenHearings: ResultsResources['openHearings'] = async () => 0;
