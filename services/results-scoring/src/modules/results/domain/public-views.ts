/**
 * The documented shapes of results, standings and series standings (packages/openapi/spec/results.yaml)
 * as the read views store them: rendered once when results change, sent as stored by the GETs. Pure.
 */
import { formatDuration } from '@regatta/contracts';
import { countedRaces, type BoatInfo, type StandingEntrySnapshot } from '../../shared/domain/fleet-scoring.js';
import { declaredDrops, scoringSystemOf } from '../../shared/domain/fleet-setup.js';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow, SeriesProjection, StoredStandings } from '../../shared/domain/records.js';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const eventRef = (event: Pick<EventProjection, 'id' | 'slug' | 'name'>) => ({ id: event.id, slug: event.slug, name: event.name });

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
    asOf: iso(latestChange(race)),
    postedAt: iso(race.postedAt),
    protestDeadline: iso(race.protestDeadline),
  };
}

type RaceTimes = Pick<RaceWithProgress, 'revisedAt' | 'postedAt' | 'publishedAt'>;

/** The time of the race's latest revision (results change, posting or becoming official). */
export function latestChange(race: RaceTimes): Date | null {
  return [race.revisedAt, race.postedAt, race.publishedAt].reduce<Date | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null);
}

/** provisional until every counted race of the fleet is official; null before any results. */
export function fleetStatus(races: readonly RaceWithProgress[]): 'provisional' | 'official' | null {
  const counted = countedRaces(races);
  if (counted.length === 0) return null;
  return counted.some((r) => !r.published) ? 'provisional' : 'official';
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
    rating: row.rating ?? null,
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
      .map((r) => ({ race: r.race, raceId: r.raceId, points: r.points, dropped: r.dropped, code: r.code, ...(r.rating !== undefined ? { rating: r.rating } : {}) })),
  };
}

export interface FleetSummary {
  id: string;
  name: string;
  scoringSystem: { type: string; drops: number; appliedDrops: number };
  handicapSystem: string;
  racesCompleted: number;
  provisional: boolean;
  /** provisional | official (null before any results). */
  status: 'provisional' | 'official' | null;
  /** Time of the latest revision the fleet's standings include. */
  asOf: string | null;
  /** The latest end of a protest time limit among the fleet's posted, not yet official races. */
  protestDeadline: string | null;
}

type Snapshot = Pick<StoredStandings, 'scoringSystem' | 'drops' | 'appliedDrops' | 'racesCompleted'>;

/** A fleet of the standings' `fleets` list; before any scoring, from the fleet's set-up. */
export function fleetSummary(fleet: FleetProjection, races: readonly RaceWithProgress[], snapshot: Snapshot | undefined): FleetSummary {
  return {
    id: fleet.id,
    name: fleet.name,
    scoringSystem: {
      type: snapshot?.scoringSystem ?? scoringSystemOf(fleet),
      drops: snapshot?.drops ?? declaredDrops(fleet),
      appliedDrops: snapshot?.appliedDrops ?? 0,
    },
    handicapSystem: fleet.handicapSystem,
    racesCompleted: snapshot?.racesCompleted ?? 0,
    provisional: countedRaces(races).some((r) => !r.published),
    status: fleetStatus(races),
    asOf: iso(races.map(latestChange).reduce<Date | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null)),
    protestDeadline: iso(
      races.filter((r) => r.hasResults && !r.published && r.protestDeadline).reduce<Date | null>((latest, r) => (!latest || r.protestDeadline! > latest ? r.protestDeadline : latest), null),
    ),
  };
}

/** The standings' `scoringSystem`: the fleet's when there is one, else the kinds combined ("mixed"). */
export function combinedScoringSystem(fleets: readonly FleetSummary[]): FleetSummary['scoringSystem'] {
  if (fleets.length === 1) return fleets[0]!.scoringSystem;
  const types = [...new Set(fleets.map((f) => f.scoringSystem.type))];
  return {
    type: types.length === 1 ? types[0]! : types.length === 0 ? 'low_point' : 'mixed',
    drops: Math.max(0, ...fleets.map((f) => f.scoringSystem.drops)),
    appliedDrops: Math.max(0, ...fleets.map((f) => f.scoringSystem.appliedDrops)),
  };
}
