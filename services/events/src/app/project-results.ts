/**
 * results.v1 → race progress (status, actual start) and each race's results for `include=results`.
 * Every write keeps the newer snapshot (by the fact's time), so replays change nothing.
 */
import { RACE_STATUSES, type RaceStatus } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { applyRaceProgress, markResultsOfficial, upsertRaceResults } from '../store/projections/results.js';
import type { StoredResultEntry } from '../store/rows.js';

/** Race status as stored; the guide form's "completed" means finished; anything unknown is skipped. */
export function raceStatus(status: string): RaceStatus | undefined {
  const normalized = status === 'completed' ? 'finished' : status;
  return (RACE_STATUSES as readonly string[]).includes(normalized) ? (normalized as RaceStatus) : undefined;
}

export interface RaceProgress {
  raceId: string;
  status: string;
  actualStart: Date | null;
  occurredAt: Date;
}

export async function projectRaceProgress(client: PoolClient, progress: RaceProgress): Promise<void> {
  const status = raceStatus(progress.status);
  if (status) await applyRaceProgress(client, progress.raceId, { status, actualStart: progress.actualStart, occurredAt: progress.occurredAt });
}

export interface RaceResults {
  raceId: string;
  eventId: string;
  fleetId: string;
  raceNumber: number;
  raceName: string;
  published: boolean;
  results: StoredResultEntry[];
  raceStatus: string;
  actualStart: Date | null;
  occurredAt: Date;
}

export async function projectRaceResults(client: PoolClient, race: RaceResults): Promise<void> {
  await upsertRaceResults(client, {
    race_id: race.raceId,
    event_id: race.eventId,
    fleet_id: race.fleetId,
    race_number: race.raceNumber,
    race_name: race.raceName,
    published: race.published,
    results: race.results,
    occurred_at: race.occurredAt,
  });
  await projectRaceProgress(client, { raceId: race.raceId, status: race.raceStatus, actualStart: race.actualStart, occurredAt: race.occurredAt });
}

/** results.published (the fact's first name): the races are official now. */
export async function projectResultsOfficial(client: PoolClient, raceIds: string[]): Promise<void> {
  await markResultsOfficial(client, raceIds);
}
