/**
 * Parity: re-score a Sailwave file with this engine and compare, boat by boat,
 * with the ranks and nett totals Sailwave stored (comprank, compnett).
 */
import { comparePoints } from '../numbers.js';
import { scoreSeries } from '../series-scoring.js';
import type { SailwaveFile } from './model.js';
import { toScoring, type SailwaveWarning } from './to-scoring.js';

export interface BoatParity {
  readonly boatId: string;
  readonly sailNumber: string;
  readonly sailwave: { readonly rank: number | null; readonly nett: number | null };
  readonly engine: { readonly rank: number | null; readonly nett: number | null };
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
  /** Boats whose rank or nett differ, with both values. */
  readonly differences: readonly BoatParity[];
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
      return { ...base, matching: 0, differences: [], error: e instanceof Error ? e.message : String(e) };
    }
    const byId = new Map(standings.map((s) => [s.boatId, s]));
    const rows = competitors.map((c): BoatParity => {
      const s = byId.get(c.handle);
      const engine = { rank: s?.rank ?? null, nett: s?.net ?? null };
      const sailwave = { rank: c.rank, nett: c.nett };
      const matches = engine.rank === sailwave.rank && (engine.nett === null || sailwave.nett === null ? engine.nett === sailwave.nett : comparePoints(engine.nett, sailwave.nett) === 0);
      return { boatId: c.handle, sailNumber: c.sailNumber, sailwave, engine, matches };
    });
    // A fleet Sailwave never scored (an entry list, a set-up file) has nothing to compare.
    if (!hasStoredResults) return { ...base, matching: 0, differences: [], error: null };
    return { ...base, matching: rows.filter((r) => r.matches).length, differences: rows.filter((r) => !r.matches), error: null };
  });
  return { fleets, warnings: mapped.warnings };
}
