/**
 * Parity: re-score a Sailwave file with this engine and compare, boat by boat,
 * with the ranks, totals and nett Sailwave stored (comprank, comptotal, compnett)
 * and the points of every sailed race (rpts).
 */
import { scoreSeries } from '@regatta/scoring-engine';
import type { SailwaveFile } from './model.js';
import { compareBoat, parityCategory, type BoatComparison, type NamedRulesDifference, type ParityCategory, type RacePointsDifference } from './points-parity.js';
import { rulesDifferences } from './rules-differences.js';
import { toScoring, type SailwaveWarning } from './to-scoring.js';

export interface BoatParity {
  readonly boatId: string;
  readonly sailNumber: string;
  readonly sailwave: { readonly rank: number | null; readonly total: number | null; readonly nett: number | null };
  readonly engine: { readonly rank: number | null; readonly total: number | null; readonly nett: number | null };
  /** Races whose points differ (race = the sailed race's position, 1…), with both values. */
  readonly races: readonly RacePointsDifference[];
  readonly matches: boolean;
}

export interface FleetParity {
  readonly fleet: string;
  readonly boats: number;
  readonly matching: number;
  /** No warning affects this fleet's scores: exact parity is expected. */
  readonly representable: boolean;
  /** The file holds Sailwave's series results for this fleet (some boat has comprank); when false nothing is compared. */
  readonly hasStoredResults: boolean;
  readonly racesSailed: number;
  /** Race cells whose points were compared (the file stores them). */
  readonly racePointsCompared: number;
  /** Boats whose rank, total, nett or a race's points differ, with both values. */
  readonly differences: readonly BoatParity[];
  /** exact, rules_differences (every difference named below or following from them), mismatch, not_compared. */
  readonly category: ParityCategory;
  /** Cells where Sailwave departs from the rules (rules-differences.ts; race = the sailed race's position). */
  readonly rulesDifferences: readonly (NamedRulesDifference & { readonly boatId: string; readonly sailNumber: string })[];
  /** The engine could not score the fleet (input error), with its message. */
  readonly error: string | null;
}

export interface SailwaveParity {
  readonly fleets: readonly FleetParity[];
  readonly warnings: readonly SailwaveWarning[];
}

export function sailwaveParity(file: SailwaveFile): SailwaveParity {
  const mapped = toScoring(file);
  const fleets = mapped.fleets.map((f): FleetParity => {
    const competitors = [...f.competitors.values()];
    const hasStoredResults = competitors.some((c) => c.rank !== null);
    const base = { fleet: f.name, boats: competitors.length, representable: f.representable, hasStoredResults, racesSailed: f.races.length };
    let standings;
    try {
      standings = scoreSeries(f.input).standings;
    } catch (e) {
      return { ...base, matching: 0, racePointsCompared: 0, differences: [], category: hasStoredResults ? 'mismatch' : 'not_compared', rulesDifferences: [], error: e instanceof Error ? e.message : String(e) };
    }
    const byId = new Map(standings.map((s) => [s.boatId, s]));
    const cells = new Map(file.results.map((r) => [`${r.comp}\u0000${r.race}`, r] as const));
    const named = hasStoredResults ? rulesDifferences(file, f) : [];
    const namedOf = (boatId: string): NamedRulesDifference[] => named.filter((n) => n.boatId === boatId).map((n) => ({ race: n.sailedRace, sailwave: n.sailwave, rules: n.rules, rule: n.rule, reason: n.reason }));
    let racePointsCompared = 0;
    const comparisons: BoatComparison[] = [];
    const rows = competitors.map((c): BoatParity => {
      const s = byId.get(c.handle);
      const engine = { rank: s?.rank ?? null, total: s?.total ?? null, nett: s?.net ?? null };
      const sailwave = { rank: c.rank, total: c.total, nett: c.nett };
      const stored = f.races.flatMap((race, ri) => {
        const points = cells.get(`${c.handle}\u0000${race.handle}`)?.points ?? null;
        return points === null ? [] : [{ race: ri + 1, points }];
      });
      const mine = new Map((s?.races ?? []).map((cell, ri) => [ri + 1, cell.points] as const));
      const compared = compareBoat(sailwave, engine, stored, mine, namedOf(c.handle));
      comparisons.push(compared);
      racePointsCompared += compared.racesCompared;
      return { boatId: c.handle, sailNumber: c.sailNumber, sailwave, engine, races: compared.races, matches: compared.matches };
    });
    // A fleet Sailwave never scored (an entry list, a set-up file) has nothing to compare.
    if (!hasStoredResults) return { ...base, matching: 0, racePointsCompared: 0, differences: [], category: 'not_compared', rulesDifferences: [], error: null };
    const sailNumber = new Map(competitors.map((c) => [c.handle, c.sailNumber] as const));
    return {
      ...base,
      matching: rows.filter((r) => r.matches).length,
      racePointsCompared,
      differences: rows.filter((r) => !r.matches),
      category: parityCategory(true, comparisons),
      rulesDifferences: named.map((n) => ({ boatId: n.boatId, sailNumber: sailNumber.get(n.boatId) ?? '', race: n.sailedRace, sailwave: n.sailwave, rules: n.rules, rule: n.rule, reason: n.reason })),
      error: null,
    };
  });
  return { fleets, warnings: mapped.warnings };
}
