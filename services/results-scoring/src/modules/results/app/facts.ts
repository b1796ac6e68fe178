/**
 * Facts published by results-scoring on results.v1 (key: the event id; the organization id for series
 * facts, built in the series module). Each is a full snapshot of its subject (see proto/regatta/facts/v1/results.proto). Built
 * here, queued by the use cases in their transaction (context.publish, the outbox).
 */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { BoatInfo, FleetScore } from '../../shared/domain/fleet-scoring.js';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow } from '../../shared/domain/records.js';

export const PRODUCER = 'results-scoring';

interface Meta {
  event: EventProjection;
  requestId?: string | undefined;
  occurredAt?: Date;
}

const metaOf = (meta: Meta) => ({
  producer: PRODUCER,
  eventId: meta.event.id,
  organizationId: meta.event.organizationId,
  requestId: meta.requestId ?? null,
  ...(meta.occurredAt ? { occurredAt: meta.occurredAt } : {}),
});

export const ts = (date: Date | null | undefined) => (date ? timestampFromDate(date) : undefined);

export function resultsUpdatedFact(meta: Meta, race: RaceWithProgress, rows: ResultRow[], boats: ReadonlyMap<string, BoatInfo>): Fact {
  return newFact(
    'results.updated',
    'resultsUpdated',
    {
      eventId: meta.event.id,
      raceId: race.id,
      fleetId: race.fleetId,
      raceNumber: race.number,
      raceName: race.name,
      raceStatus: race.status,
      ...(race.actualStart ? { actualStart: ts(race.actualStart) } : {}),
      published: race.published,
      results: rows.map((row) => {
        const boat = boats.get(row.boatId);
        return {
          boatId: row.boatId,
          userId: boat?.userId ?? '',
          ...(boat?.sailorName ? { sailorName: boat.sailorName } : {}),
          boatName: boat?.name ?? row.boatId,
          ...(boat?.sailNumber ? { sailNumber: boat.sailNumber } : {}),
          ...(row.position !== null ? { position: row.position } : {}),
          ...(row.finishTime ? { finishTime: ts(row.finishTime) } : {}),
          ...(row.elapsedSeconds !== null ? { elapsedSeconds: row.elapsedSeconds } : {}),
          ...(row.correctedSeconds !== null ? { correctedSeconds: row.correctedSeconds } : {}),
          points: row.points ?? 0,
          status: row.status,
          ...(row.code ? { code: row.code } : {}),
          ...(row.notes ? { notes: row.notes } : {}),
        };
      }),
    },
    metaOf(meta),
  );
}

export function raceStartedFact(meta: Meta, race: RaceWithProgress): Fact {
  return newFact(
    'race.started',
    'raceStarted',
    { raceId: race.id, eventId: meta.event.id, fleetId: race.fleetId, raceNumber: race.number, ...(race.actualStart ? { actualStart: ts(race.actualStart) } : {}), status: 'started' },
    metaOf(meta),
  );
}

export function raceCompletedFact(meta: Meta, race: RaceWithProgress, finishedAt: Date | null): Fact {
  return newFact(
    'race.completed',
    'raceCompleted',
    {
      raceId: race.id,
      eventId: meta.event.id,
      fleetId: race.fleetId,
      raceNumber: race.number,
      ...(race.actualStart ? { actualStart: ts(race.actualStart) } : {}),
      status: race.status,
      ...(finishedAt ? { finishedAt: ts(finishedAt) } : {}),
    },
    metaOf(meta),
  );
}

export function standingsUpdatedFact(meta: Meta, fleet: FleetProjection, score: FleetScore): Fact {
  return newFact(
    'standings.updated',
    'standingsUpdated',
    {
      eventId: meta.event.id,
      fleetId: fleet.id,
      fleetName: fleet.name,
      scoringSystem: score.scoringSystem,
      drops: score.drops,
      appliedDrops: score.appliedDrops,
      boatsInFleet: score.boatsInFleet,
      entries: score.standings.map((entry) => ({
        position: entry.position,
        boatId: entry.boatId,
        userId: entry.userId ?? '',
        ...(entry.sailorName ? { sailorName: entry.sailorName } : {}),
        boatName: entry.boatName,
        ...(entry.sailNumber ? { sailNumber: entry.sailNumber } : {}),
        totalPoints: entry.totalPoints,
        netPoints: entry.netPoints,
        racesCompleted: entry.racesCompleted,
        raceResults: entry.raceResults.map((r) => ({ raceNumber: r.race, points: r.points, dropped: r.dropped, ...(r.code ? { code: r.code } : {}) })),
      })),
    },
    metaOf(meta),
  );
}

export function resultsPublishedFact(meta: Meta, publishedAt: Date, raceIds: string[], fleetIds: string[]): Fact {
  return newFact('results.published', 'resultsPublished', { eventId: meta.event.id, publishedAt: ts(publishedAt), raceIds, fleetIds }, metaOf(meta));
}
