/**
 * results.v1 → per-race results (races sailed), fleet standings (final positions, net points, fleet
 * sizes) and split series' overall standings; the sailors and boats they name are noted in the
 * profiles and the registry.
 */
import type { FactPayloadOf } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { isUuid } from '../domain/boats.js';
import { noteBoats } from '../store/boats.js';
import { replaceRaceResults, replaceStandings } from '../store/projections/results.js';
import { replaceSplitStandings } from '../store/projections/split-standings.js';
import { noteSailors } from '../store/sailors.js';
import { boatNameOf, orNull } from './fact-values.js';

/** Sailors and boats named in a results or standings fact, a statement each (not two per entry). */
async function noteEntries(
  client: PoolClient,
  entries: ReadonlyArray<{ boatId: string; userId?: string; sailorName?: string; boatName?: string; sailNumber?: string }>,
): Promise<void> {
  const userOf = (entry: (typeof entries)[number]) => (isUuid(entry.userId) ? (entry.userId as string) : null);
  await noteSailors(
    client,
    entries.flatMap((entry) => (userOf(entry) ? [{ id: userOf(entry)!, name: orNull(entry.sailorName) }] : [])),
  );
  await noteBoats(
    client,
    entries.map((entry) => ({ id: entry.boatId, name: boatNameOf(entry), sailNumber: orNull(entry.sailNumber), ownerId: userOf(entry) })),
  );
}

export async function projectRaceResults(context: ServiceContext, client: PoolClient, factId: string, results: FactPayloadOf<'resultsUpdated'>): Promise<void> {
  if (!isUuid(results.raceId) || !isUuid(results.eventId) || !isUuid(results.fleetId)) {
    context.logger.warn({ factId }, 'results.updated with invalid ids; skipped');
    return;
  }
  const entries = results.results.filter((entry) => isUuid(entry.boatId));
  await noteEntries(client, entries);
  await replaceRaceResults(
    client,
    { raceId: results.raceId, eventId: results.eventId, fleetId: results.fleetId, raceNumber: results.raceNumber, raceStatus: results.raceStatus },
    entries.map((entry) => ({
      boatId: entry.boatId,
      userId: isUuid(entry.userId) ? entry.userId : null,
      position: entry.position ?? null,
      points: entry.points,
      status: entry.status,
    })),
  );
}

export async function projectStandings(context: ServiceContext, client: PoolClient, factId: string, standings: FactPayloadOf<'standingsUpdated'>): Promise<void> {
  if (!isUuid(standings.eventId) || !isUuid(standings.fleetId)) {
    context.logger.warn({ factId }, 'standings.updated with invalid ids; skipped');
    return;
  }
  const entries = standings.entries.filter((entry) => isUuid(entry.boatId));
  await noteEntries(client, entries);
  await replaceStandings(
    client,
    { eventId: standings.eventId, fleetId: standings.fleetId, fleetName: orNull(standings.fleetName), boatsInFleet: standings.boatsInFleet },
    entries.map((entry) => ({
      boatId: entry.boatId,
      userId: isUuid(entry.userId) ? entry.userId : null,
      sailorName: orNull(entry.sailorName),
      boatName: boatNameOf(entry),
      sailNumber: orNull(entry.sailNumber),
      position: entry.position,
      totalPoints: entry.totalPoints,
      netPoints: entry.netPoints,
      racesCompleted: entry.racesCompleted,
    })),
  );
}

/**
 * A regatta's split series and its overall standings (split.standings.updated), which rankings count
 * instead of the series' fleets once the final fleets are dealt (store/ranking-inputs.ts).
 */
export async function projectSplitStandings(
  context: ServiceContext,
  client: PoolClient,
  fact: { id: string; occurredAt: Date },
  split: FactPayloadOf<'splitStandingsUpdated'>,
): Promise<void> {
  if (!isUuid(split.eventId)) {
    context.logger.warn({ factId: fact.id }, 'split.standings.updated with an invalid event id; skipped');
    return;
  }
  const uuidOrNull = (value: string | undefined) => (isUuid(value) ? value : null);
  const entries = split.entries.filter((entry) => isUuid(entry.boatId));
  await noteEntries(client, entries);
  await replaceSplitStandings(
    client,
    {
      eventId: split.eventId,
      qualifyingFleetIds: split.qualifyingFleetIds.filter((id) => isUuid(id)),
      finalFleetIds: split.finalFleetIds.filter((id) => isUuid(id)),
      medalFleetId: uuidOrNull(split.medalFleetId),
      stage: split.stage,
      boatsInSplit: split.boatsInSplit,
      occurredAt: fact.occurredAt,
    },
    entries.map((entry) => ({
      boatId: entry.boatId,
      userId: uuidOrNull(entry.userId),
      sailorName: orNull(entry.sailorName),
      rank: entry.rank,
      qualifyingFleetId: uuidOrNull(entry.qualifyingFleetId),
      finalFleetId: uuidOrNull(entry.finalFleetId),
      medal: entry.medal ?? null,
      netPoints: entry.netPoints,
    })),
  );
}
