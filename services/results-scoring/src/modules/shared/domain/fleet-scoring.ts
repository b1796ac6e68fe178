/**
 * Scores one fleet: its set-up, races, stored entries and boats → the engine's series scoring, then
 * back to per-result numbers and a standings snapshot. No I/O here.
 *
 * Which races count in the standings: races whose status is `finished` (results of a race still
 * `started`, `scheduled` or `postponed` are stored and shown, scored on their own as provisional race
 * points, but do not count yet); `abandoned` races are struck (scored as not sailed).
 */
import type { RaceStatus, ScoringSystem } from '@regatta/contracts';
import { scoreRace, scoreSeries, type SeriesBoat, type SeriesRace } from '@regatta/scoring-engine';
import { declaredDrops, fleetConfigOf, needsRatings, ratingFor, type FleetSetup } from './fleet-setup.js';
import { elapsedSecondsOf, raceEntriesOf, type StoredEntry } from './race-entries.js';

export interface RaceInfo {
  id: string;
  number: number;
  name: string;
  weight: number;
  mustCount: boolean;
  discardFirst: boolean;
  distanceNm: number | null;
  /** Effective status (progress recorded here, else the schedule's). */
  status: RaceStatus;
  actualStart: Date | null;
  /** Results were submitted for this race. */
  hasResults: boolean;
}

export interface BoatInfo {
  boatId: string;
  name: string;
  sailNumber: string | null;
  sailorName: string | null;
  userId: string | null;
  ratings: Record<string, number>;
  /** Ratings in force from a race on (a new certificate mid-series), by rating key. */
  ratingChanges?: readonly RatingChange[] | undefined;
}

export interface RatingChange {
  key: string;
  value: number;
  fromRace: number;
}

/** The boat's ratings in force in race `raceNumber`: her registration's, then each change from that race or before, in race order. */
export function ratingsInForce(boat: Pick<BoatInfo, 'ratings' | 'ratingChanges'>, raceNumber: number): Record<string, number> {
  const changes = [...(boat.ratingChanges ?? [])].filter((c) => c.fromRace <= raceNumber).sort((a, b) => a.fromRace - b.fromRace);
  const out = { ...boat.ratings };
  for (const change of changes) out[change.key] = change.value;
  return out;
}

export interface ComputedResult {
  position: number | null;
  elapsedSeconds: number | null;
  correctedSeconds: number | null;
  points: number | null;
  /** The rating applied in this race (handicap fleets; null otherwise). */
  rating: number | null;
}

export interface StandingRaceResult {
  raceId: string;
  race: number;
  points: number;
  dropped: boolean;
  code: string | null;
  /** The rating in force in this race (handicap fleets; absent otherwise). */
  rating?: number;
}

export interface StandingEntrySnapshot {
  position: number;
  boatId: string;
  userId: string | null;
  sailorName: string | null;
  boatName: string;
  sailNumber: string | null;
  totalPoints: number;
  netPoints: number;
  racesCompleted: number;
  raceResults: StandingRaceResult[];
}

export interface FleetScore {
  scoringSystem: ScoringSystem;
  drops: number;
  appliedDrops: number;
  racesCompleted: number;
  boatsInFleet: number;
  standings: StandingEntrySnapshot[];
  /** raceId → boatId → computed numbers, for every race with stored results. */
  results: Map<string, Map<string, ComputedResult>>;
  /** Boats left out of the standings (no rating in a handicap fleet). */
  rejected: { boatId: string; reason: string }[];
}

export interface FleetScoringInput {
  fleet: FleetSetup;
  races: readonly RaceInfo[];
  /** Stored entries by race id. */
  entries: ReadonlyMap<string, readonly StoredEntry[]>;
  /** Boats entered in the fleet (registered, plus any boat holding a stored result). */
  boats: readonly BoatInfo[];
}

/** Races that count in the standings, in race-number order. */
export function countedRaces<T extends RaceInfo>(races: readonly T[]): T[] {
  return races.filter((r) => r.hasResults && (r.status === 'finished' || r.status === 'abandoned')).sort((a, b) => a.number - b.number);
}

export function scoreFleet(input: FleetScoringInput): FleetScore {
  const { fleet } = input;
  const config = fleetConfigOf(fleet);
  const rated = needsRatings(fleet);
  const boatById = new Map(input.boats.map((b) => [b.boatId, b] as const));
  const seriesBoats: SeriesBoat[] = input.boats.map((b) => {
    const rating = rated ? ratingFor(fleet, b.ratings) : undefined;
    return rating !== undefined ? { id: b.boatId, rating } : { id: b.boatId };
  });
  const knownBoats = new Set(input.boats.map((b) => b.boatId));
  const entriesOf = (raceId: string) => (input.entries.get(raceId) ?? []).filter((e) => knownBoats.has(e.boatId));

  // Per-race ratings where a rating change is in force (a new certificate from race N on).
  const overridesFor = (raceNumber: number): Record<string, number> | undefined => {
    if (!rated) return undefined;
    const out: Record<string, number> = {};
    for (const b of input.boats) {
      if (!b.ratingChanges || b.ratingChanges.length === 0) continue;
      const inForce = ratingFor(fleet, ratingsInForce(b, raceNumber));
      if (inForce !== undefined && inForce !== ratingFor(fleet, b.ratings)) out[b.boatId] = inForce;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  };

  const counted = countedRaces(input.races);
  const seriesRaces: SeriesRace[] = counted.map((race) => ({
    number: race.number,
    weight: race.weight > 0 ? race.weight : 1,
    discardPolicy: race.mustCount ? 'must_count' : race.discardFirst ? 'discard_first' : 'normal',
    ...(race.distanceNm !== null ? { distanceNm: race.distanceNm } : {}),
    entries: raceEntriesOf(fleet, race, entriesOf(race.id)),
    ...(race.status === 'abandoned' ? { struck: true } : {}),
    ...(overridesFor(race.number) !== undefined ? { ratingOverrides: overridesFor(race.number)! } : {}),
  }));
  const series = scoreSeries({ fleet: config, boats: seriesBoats, races: seriesRaces });

  const results = new Map<string, Map<string, ComputedResult>>();
  const elapsedFor = (race: RaceInfo) => {
    const map = new Map<string, number | null>();
    for (const e of input.entries.get(race.id) ?? []) map.set(e.boatId, elapsedSecondsOf(race.actualStart, e.finishTime));
    return map;
  };
  const standingCells = new Map(series.standings.map((s) => [s.boatId, s] as const));

  // Counted races: numbers from the series (weights, A9 redress averages, struck races).
  counted.forEach((race, ri) => {
    const elapsed = elapsedFor(race);
    const byBoat = new Map<string, ComputedResult>();
    for (const e of input.entries.get(race.id) ?? []) {
      const cell = standingCells.get(e.boatId)?.races[ri];
      const ownElapsed = elapsed.get(e.boatId) ?? null;
      byBoat.set(e.boatId, {
        position: cell?.position ?? null,
        elapsedSeconds: ownElapsed,
        correctedSeconds: cell?.correctedSeconds ?? (cell?.position != null ? ownElapsed : null),
        points: cell ? cell.points : null,
        rating: cell?.ratingApplied ?? null,
      });
    }
    results.set(race.id, byBoat);
  });

  // Races with results that do not count yet: scored on their own, as provisional race points.
  const countedIds = new Set(counted.map((r) => r.id));
  for (const race of input.races) {
    if (!race.hasResults || countedIds.has(race.id)) continue;
    const elapsed = elapsedFor(race);
    const byBoat = new Map<string, ComputedResult>();
    let scored: ReturnType<typeof scoreRace> | undefined;
    try {
      const usable = seriesBoats.filter((b) => !rated || b.rating !== undefined);
      const usableIds = new Set(usable.map((b) => b.id));
      const overrides = overridesFor(race.number) ?? {};
      scored = scoreRace({
        scoringSystem: config.scoringSystem,
        handicap: config.handicap,
        penaltyBasis: config.penaltyBasis ?? 'A5.2',
        ...(config.finishersPlus !== undefined ? { finishersPlus: config.finishersPlus } : {}),
        boats: usable.map((b) => ({ id: b.id, rating: overrides[b.id] ?? b.rating })),
        ...(race.distanceNm !== null ? { distanceNm: race.distanceNm } : {}),
        entries: raceEntriesOf(fleet, race, entriesOf(race.id).filter((e) => usableIds.has(e.boatId))),
      });
    } catch {
      scored = undefined;
    }
    const scoredByBoat = new Map((scored?.results ?? []).map((r) => [r.boatId, r] as const));
    for (const e of input.entries.get(race.id) ?? []) {
      const r = scoredByBoat.get(e.boatId);
      const ownElapsed = elapsed.get(e.boatId) ?? null;
      byBoat.set(e.boatId, {
        position: r?.place ?? null,
        elapsedSeconds: ownElapsed,
        correctedSeconds: r?.correctedSeconds ?? (r?.place != null ? ownElapsed : null),
        points: r?.points ?? null,
        rating: r?.ratingApplied ?? null,
      });
    }
    results.set(race.id, byBoat);
  }

  const standings: StandingEntrySnapshot[] = series.standings.map((s) => {
    const boat = boatById.get(s.boatId);
    const raceResults: StandingRaceResult[] = [];
    let racesCompleted = 0;
    s.races.forEach((cell, ri) => {
      if (cell.excluded) return;
      if (cell.code !== 'DNC') racesCompleted += 1;
      raceResults.push({
        raceId: counted[ri]!.id,
        race: cell.raceNumber,
        points: cell.points,
        dropped: cell.dropped,
        code: cell.code ?? cell.penaltyCode ?? null,
        ...(rated && cell.ratingApplied !== null ? { rating: cell.ratingApplied } : {}),
      });
    });
    return {
      position: s.rank,
      boatId: s.boatId,
      userId: boat?.userId ?? null,
      sailorName: boat?.sailorName ?? null,
      boatName: boat?.name ?? s.boatId,
      sailNumber: boat?.sailNumber ?? null,
      totalPoints: s.total,
      netPoints: s.net,
      racesCompleted,
      raceResults,
    };
  });

  return {
    scoringSystem: config.scoringSystem,
    // Proportional discards have no fixed maximum: the count in force is shown.
    drops: Math.max(declaredDrops(fleet), series.discardCount),
    appliedDrops: series.discardCount,
    racesCompleted: series.racesCompleted,
    boatsInFleet: input.boats.length - series.rejected.length,
    standings,
    results,
    rejected: series.rejected.map((r) => ({ boatId: r.boatId, reason: r.reason })),
  };
}
