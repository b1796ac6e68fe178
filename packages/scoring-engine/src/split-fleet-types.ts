/** The input and output types of split-fleet (qualifying / final / medal) series scoring. */
import type { ResultCode } from './codes.js';
import type { DiscardSchedule } from './series-types.js';

export type CarryMode = 'continuous' | 'net-plus-net' | 'rank-seed';

export interface SplitSeriesConfig {
  readonly qualifyingFleets: readonly string[];
  readonly finalFleets: readonly string[];
  readonly carry: CarryMode;
  readonly discards: DiscardSchedule;
  readonly maxFinalDiscards?: number;
  readonly protectLoneFinalRace?: boolean;
  readonly medal?: { readonly size: number; readonly raceCount: number; readonly multiplier: number; readonly carryDivisor?: number };
  /** Redress given without points ("sail RDG"): A9(a) all other races (default) or A9(b) the races before it. */
  readonly redressMethod?: 'all_races' | 'races_before';
}

export type SplitStage = 'qualifying' | 'final' | 'medal';

export interface SplitRound {
  readonly stage: SplitStage;
  /** First stage race number of this round. */
  readonly from: number;
  readonly seed?: 'entry_order' | 'sail_number';
  readonly reassignAfter?: number;
  readonly split?: boolean;
  readonly medalTop?: number;
  /** Explicit membership instead of an assignment rule. */
  readonly fleets?: Readonly<Record<string, readonly string[]>>;
  /** Medal fleet chosen after this final race; later final races are scored from below it. */
  readonly medalAfter?: number;
  /** Finish sheets: fleet → crossing order; tokens "sail", "sail CODE", "sail SCP 30", "sail DPI 2", "sail RDG 3.5" (stated), "sail RDG" (A9 average, split-redress.ts). */
  readonly races: readonly { readonly n: number; readonly sheets: Readonly<Record<string, readonly string[]>> }[];
}

export interface SplitSeriesInput {
  readonly config: SplitSeriesConfig;
  /** In entry (seeding) order. */
  readonly boats: readonly { readonly id: string; readonly name?: string }[];
  readonly rounds: readonly SplitRound[];
  /** Sheets replaced after every round has been dealt (protest / redress decisions). */
  readonly amendments?: readonly { readonly stage: SplitStage; readonly race: number; readonly fleet: string; readonly sheet: readonly string[] }[];
}

export interface SplitCell {
  readonly stage: SplitStage | 'carried';
  readonly n: number;
  readonly points: number;
  readonly code: ResultCode | null;
  readonly dropped: boolean;
  readonly discardable: boolean;
}

export interface SplitStanding {
  readonly boatId: string;
  readonly rank: number;
  readonly total: number;
  readonly net: number;
  readonly finalFleet: string | null;
  readonly medal: boolean | null;
  readonly cells: readonly SplitCell[];
}

export interface SplitSeriesResult {
  /** Membership per round, in input order. */
  readonly rounds: readonly { readonly stage: SplitStage; readonly fleets: Readonly<Record<string, readonly string[]>> }[];
  readonly standings: readonly SplitStanding[];
}

export class SplitInputError extends Error {}
