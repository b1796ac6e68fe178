/**
 * The `data` of each live-feed change message, as app/project-fact.ts appends it: the public shapes
 * of the pages' JSON twins plus `occurredAt`. Pure: no I/O, no clock. The OpenAPI document describes
 * each one (components/schemas Live*, mapped by event name in the live operations' x-live-messages).
 */
import type { RaceCompleted, RaceStarted, ResultsPublished } from '@regatta/contracts';
import type { PublicEntry, PublicRaceResults, PublicStandings } from './model.js';
import type { PublicCase } from './notice-board.js';
import { iso } from './snapshots.js';

/** What every change message carries: when the change happened (the fact's time). */
export interface LiveMeta {
  occurredAt: string;
}

export function liveMeta(occurredAt: Date): LiveMeta {
  return { occurredAt: occurredAt.toISOString() };
}

/** A race's progress from race.started / race.completed, as the store records it and the feed sends it. */
export interface PublicRaceProgress {
  raceId: string;
  fleetId: string;
  raceNumber: number;
  status: string;
  actualStart: string | null;
  finishedAt: string | null;
}

export function publicRaceProgress(race: RaceStarted | RaceCompleted, type: 'race.started' | 'race.completed'): PublicRaceProgress {
  return {
    raceId: race.raceId,
    fleetId: race.fleetId,
    raceNumber: race.raceNumber,
    status: race.status || (type === 'race.started' ? 'started' : 'finished'),
    actualStart: iso(race.actualStart),
    finishedAt: iso(race.finishedAt),
  };
}

export type LiveResultsUpdated = LiveMeta & PublicRaceResults;
export interface LiveResultsPublished extends LiveMeta {
  publishedAt: string | null;
  raceIds: string[];
  fleetIds: string[];
}
export type LiveStandingsUpdated = LiveMeta & PublicStandings;
export type LiveRaceProgress = LiveMeta & PublicRaceProgress;
export interface LiveRegistrationChanged extends LiveMeta {
  entry: PublicEntry;
}
/** hearing.scheduled and decision.published: the case as the notice board now shows it. */
export interface LiveCaseChanged extends LiveMeta {
  case: PublicCase;
}

/** One builder per change message type (registration.* share one; race.started and race.completed too; hearing.scheduled and decision.published too). */
export const liveData = {
  resultsUpdated: (meta: LiveMeta, results: PublicRaceResults): LiveResultsUpdated => ({ ...meta, ...results }),
  resultsPublished: (meta: LiveMeta, published: ResultsPublished): LiveResultsPublished => ({
    ...meta,
    publishedAt: iso(published.publishedAt),
    raceIds: [...published.raceIds],
    fleetIds: [...published.fleetIds],
  }),
  standingsUpdated: (meta: LiveMeta, standings: PublicStandings): LiveStandingsUpdated => ({ ...meta, ...standings }),
  raceProgress: (meta: LiveMeta, progress: PublicRaceProgress): LiveRaceProgress => ({ ...meta, ...progress }),
  registrationChanged: (meta: LiveMeta, entry: PublicEntry): LiveRegistrationChanged => ({ ...meta, entry }),
  caseChanged: (meta: LiveMeta, notice: PublicCase): LiveCaseChanged => ({ ...meta, case: notice }),
};
