/**
 * The committee's split: final fleets from the qualifying ranking (by rank: gold takes the top block,
 * earlier blocks the odd boats; alternating: down the fleet list and back, 1→A 2→B 3→B 4→A; or by hand),
 * then any moves (a boat promoted after redress), which may leave the final fleets unequal. The medal
 * fleet is the top of the opening series (by rank) or named by hand.
 */
import { assignByRankPattern, finalBlockSizes } from '@regatta/scoring-engine';
import type { SplitMethod } from './split-series-setup.js';

export interface Assignment {
  boat: string;
  fleet: string;
}

export class SplitAssignError extends Error {
  constructor(
    readonly code: 'unknown_fleet' | 'validation_failed',
    message: string,
    readonly errors: { field: string; message: string }[],
  ) {
    super(message);
  }
}

/** Fleet → boats in ranking order. `ranking` holds every boat of the series, best first. */
export function assignFleets(ranking: readonly string[], fleets: readonly string[], method: SplitMethod, assignments: readonly Assignment[]): Record<string, string[]> {
  const known = new Set(ranking);
  const badBoats = assignments.flatMap((a, i) => (known.has(a.boat) ? [] : [{ field: `assignments.${i}.boat`, message: `boat ${a.boat} is not in this series` }]));
  const badFleets = assignments.flatMap((a, i) => (fleets.includes(a.fleet) ? [] : [{ field: `assignments.${i}.fleet`, message: `fleet ${a.fleet} is not a fleet of this stage` }]));
  if (badFleets.length > 0) throw new SplitAssignError('unknown_fleet', 'An assignment names a fleet that is not a fleet of this stage of the split series.', badFleets);
  const seen = new Map<string, number>();
  const repeated: { field: string; message: string }[] = [];
  assignments.forEach((a, i) => {
    const first = seen.get(a.boat);
    if (first !== undefined) repeated.push({ field: `assignments.${i}.boat`, message: `boat ${a.boat} is already assigned at assignments.${first}` });
    else seen.set(a.boat, i);
  });
  if (badBoats.length + repeated.length > 0) throw new SplitAssignError('validation_failed', 'The assignments name a boat twice or a boat not in the series.', [...badBoats, ...repeated]);

  let out: Record<string, string[]>;
  if (method === 'manual') {
    const missing = ranking.filter((id) => !seen.has(id));
    if (missing.length > 0) {
      throw new SplitAssignError('validation_failed', 'A manual split assigns every boat of the series.', [{ field: 'assignments', message: `missing: ${missing.join(', ')}` }]);
    }
    out = Object.fromEntries(fleets.map((f) => [f, [] as string[]]));
  } else if (method === 'alternating') {
    out = assignByRankPattern(ranking, fleets);
  } else {
    const sizes = finalBlockSizes(ranking.length, fleets.length);
    out = {};
    let at = 0;
    fleets.forEach((f, i) => {
      out[f] = ranking.slice(at, at + sizes[i]!);
      at += sizes[i]!;
    });
  }
  // Moves (or, for a manual split, every boat), kept in ranking order inside each fleet.
  const rank = new Map(ranking.map((id, i) => [id, i] as const));
  for (const a of assignments) {
    for (const f of fleets) out[f] = out[f]!.filter((id) => id !== a.boat);
    out[a.fleet]!.push(a.boat);
  }
  for (const f of fleets) out[f]!.sort((x, y) => rank.get(x)! - rank.get(y)!);
  return out;
}

/** The medal fleet: the first `size` of the opening-series ranking, or the boats named by hand (any number). */
export function medalFleet(ranking: readonly string[], size: number, medalFleetId: string, method: SplitMethod, assignments: readonly Assignment[]): string[] {
  if (method === 'alternating') throw new SplitAssignError('validation_failed', 'The medal fleet is chosen by rank or by hand, not alternating.', [{ field: 'method', message: 'must be by_rank or manual for the medal stage' }]);
  if (method === 'by_rank') {
    if (assignments.length > 0) throw new SplitAssignError('validation_failed', 'A medal split by rank takes no assignments.', [{ field: 'assignments', message: 'only with method manual' }]);
    return ranking.slice(0, size);
  }
  if (assignments.length === 0) throw new SplitAssignError('validation_failed', 'A manual medal split names its boats.', [{ field: 'assignments', message: 'must name at least one boat' }]);
  // Validation as for final fleets (known boats, each once, the medal fleet only); everyone else stays out.
  const named = new Set(assignments.map((a) => a.boat));
  const padded = [...assignments, ...ranking.filter((id) => !named.has(id)).map((boat) => ({ boat, fleet: '' }))];
  assignFleets(ranking, [medalFleetId, ''], 'manual', padded);
  return ranking.filter((id) => named.has(id));
}
