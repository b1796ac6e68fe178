/**
 * Parity of the stored draft: the platform's own fleet scoring (domain/fleet-scoring.ts, the code GET
 * /standings runs) over the draft's fleets, races, stored entries and boats, compared with the ranks and
 * nett totals Sailwave stored. The import answers with what the stored standings say; this pure version
 * runs the same comparison without a database (unit test over the oracle files).
 */
import { comparePoints } from '../numbers.js';
import { scoreFleet, type BoatInfo, type RaceInfo } from '../fleet-scoring.js';
import type { SubmittedEntry } from '../records.js';
import type { DraftFleet, DraftRegistration, ImportDraft } from './draft.js';

export interface BoatDifference {
  boatId: string;
  sailNumber: string | null;
  boatName: string;
  sailwave: { rank: number | null; nett: number | null };
  platform: { rank: number | null; nett: number | null };
}

export interface FleetParityReport {
  fleetId: string;
  fleet: string;
  boats: number;
  matching: number;
  /** The file holds Sailwave's series results for this fleet. */
  compared: boolean;
  representable: boolean;
  exact: boolean;
  differences: BoatDifference[];
}

/** Compares one fleet's standings (rank and nett per boat id) with Sailwave's stored values. */
export function compareFleet(
  fleet: Pick<DraftFleet, 'id' | 'name' | 'representable'>,
  registrations: readonly DraftRegistration[],
  standings: ReadonlyMap<string, { rank: number; nett: number }>,
): FleetParityReport {
  const compared = registrations.some((r) => r.sailwave.rank !== null);
  const differences: BoatDifference[] = [];
  for (const r of registrations) {
    const s = standings.get(r.boatId);
    const platform = { rank: s?.rank ?? null, nett: s?.nett ?? null };
    const sw = r.sailwave;
    const nettMatches = platform.nett === null || sw.nett === null ? platform.nett === sw.nett : comparePoints(platform.nett, sw.nett) === 0;
    if (compared && (platform.rank !== sw.rank || !nettMatches)) differences.push({ boatId: r.boatId, sailNumber: r.sailNumber, boatName: r.boatName, sailwave: sw, platform });
  }
  return {
    fleetId: fleet.id,
    fleet: fleet.name,
    boats: registrations.length,
    matching: compared ? registrations.length - differences.length : 0,
    compared,
    representable: fleet.representable,
    exact: compared && differences.length === 0,
    differences,
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
    const standings = new Map(score.standings.map((s) => [s.boatId, { rank: s.position, nett: s.netPoints }] as const));
    return compareFleet(fleet, regs, standings);
  });
}
