/**
 * Overall (combined) results across fleets of one regatta, no I/O.
 *
 * corrected_time: the boats of the listed fleets are re-scored as one fleet on corrected time. Race N of
 * the overall is race N of every listed fleet (overallRaces): it counts once every fleet has sailed it,
 * is struck when a fleet's race N was abandoned, and waits while a fleet has not sailed it. Each boat's
 * elapsed time (her finish minus her own fleet's start) is corrected with her rating for the overall's
 * handicap system in force in that race (rating changes included) and, on time on distance, her own
 * fleet's course distance; then the whole fleet is scored by the engine (low point, A5.2 on the
 * overall's entries, the overall's discards). A finish without a time cannot be corrected and is left out.
 *
 * points: each boat keeps her net points from her own fleet; `net_scaled` multiplies them by
 * (boats in the largest listed fleet / boats in her fleet), to a tenth, so fleets of different sizes
 * weigh alike. Lowest first; ties broken by A8 on her fleet's race scores.
 *
 * A boat in several listed fleets (a class fleet and an overall handicap fleet) is scored once, from
 * the first listed fleet she is in.
 */
import { countedRaces, ratingsInForce, scoreFleet, type BoatInfo, type FleetScoringInput, type RaceInfo, type RatingChange, type StandingRaceResult } from '../../shared/domain/fleet-scoring.js';
import { handicapOf, needsCourseDistance, ratingFor, type FleetSetup } from '../../shared/domain/fleet-setup.js';
import { rankItems, roundTenth } from '@regatta/scoring-engine';
import type { StoredEntry } from '../../shared/domain/race-entries.js';

export interface OverallDefinition {
  name: string;
  fleetIds: string[];
  method: 'corrected_time' | 'points';
  /** corrected_time: the system boats are corrected with; null = the listed fleets' common system. */
  handicap: { system: string; params: Record<string, number> } | null;
  pointsFormula: 'net' | 'net_scaled';
  dropRaces: number;
}

export interface OverallRaceCell extends StandingRaceResult {
  correctedSeconds: number | null;
}

export interface OverallStanding {
  position: number;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  sailorName: string | null;
  fleetId: string;
  fleetName: string;
  totalPoints: number;
  netPoints: number;
  raceResults: OverallRaceCell[];
}

export interface OverallResult {
  handicapSystem: string | null;
  racesCompleted: number;
  discardCount: number;
  standings: OverallStanding[];
  /** Boats left out (no rating for the overall's system). */
  rejected: { boatId: string; reason: string }[];
  /** corrected_time: counted races whose fleets disagree on weight, must-count or discard-first (PUT refuses them). */
  settingConflicts: string[];
}

/** The overall cannot be computed as defined (fleets with no comparable corrected time). */
export class OverallSetupError extends Error {
  constructor(
    readonly code: 'overall_not_comparable',
    message: string,
  ) {
    super(message);
  }
}

/** Each boat once, with the first listed fleet she is in. */
function membersOf(fleets: readonly FleetScoringInput[]): Map<string, { boat: BoatInfo; fleet: FleetSetup }> {
  const members = new Map<string, { boat: BoatInfo; fleet: FleetSetup }>();
  for (const input of fleets) for (const boat of input.boats) if (!members.has(boat.boatId)) members.set(boat.boatId, { boat, fleet: input.fleet });
  return members;
}

/** The handicap system boats are corrected with: the definition's, else the one every listed fleet uses. */
export function overallHandicap(definition: OverallDefinition, fleets: readonly FleetSetup[]): { system: string; params: Record<string, number> } {
  const chosen =
    definition.handicap ??
    (fleets.length > 0 && fleets.every((f) => f.handicapSystem === fleets[0]!.handicapSystem)
      ? { system: fleets[0]!.handicapSystem, params: fleets[0]!.handicapParams ?? {} }
      : null);
  if (chosen === null) {
    throw new OverallSetupError('overall_not_comparable', 'The fleets use different handicap systems; state the overall\'s handicap system to correct every boat with.');
  }
  if (chosen.system === 'one_design') {
    throw new OverallSetupError('overall_not_comparable', 'A corrected-time overall needs a handicap system other than one_design (or use method "points").');
  }
  return chosen;
}

/** Race N of one listed fleet, as the overall merges it. */
interface FleetRace {
  input: FleetScoringInput;
  race: RaceInfo;
}

/** What the overall makes of race N of the listed fleets. */
export interface OverallRacePlan {
  number: number;
  /** counted: every fleet sailed it; struck: a fleet's race N was abandoned; pending: a fleet has not sailed it (yet), or it cannot be corrected. */
  state: 'counted' | 'struck' | 'pending';
  /** Each contributing fleet's race N (counted races only). */
  races: FleetRace[];
  weight: number;
  mustCount: boolean;
  discardFirst: boolean;
  /** The fleets' race N disagree on weight, must-count or discard-first (the first listed fleet's apply). */
  conflict: string | null;
}

/**
 * Race N of the overall, from race N of every contributing fleet (a listed fleet with boats scored
 * from it): counted when every one of them has race N counted as sailed (status finished, results in;
 * on a time-on-distance system with a course distance); struck when a fleet's race N was abandoned
 * (RRS 32: an abandoned race is not scored, so it is not scored for the combined fleet either: its
 * boats did not race it); pending otherwise. The weight, must-count and discard-first of race N are
 * the fleets' common ones; where they differ the first listed fleet's apply and `conflict` says so
 * (the PUT refuses such a definition).
 */
export function overallRaces(contributing: readonly FleetScoringInput[], onDistance: boolean): OverallRacePlan[] {
  const numbers = [...new Set(contributing.flatMap((input) => input.races.map((r) => r.number)))].sort((a, b) => a - b);
  return numbers.map((number) => {
    const all = contributing.map((input) => ({ input, all: input.races.filter((r) => r.number === number) }));
    const races: FleetRace[] = [];
    for (const { input } of all) {
      const race = countedRaces(input.races).find((r) => r.number === number && r.status === 'finished');
      if (race) races.push({ input, race });
    }
    const abandoned = all.some(({ all: own }) => own.some((r) => r.status === 'abandoned'));
    const comparable = !onDistance || races.every(({ race }) => race.distanceNm !== null && race.distanceNm > 0);
    const state = abandoned ? 'struck' : races.length === contributing.length && races.length > 0 && comparable ? 'counted' : 'pending';
    const first = races[0]?.race;
    const differing = (['weight', 'mustCount', 'discardFirst'] as const).filter((field) => races.some(({ race }) => race[field] !== first?.[field]));
    const conflict =
      differing.length === 0
        ? null
        : `race ${number}: the fleets' races differ in ${differing.join(', ')} (${races.map(({ input, race }) => `${input.fleet.name}: ${differing.map((f) => `${f} ${race[f]}`).join(', ')}`).join('; ')})`;
    return { number, state, races, weight: first?.weight ?? 1, mustCount: first?.mustCount ?? false, discardFirst: first?.discardFirst ?? false, conflict };
  });
}

function correctedTimeOverall(definition: OverallDefinition, fleets: readonly FleetScoringInput[]): OverallResult {
  const handicap = overallHandicap(definition, fleets.map((f) => f.fleet));
  const setup: FleetSetup = {
    id: 'overall',
    name: definition.name,
    scoringSystem: 'low_point',
    dropRaces: definition.dropRaces,
    handicapSystem: handicap.system,
    handicapParams: handicap.params,
    penaltyBasis: 'series_entries',
    discardThresholds: [],
  };
  const kind = handicapOf(setup).kind; // an unknown system is refused here, not half-way through scoring
  const onDistance = needsCourseDistance(setup);
  const members = membersOf(fleets);
  const contributing = fleets.filter((input) => input.boats.some((b) => members.get(b.boatId)?.fleet === input.fleet));
  const plan = overallRaces(contributing, onDistance);
  const counted = plan.filter((p) => p.state === 'counted');
  // Race N of every fleet, merged: each finish re-timed from a common zero start so the engine's
  // elapsed time (finish − start) is the boat's own elapsed time in her fleet's race.
  const zero = new Date(0);
  const merged = counted.map((p) => {
    const info: RaceInfo = {
      id: `overall-${p.number}`,
      number: p.number,
      name: `Race ${p.number}`,
      weight: p.weight,
      mustCount: p.mustCount,
      discardFirst: p.discardFirst,
      // Time on distance: each boat's allowance (rating × her own fleet's course distance) is her rating over one mile.
      distanceNm: onDistance ? 1 : null,
      status: 'finished',
      actualStart: zero,
      hasResults: true,
    };
    const entries: StoredEntry[] = [];
    for (const { input, race } of p.races) {
      for (const entry of input.entries.get(race.id) ?? []) {
        if (members.get(entry.boatId)?.fleet !== input.fleet) continue;
        const elapsedMs = race.actualStart && entry.finishTime ? entry.finishTime.getTime() - race.actualStart.getTime() : null;
        if (entry.status === 'finished' && entry.code === null && elapsedMs === null) continue;
        entries.push({ ...entry, seq: entries.length, finishTime: elapsedMs === null ? null : new Date(elapsedMs) });
      }
    }
    return { info, entries };
  });
  // The rating each boat is corrected with in race N: her rating in force there; on distance, her
  // allowance in seconds (rating × her own fleet's race N distance) over the merged race's one mile.
  const ratingIn = (boat: BoatInfo, n: number) => ratingFor(setup, ratingsInForce(boat, n));
  const boats = [...members.values()].map(({ boat, fleet }) => {
    if (!onDistance) return boat;
    const own = ratingFor(setup, boat.ratings);
    const changes: RatingChange[] = [];
    for (const p of counted) {
      const race = p.races.find((r) => r.input.fleet === fleet)?.race;
      const rating = ratingIn(boat, p.number);
      if (race && rating !== undefined) changes.push({ key: kind, value: rating * race.distanceNm!, fromRace: p.number });
    }
    return { ...boat, ratings: own === undefined ? {} : { [kind]: own }, ratingChanges: changes };
  });
  const boatById = new Map([...members.values()].map(({ boat }) => [boat.boatId, boat] as const));
  const fleetNameOf = new Map(fleets.map((f) => [f.fleet.id, f.fleet.name] as const));
  const score = scoreFleet({
    fleet: setup,
    races: merged.map((r) => r.info),
    entries: new Map(merged.map((r) => [r.info.id, r.entries] as const)),
    boats,
  });
  return {
    handicapSystem: handicap.system,
    racesCompleted: score.racesCompleted,
    discardCount: score.appliedDrops,
    rejected: score.rejected,
    settingConflicts: counted.flatMap((p) => (p.conflict === null ? [] : [p.conflict])),
    standings: score.standings.map((s) => {
      const fleet = members.get(s.boatId)!.fleet;
      return {
        position: s.position,
        boatId: s.boatId,
        boatName: s.boatName,
        sailNumber: s.sailNumber,
        sailorName: s.sailorName,
        fleetId: fleet.id,
        fleetName: fleetNameOf.get(fleet.id) ?? fleet.name,
        totalPoints: s.totalPoints,
        netPoints: s.netPoints,
        raceResults: s.raceResults.map((cell) => {
          // On distance the engine applied the allowance: show the rating in force.
          const shown = onDistance && cell.rating !== undefined ? ratingIn(boatById.get(s.boatId)!, cell.race) : cell.rating;
          return { ...cell, ...(shown !== undefined ? { rating: shown } : {}), correctedSeconds: score.results.get(cell.raceId)?.get(s.boatId)?.correctedSeconds ?? null };
        }),
      };
    }),
  };
}

function pointsOverall(definition: OverallDefinition, fleets: readonly FleetScoringInput[]): OverallResult {
  const members = membersOf(fleets);
  const scored = fleets.map((input) => ({ input, score: scoreFleet(input) }));
  const largest = Math.max(1, ...scored.map(({ score }) => score.boatsInFleet));
  const items = scored.flatMap(({ input, score }) =>
    score.standings
      .filter((s) => members.get(s.boatId)?.fleet === input.fleet)
      .map((s) => {
        const factor = definition.pointsFormula === 'net_scaled' ? largest / Math.max(1, score.boatsInFleet) : 1;
        const scale = (points: number) => (factor === 1 ? points : roundTenth(points * factor));
        return {
          standing: s,
          fleet: input.fleet,
          net: scale(s.netPoints),
          total: scale(s.totalPoints),
          // A8 compares the scaled race scores too, so a small fleet's scores weigh as its net does.
          kept: s.raceResults.filter((c) => !c.dropped).map((c) => scale(c.points)),
          all: s.raceResults.map((c) => scale(c.points)),
        };
      }),
  );
  return {
    handicapSystem: null,
    racesCompleted: Math.max(0, ...scored.map(({ score }) => score.racesCompleted)),
    discardCount: 0,
    rejected: scored.flatMap(({ score }) => score.rejected),
    settingConflicts: [],
    standings: rankItems(items).map(({ item, rank }) => ({
      position: rank,
      boatId: item.standing.boatId,
      boatName: item.standing.boatName,
      sailNumber: item.standing.sailNumber,
      sailorName: item.standing.sailorName,
      fleetId: item.fleet.id,
      fleetName: item.fleet.name,
      totalPoints: item.total,
      netPoints: item.net,
      raceResults: item.standing.raceResults.map((cell) => ({ ...cell, correctedSeconds: null })),
    })),
  };
}

export function scoreOverall(definition: OverallDefinition, fleets: readonly FleetScoringInput[]): OverallResult {
  const listed = definition.fleetIds.map((id) => fleets.find((f) => f.fleet.id === id)).filter((f): f is FleetScoringInput => f !== undefined);
  return definition.method === 'points' ? pointsOverall(definition, listed) : correctedTimeOverall(definition, listed);
}
