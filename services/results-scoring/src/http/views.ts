/** Response shapes (documented in packages/openapi/spec/results.yaml). */
import { formatDuration, type BoatInfo, type StandingEntrySnapshot } from '../scoring-adapter.js';
import type { EventProjection, RaceWithProgress } from '../store/projections.js';
import type { ResultRow } from '../store/results.js';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const eventRef = (event: EventProjection) => ({ id: event.id, slug: event.slug, name: event.name });

/** The typed Result (answer of the submission). */
export function resultView(row: ResultRow, race: Pick<RaceWithProgress, 'published'>) {
  return {
    id: row.id,
    raceId: row.raceId,
    boatId: row.boatId,
    position: row.position,
    finishTime: iso(row.finishTime),
    elapsedTime: formatDuration(row.elapsedSeconds),
    correctedTime: formatDuration(row.correctedSeconds),
    elapsedSeconds: row.elapsedSeconds,
    correctedSeconds: row.correctedSeconds,
    points: row.points,
    status: row.status,
    code: row.code,
    penaltyPercent: row.penaltyPercent,
    penaltyPoints: row.penaltyPoints,
    redress: row.redressMethod ? { method: row.redressMethod, points: row.redressPoints } : null,
    notes: row.notes,
    provisional: !race.published,
  };
}

export function raceView(race: RaceWithProgress, fleetName: string) {
  return {
    id: race.id,
    name: race.name,
    number: race.number,
    scheduledStart: iso(race.scheduledStart),
    actualStart: iso(race.actualStart),
    status: race.status,
    fleet: { id: race.fleetId, name: fleetName },
    provisional: race.hasResults ? !race.published : null,
  };
}

export const boatRef = (boatId: string, boat: Pick<BoatInfo, 'name' | 'sailNumber'> | undefined) => ({
  id: boatId,
  name: boat?.name ?? boatId,
  sail: boat?.sailNumber ?? null,
});

/** Result record (guide form), with the typed extras code, notes and the result id. */
export function guideResult(row: ResultRow, boat: BoatInfo | undefined, fleetName: string) {
  return {
    id: row.id,
    position: row.position,
    boat: boatRef(row.boatId, boat),
    skipper: boat?.sailorName ?? null,
    fleet: fleetName,
    finishTime: iso(row.finishTime),
    elapsedTime: formatDuration(row.elapsedSeconds),
    correctedTime: formatDuration(row.correctedSeconds),
    points: row.points,
    status: row.status,
    code: row.code,
    notes: row.notes,
  };
}

/** Standing entry (guide form); `includeDrops: false` leaves discarded races out of raceResults. */
export function standingView(entry: StandingEntrySnapshot, fleet: { id: string; name: string }, includeDrops: boolean) {
  return {
    position: entry.position,
    boat: { id: entry.boatId, name: entry.boatName, sail: entry.sailNumber },
    skipper: entry.sailorName,
    fleet: fleet.name,
    fleetId: fleet.id,
    totalPoints: entry.totalPoints,
    netPoints: entry.netPoints,
    racesCompleted: entry.racesCompleted,
    raceResults: entry.raceResults
      .filter((r) => includeDrops || !r.dropped)
      .map((r) => ({ race: r.race, raceId: r.raceId, points: r.points, dropped: r.dropped, code: r.code })),
  };
}
