/**
 * Parity of the stored draft: the platform's own fleet scoring (modules/shared/domain/fleet-scoring.ts, the code GET
 * /standings runs) over the draft's fleets, races, stored entries and boats, compared with the ranks,
 * totals, nett and race points Sailwave stored. The import answers with what the stored standings say; this pure version
 * runs the same comparison without a database (unit test over the oracle files).
 */
import { scoreFleet, type BoatInfo, type RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { SubmittedEntry } from '../../shared/domain/records.js';
import type { DraftFleet, DraftRegistration, ImportDraft } from './draft.js';
import { compareBoat, parityCategory, type BoatComparison, type ParityCategory, type RacePointsDifference, type SeriesFigures } from './points-parity.js';

export interface BoatDifference {
  boatId: string;
  sailNumber: string | null;
  boatName: string;
  sailwave: SeriesFigures;
  platform: SeriesFigures;
  /** Races whose points differ (race = the race's number in its fleet), with both values. */
  races: RacePointsDifference[];
}

/** A boat's line of the platform's standings: rank, total, nett and points by race number. */
export interface PlatformStanding {
  rank: number;
  total: number;
  nett: number;
  races: ReadonlyMap<number, number>;
}

/** A standings entry (fleet-scoring's snapshot, stored or computed) → what parity compares. */
export function platformStanding(s: { position: number; totalPoints: number; netPoints: number; raceResults: readonly { race: number; points: number }[] }): PlatformStanding {
  return { rank: s.position, total: s.totalPoints, nett: s.netPoints, races: new Map(s.raceResults.map((r) => [r.race, r.points] as const)) };
}

export interface FleetParityReport {
  fleetId: string;
  fleet: string;
  boats: number;
  matching: number;
  /** The file holds Sailwave's series results for this fleet. */
  compared: boolean;
  /** Race cells whose points were compared (Sailwave stored them). */
  racePointsCompared: number;
  representable: boolean;
  exact: boolean;
  /** exact, rules_differences (every difference is named in rulesDifferences or follows from them), mismatch, not_compared. */
  category: ParityCategory;
  differences: BoatDifference[];
  /** Cells where Sailwave departs from the rules: what Sailwave stored, what the rules give (the platform's score), which rule. */
  rulesDifferences: RulesDifferenceReport[];
}

/** One cell where Sailwave's score departs from the rules (rules-differences.ts). */
export interface RulesDifferenceReport {
  boatId: string;
  sailNumber: string | null;
  boatName: string;
  /** The race's number in its fleet (its order in the file). */
  race: number;
  sailwave: number;
  /** The rules' score, which the platform keeps. */
  rules: number;
  rule: string;
  reason: string;
}

/** Compares one fleet's standings (rank, total, nett and race points per boat id) with Sailwave's stored values. */
export function compareFleet(
  fleet: Pick<DraftFleet, 'id' | 'name' | 'representable'>,
  registrations: readonly DraftRegistration[],
  standings: ReadonlyMap<string, PlatformStanding>,
): FleetParityReport {
  const compared = registrations.some((r) => r.sailwave.rank !== null);
  const differences: BoatDifference[] = [];
  const rulesDifferences: RulesDifferenceReport[] = [];
  const comparisons: BoatComparison[] = [];
  let racePointsCompared = 0;
  for (const r of registrations) {
    const s = standings.get(r.boatId);
    const platform = { rank: s?.rank ?? null, total: s?.total ?? null, nett: s?.nett ?? null };
    const sw = { rank: r.sailwave.rank, total: r.sailwave.total ?? null, nett: r.sailwave.nett };
    const named = r.sailwave.rulesDifferences ?? [];
    const boat = compareBoat(sw, platform, r.sailwave.races ?? [], s?.races ?? new Map(), named);
    if (!compared) continue;
    comparisons.push(boat);
    racePointsCompared += boat.racesCompared;
    if (!boat.matches) differences.push({ boatId: r.boatId, sailNumber: r.sailNumber, boatName: r.boatName, sailwave: sw, platform, races: boat.races });
    // Named where the platform kept the rules' score (the stored standings say so).
    for (const n of named) {
      if (boat.races.some((d) => d.race === n.race && d.rule !== undefined)) rulesDifferences.push({ boatId: r.boatId, sailNumber: r.sailNumber, boatName: r.boatName, ...n });
    }
  }
  return {
    fleetId: fleet.id,
    fleet: fleet.name,
    boats: registrations.length,
    matching: compared ? registrations.length - differences.length : 0,
    compared,
    racePointsCompared,
    representable: fleet.representable,
    exact: compared && differences.length === 0,
    category: parityCategory(compared, comparisons),
    differences,
    rulesDifferences,
  };
}

/** Scores the draft as stored (no database) and compares every fleet. */
export function draftParity(draft: ImportDraft): FleetParityReport[] {
  return draft.fleets.map((fleet) => {
    const regs = draft.registrations.filter((r) => r.fleetId === fleet.id);
    const races: RaceInfo[] = draft.races
      .filter((r) => r.fleetId === fleet.id)
      .map((r) => ({
        id: r.id,
        number: r.number,
        name: r.name,
        weight: 1,
        mustCount: false,
        discardFirst: false,
        distanceNm: null,
        status: r.sailed ? 'finished' : 'scheduled',
        actualStart: r.actualStart,
        hasResults: r.sailed,
      }));
    const entries = new Map<string, SubmittedEntry[]>(draft.races.filter((r) => r.fleetId === fleet.id).map((r) => [r.id, r.entries]));
    const boats: BoatInfo[] = regs.map((r) => ({ boatId: r.boatId, name: r.boatName, sailNumber: r.sailNumber, sailorName: r.helm, userId: r.userId, ratings: r.ratings, ratingChanges: r.ratingChanges }));
    const setup = { ...fleet, handicapSystem: fleet.handicapSystem as string };
    const score = scoreFleet({ fleet: setup, races, entries, boats });
    const standings = new Map(score.standings.map((s) => [s.boatId, platformStanding(s)] as const));
    return compareFleet(fleet, regs, standings);
  });
}
