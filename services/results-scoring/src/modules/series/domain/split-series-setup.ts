/**
 * A split series (qualifying fleets → final fleets → medal race) as an event defines it through the API,
 * and its mapping to the engine's SplitSeriesConfig (split-fleet-types.ts). Fleets are named by their
 * ids: the engine only needs distinct names, views put the fleets' own names back.
 */
import type { CarryMode, SplitSeriesConfig } from '@regatta/scoring-engine';

export const SPLIT_CARRY_MODES = ['continuous', 'net_plus_net', 'rank_seed'] as const;
export type SplitCarry = (typeof SPLIT_CARRY_MODES)[number];

export const SPLIT_METHODS = ['by_rank', 'alternating', 'manual'] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

export const SPLIT_STAGES = ['qualifying', 'final', 'medal'] as const;

export interface SplitMedalSetup {
  fleetId: string;
  /** Boats in the medal race (the top of the opening series). */
  size: number;
  /** Finish points × multiplier (2: double points); codes score medal size + 1, never multiplied. */
  multiplier: number;
}

export interface SplitSeriesDefinition {
  qualifyingFleets: string[];
  /** Best first (gold, silver, …): the ranking puts every boat of a fleet above the next fleet's. */
  finalFleets: string[];
  carry: SplitCarry;
  /** One discard from this many races, two from the next … (as a fleet's discardThresholds). */
  discardThresholds: number[];
  /** At most this many discards may fall on final-series races (null: no cap). */
  maxFinalDiscards: number | null;
  medal: SplitMedalSetup | null;
}

const CARRY: Record<SplitCarry, CarryMode> = { continuous: 'continuous', net_plus_net: 'net-plus-net', rank_seed: 'rank-seed' };

export function engineConfig(definition: SplitSeriesDefinition): SplitSeriesConfig {
  const thresholds = [...definition.discardThresholds].sort((a, b) => a - b);
  return {
    qualifyingFleets: definition.qualifyingFleets,
    finalFleets: definition.finalFleets,
    carry: CARRY[definition.carry],
    discards: thresholds.length === 0 ? { kind: 'none' } : { kind: 'thresholds', thresholds: thresholds.map((minRaces, i) => ({ minRaces, discardCount: i + 1 })) },
    ...(definition.maxFinalDiscards !== null ? { maxFinalDiscards: definition.maxFinalDiscards } : {}),
    ...(definition.medal !== null ? { medal: { size: definition.medal.size, raceCount: 1, multiplier: definition.medal.multiplier } } : {}),
  };
}

/** Every fleet the definition names, each once (qualifying, final, medal). */
export function definitionFleets(definition: SplitSeriesDefinition): string[] {
  return [...definition.qualifyingFleets, ...definition.finalFleets, ...(definition.medal ? [definition.medal.fleetId] : [])];
}

/** Field errors of a definition against the event's fleets: a fleet used twice, or not the event's. */
export function definitionErrors(definition: SplitSeriesDefinition, eventFleetIds: ReadonlySet<string>): { unknown: string[]; repeated: { field: string; message: string }[] } {
  const seen = new Map<string, string>();
  const unknown: string[] = [];
  const repeated: { field: string; message: string }[] = [];
  const check = (id: string, field: string) => {
    if (!eventFleetIds.has(id)) unknown.push(field);
    const first = seen.get(id);
    if (first !== undefined) repeated.push({ field, message: `fleet ${id} is already used at ${first}` });
    else seen.set(id, field);
  };
  definition.qualifyingFleets.forEach((id, i) => check(id, `qualifyingFleets.${i}`));
  definition.finalFleets.forEach((id, i) => check(id, `finalFleets.${i}`));
  if (definition.medal) check(definition.medal.fleetId, 'medal.fleetId');
  return { unknown, repeated };
}
