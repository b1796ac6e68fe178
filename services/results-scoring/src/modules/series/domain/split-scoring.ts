/**
 * Stored race results of a split series → the engine's split-fleet scoring (split-fleets.ts), with RRS
 * A9 redress resolved across the split: an RDG "average" is the average of the boat's points in every
 * other race of the opening series, qualifying and final stages alike (not the medal race, whose points
 * are multiplied, nor other races where she has average redress), to a tenth, 0.05 rounded up.
 * "average_before" counts the races sailed before it (qualifying before final); "points" is as stated.
 *
 * Two passes: the first scores the races with the redress boats held at their place (points 0) to read
 * the points of every other race, the second scores with the averages filled in. A boat's place in a
 * sheet never depends on her redress points, so the first pass's other points are final.
 */
import type { RedressMethod } from '@regatta/contracts';
import {
  DEFAULT_PENALTY_PERCENT,
  roundTenth,
  scoreSplitSeries,
  toMilli,
  type SplitRound,
  type SplitSeriesResult,
  type SplitStage,
} from '@regatta/scoring-engine';
import { engineConfig, type SplitSeriesDefinition } from './split-series-setup.js';

/** One stored result as the split scoring needs it (ResultRow's fields). */
export interface SplitResultRow {
  boatId: string;
  /** Place in the fleet's finishing order (corrected-time order in handicap fleets); null: no finish. */
  position: number | null;
  code: string | null;
  penaltyPercent: number | null;
  penaltyPoints: number | null;
  redressMethod: RedressMethod | null;
  redressPoints: number | null;
}

export interface SplitRaceResults {
  stage: SplitStage;
  fleetId: string;
  /** The race's number in its fleet: qualifying race n is race n of every qualifying fleet. */
  number: number;
  rows: readonly SplitResultRow[];
}

export interface SplitScoringInput {
  definition: SplitSeriesDefinition;
  /** Boat ids in entry order (the last tie-break). */
  boats: readonly string[];
  qualifying: Readonly<Record<string, readonly string[]>>;
  final: Readonly<Record<string, readonly string[]>> | null;
  medal: readonly string[] | null;
  races: readonly SplitRaceResults[];
}

/** Where each average redress sits, and the points it was given. */
export interface ResolvedRedress {
  boatId: string;
  stage: SplitStage;
  race: number;
  points: number;
}

const key = (stage: SplitStage, n: number, boatId: string) => `${stage}:${n}:${boatId}`;

/** A finishing sheet in the engine's tokens: finishers by place, then boats scored by a code. */
export function sheetOf(rows: readonly SplitResultRow[], redress: ReadonlyMap<string, number>): string[] {
  const finishers = rows.filter((r) => r.position !== null).sort((a, b) => a.position! - b.position!);
  const others = rows.filter((r) => r.position === null && r.code !== null);
  return [...finishers, ...others].map((r) => {
    const code = r.code?.toUpperCase() ?? null;
    if (code === null) return r.boatId;
    if (code === 'RDG') return `${r.boatId} RDG ${redress.get(r.boatId) ?? 0}`;
    if (code === 'ZFP' || code === 'SCP') return `${r.boatId} ${code} ${r.penaltyPercent ?? DEFAULT_PENALTY_PERCENT}${r.penaltyPoints !== null ? ` +${r.penaltyPoints}` : ''}`;
    if (code === 'DPI') return `${r.boatId} DPI ${r.penaltyPoints ?? 0}${r.penaltyPercent !== null ? ` +${r.penaltyPercent}` : ''}`;
    return `${r.boatId} ${code}`;
  });
}

function roundsOf(input: SplitScoringInput, redress: ReadonlyMap<string, number>): SplitRound[] {
  const racesOf = (stage: SplitStage) => {
    const byNumber = new Map<number, Record<string, readonly string[]>>();
    for (const race of input.races) {
      if (race.stage !== stage || race.rows.length === 0) continue;
      const own = new Map<string, number>();
      for (const r of race.rows) {
        const points = redress.get(key(stage, race.number, r.boatId));
        if (points !== undefined) own.set(r.boatId, points);
      }
      const sheets = byNumber.get(race.number) ?? {};
      sheets[race.fleetId] = sheetOf(race.rows, own);
      byNumber.set(race.number, sheets);
    }
    return [...byNumber.entries()].sort((a, b) => a[0] - b[0]).map(([n, sheets]) => ({ n, sheets }));
  };
  const rounds: SplitRound[] = [{ stage: 'qualifying', from: 1, fleets: input.qualifying, races: racesOf('qualifying') }];
  if (input.final) rounds.push({ stage: 'final', from: 1, fleets: input.final, races: racesOf('final') });
  if (input.final && input.medal && input.definition.medal) rounds.push({ stage: 'medal', from: 1, fleets: { [input.definition.medal.fleetId]: input.medal }, races: racesOf('medal') });
  return rounds;
}

/** The A9 points of every average redress, from the first pass's points of the boat's other races. */
function resolveRedress(input: SplitScoringInput): Map<string, number> {
  const wanted = input.races.flatMap((race) =>
    race.stage === 'medal' ? [] : race.rows.filter((r) => r.code?.toUpperCase() === 'RDG').map((r) => ({ race, row: r })),
  );
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  for (const { race, row } of wanted) if (row.redressMethod === 'points') out.set(key(race.stage, race.number, row.boatId), row.redressPoints ?? 0);
  const averaged = new Set(wanted.filter(({ row }) => row.redressMethod !== 'points').map(({ race, row }) => key(race.stage, race.number, row.boatId)));
  if (averaged.size === 0) return out;
  // First pass: every cell on one line, no discards, no carry.
  const plain = scoreSplitSeries({
    config: { ...engineConfig({ ...input.definition, carry: 'continuous', discardThresholds: [], maxFinalDiscards: null }) },
    boats: input.boats.map((id) => ({ id })),
    rounds: roundsOf(input, out),
  });
  const stageOrder = (s: string) => (s === 'qualifying' ? 0 : 1);
  for (const { race, row } of wanted) {
    const k = key(race.stage, race.number, row.boatId);
    if (!averaged.has(k)) continue;
    const line = plain.standings.find((s) => s.boatId === row.boatId)?.cells ?? [];
    const others = line.filter((c) => {
      if (c.stage !== 'qualifying' && c.stage !== 'final') return false;
      if (averaged.has(key(c.stage, c.n, row.boatId))) return false;
      if (row.redressMethod !== 'average_before') return true;
      return stageOrder(c.stage) < stageOrder(race.stage) || (c.stage === race.stage && c.n < race.number);
    });
    const milli = others.reduce((a, c) => a + toMilli(c.points), 0);
    out.set(k, others.length === 0 ? 0 : roundTenth(milli / 1000 / others.length));
  }
  return out;
}

export interface SplitScore {
  result: SplitSeriesResult;
  redress: ResolvedRedress[];
}

/** Scores the split series as far as it has gone (qualifying only, with the final series, with the medal race). */
export function scoreSplit(input: SplitScoringInput): SplitScore {
  const resolved = resolveRedress(input);
  const result = scoreSplitSeries({ config: engineConfig(input.definition), boats: input.boats.map((id) => ({ id })), rounds: roundsOf(input, resolved) });
  const redress = [...resolved.entries()].map(([k, points]) => {
    const [stage, race, ...rest] = k.split(':');
    return { stage: stage as SplitStage, race: Number(race), boatId: rest.join(':'), points };
  });
  return { result, redress };
}
