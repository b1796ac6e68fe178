/**
 * Overall (combined) results across fleets of one regatta (issue 15), no I/O.
 *
 * corrected_time: the boats of the listed fleets are re-scored as one fleet on corrected time. Race N of
 * the overall is race N of every listed fleet that counts it; each boat's elapsed time (her finish minus
 * her own fleet's start) is corrected with her rating for the overall's handicap system, in force in that
 * race (rating changes included), then the whole fleet is scored by the engine (low point, A5.2 on the
 * overall's entries, the overall's discards). A finish without a time cannot be corrected and is left out.
 *
 * points: each boat keeps her net points from her own fleet; `net_scaled` multiplies them by
 * (boats in the largest listed fleet / boats in her fleet), to a tenth, so fleets of different sizes
 * weigh alike. Lowest first; ties broken by A8 on her fleet's race scores.
 *
 * A boat in several listed fleets (a class fleet and an overall handicap fleet) is scored once, from
 * the first listed fleet she is in.
 */
import { countedRaces, scoreFleet, type BoatInfo, type FleetScoringInput, type RaceInfo, type StandingRaceResult } from './fleet-scoring.js';
import { handicapOf, type FleetSetup } from './fleet-setup.js';
import { rankItems, roundTenth } from './index.js';
import type { StoredEntry } from './race-entries.js';

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
  handicapOf(setup); // an unknown system is refused here, not half-way through scoring
  const members = membersOf(fleets);
  // Race N of every fleet, merged: each finish re-timed from a common zero start so the engine's
  // elapsed time (finish − start) is the boat's own elapsed time in her fleet's race.
  const byNumber = new Map<number, { info: RaceInfo; entries: StoredEntry[] }>();
  const zero = new Date(0);
  for (const input of fleets) {
    for (const race of countedRaces(input.races)) {
      let merged = byNumber.get(race.number);
      if (!merged) {
        merged = { info: { ...race, id: `overall-${race.number}`, actualStart: zero, status: 'abandoned' }, entries: [] };
        byNumber.set(race.number, merged);
      }
      if (race.status === 'finished') merged.info.status = 'finished';
      for (const entry of input.entries.get(race.id) ?? []) {
        if (members.get(entry.boatId)?.fleet !== input.fleet) continue;
        const elapsedMs = race.actualStart && entry.finishTime ? entry.finishTime.getTime() - race.actualStart.getTime() : null;
        if (entry.status === 'finished' && entry.code === null && elapsedMs === null) continue;
        merged.entries.push({ ...entry, seq: merged.entries.length, finishTime: elapsedMs === null ? null : new Date(elapsedMs) });
      }
    }
  }
  const fleetNameOf = new Map(fleets.map((f) => [f.fleet.id, f.fleet.name] as const));
  const score = scoreFleet({
    fleet: setup,
    races: [...byNumber.values()].map((r) => r.info),
    entries: new Map([...byNumber.values()].map((r) => [r.info.id, r.entries] as const)),
    boats: [...members.values()].map((m) => m.boat),
  });
  return {
    handicapSystem: handicap.system,
    racesCompleted: score.racesCompleted,
    discardCount: score.appliedDrops,
    rejected: score.rejected,
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
        raceResults: s.raceResults.map((cell) => ({ ...cell, correctedSeconds: score.results.get(cell.raceId)?.get(s.boatId)?.correctedSeconds ?? null })),
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
