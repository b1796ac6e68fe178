/**
 * Results-scoring's per-process resources (service.ts's setup): the ports the use cases ask through.
 * `openHearings` answers how many hearings that concern the given races of a fleet are still open
 * (results become official only when none is); the protest room supplies the real query.
 */
import type { Queryable } from '@regatta/db';

export interface HearingScope {
  eventId: string;
  fleetId: string;
  raceIds: string[];
}

export interface ResultsResources {
  openHearings(client: Queryable, scope: HearingScope): Promise<number>;
}

/** Until the protest room is wired: no hearing is ever open. */
export const noOpenHearings: ResultsResources['openHearings'] = async () => 0;
