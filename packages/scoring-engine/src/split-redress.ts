/**
 * Redress given in a split series without points stated: a sheet token "sail RDG" (no number). The
 * boat keeps her place in the sheet (the others' places do not move) and scores RRS A9 average points
 * of her other races of the opening series, qualifying and final stages alike (not the medal race,
 * whose points are multiplied, nor other races where she has average redress), to a tenth, 0.05 rounded
 * up: A9(a) every other race (the default, as for a single fleet), A9(b) the races sailed before it
 * (`config.redressMethod` 'races_before'). E.g. scores 1, 2, RDG: (1 + 2) / 2 = 1.5, total 4.5.
 *
 * The averages are found by scoring with the tokens resolved ("sail RDG <points>", which the sheet
 * scorer takes as stated points) until they no longer change: the first pass holds them at 0; a boat's
 * other points do not depend on her redress points unless the split itself moves her, which the next
 * pass settles (at most MAX_PASSES). Pure.
 */
import { roundTenth, toMilli } from './numbers.js';
import type { SplitCell, SplitRound, SplitSeriesInput, SplitSeriesResult, SplitStage } from './split-fleet-types.js';

const MAX_PASSES = 4;

const key = (stage: SplitStage, n: number, boatId: string): string => `${stage}:${n}:${boatId}`;

/** "sail RDG" without points: the boat id, else null. */
function bareRedress(token: string): string | null {
  const parts = token.trim().split(/\s+/);
  return parts.length === 2 && parts[1] === 'RDG' ? parts[0]! : null;
}

/** Every bare redress (stage, race, boat) of the rounds and the amendments, medal races left out. */
function bareRedressKeys(input: SplitSeriesInput): { stage: SplitStage; n: number; boatId: string }[] {
  const out = new Map<string, { stage: SplitStage; n: number; boatId: string }>();
  const scan = (stage: SplitStage, n: number, sheet: readonly string[]): void => {
    if (stage === 'medal') return;
    for (const t of sheet) {
      const boatId = bareRedress(t);
      if (boatId !== null) out.set(key(stage, n, boatId), { stage, n, boatId });
    }
  };
  for (const round of input.rounds) for (const race of round.races) for (const sheet of Object.values(race.sheets)) scan(round.stage, race.n, sheet);
  for (const a of input.amendments ?? []) scan(a.stage, a.race, a.sheet);
  return [...out.values()];
}

/** The input with every bare redress token given its points (0 when not yet known). */
function resolvedInput(input: SplitSeriesInput, points: ReadonlyMap<string, number>): SplitSeriesInput {
  const sheet = (stage: SplitStage, n: number, tokens: readonly string[]): string[] =>
    tokens.map((t) => {
      const boatId = stage === 'medal' ? null : bareRedress(t);
      return boatId === null ? t : `${boatId} RDG ${points.get(key(stage, n, boatId)) ?? 0}`;
    });
  const rounds: SplitRound[] = input.rounds.map((round) => ({
    ...round,
    races: round.races.map((race) => ({ n: race.n, sheets: Object.fromEntries(Object.entries(race.sheets).map(([f, s]) => [f, sheet(round.stage, race.n, s)])) })),
  }));
  const amendments = input.amendments?.map((a) => ({ ...a, sheet: sheet(a.stage, a.race, a.sheet) }));
  return { ...input, rounds, ...(amendments !== undefined ? { amendments } : {}) };
}

const stageOrder = (s: SplitCell['stage']): number => (s === 'qualifying' ? 0 : 1);

/** A9 points of every bare redress from one scoring's cells. */
function averages(result: SplitSeriesResult, wanted: readonly { stage: SplitStage; n: number; boatId: string }[], before: boolean): Map<string, number> {
  const averaged = new Set(wanted.map((w) => key(w.stage, w.n, w.boatId)));
  const cellsOf = new Map(result.standings.map((s) => [s.boatId, s.cells] as const));
  const out = new Map<string, number>();
  for (const w of wanted) {
    const others = (cellsOf.get(w.boatId) ?? []).filter((c) => {
      if (c.stage !== 'qualifying' && c.stage !== 'final') return false;
      if (averaged.has(key(c.stage, c.n, w.boatId))) return false;
      return !before || stageOrder(c.stage) < stageOrder(w.stage) || (c.stage === w.stage && c.n < w.n);
    });
    const milli = others.reduce((a, c) => a + toMilli(c.points), 0);
    out.set(key(w.stage, w.n, w.boatId), others.length === 0 ? 0 : roundTenth(milli / 1000 / others.length));
  }
  return out;
}

/** Scores `input` with `score`, bare redress tokens resolved to their A9 average first. */
export function withAveragedRedress(input: SplitSeriesInput, score: (input: SplitSeriesInput) => SplitSeriesResult): SplitSeriesResult {
  const wanted = bareRedressKeys(input);
  if (wanted.length === 0) return score(input);
  const before = input.config.redressMethod === 'races_before';
  let points = new Map<string, number>();
  let result = score(resolvedInput(input, points));
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const next = averages(result, wanted, before);
    if ([...next].every(([k, v]) => points.get(k) === v)) break;
    points = next;
    result = score(resolvedInput(input, points));
  }
  return result;
}
