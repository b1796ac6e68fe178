/**
 * Reached by the API through split-scoring.ts (stored results → sheets, A9 redress across the split)
 * and by the scoring conformance runner (scripts/conformance.ts of this package).
 *
 * Qualifying / final split-fleet series (RRS Appendix A + the usual championship
 * SIs: Addendum-C style qualifying and final series, optional medal race).
 *
 * - Qualifying rounds: fleets seeded (entry order or sail number) or reassigned
 *   from the standings, always by the rank pattern (down the fleet list and back).
 *   Each fleet sails race n; points are the place in the fleet. A qualifying race
 *   counts only once every fleet of its round has sailed it. Code base: the
 *   largest fleet of the round + 1.
 * - Final series: the qualifying ranking is cut into blocks (Gold, Silver, …),
 *   earlier blocks taking the odd boats. Code base: the boat's own fleet + 1.
 *   Final fleets need not sail the same number of races.
 * - Medal: the top N of the opening series (Gold first) sail the medal race(s):
 *   finish points × multiplier, codes at medal-fleet size + 1 (not multiplied),
 *   never discardable. Final races after `medalAfter` are scored from below the
 *   medal fleet (place + medal size) for every boat not in it; medal boats have
 *   no score in them.
 * - Carry: 'continuous' (one line, one discard ladder, at most `maxFinalDiscards`
 *   on final races, a lone final race protected when asked), 'net-plus-net'
 *   (qualifying net + final net, each with its own discards) or 'rank-seed'
 *   (qualifying position carried as one non-excludable score, qualifying race
 *   scores dropped, the ladder counting final races only). A medal carry divisor
 *   halves (etc.) the opening net, rounded half-up, before the medal races add.
 * - Ranking: medal boats first, then each final fleet in order; inside a band by
 *   net points, A8.1, A8.2, then entry order (the SIs' registration-order rule).
 *   Assignments are frozen: amendments (protest decisions) change scores, never
 *   fleets already dealt.
 */
import { CODE_RULES, DEFAULT_PENALTY_PERCENT, isPenaltyCode, isResultCode, type ResultCode } from './codes.js';
import { comparePoints, fromMilli, roundHalfUp, roundTenth, toMilli } from './numbers.js';
import { penaltyPoints } from './race-scoring.js';
import { compareTieBreak, discardsFor, type DiscardSchedule } from './series-scoring.js';
import { withAveragedRedress } from './split-redress.js';

export type { CarryMode, SplitSeriesConfig, SplitStage, SplitRound, SplitSeriesInput, SplitCell, SplitStanding, SplitSeriesResult } from './split-fleet-types.js';
export { SplitInputError } from './split-fleet-types.js';
import { SplitInputError, type CarryMode, type SplitSeriesConfig, type SplitStage, type SplitRound, type SplitSeriesInput, type SplitCell, type SplitStanding, type SplitSeriesResult } from './split-fleet-types.js';

interface Token {
  readonly boatId: string;
  readonly code: ResultCode | null;
  /** `also`: a second penalty of the other kind (DPI points on a ZFP/SCP, a percentage on a DPI): "sail DPI 2 +20". */
  readonly penalty: { code: 'ZFP' | 'SCP' | 'DPI'; value: number | null; also?: number } | null;
  /** "sail RDG 3.5": redress with the points already worked out (A9 averages are resolved by the caller). */
  readonly fixed?: number;
}

function parseToken(t: string): Token {
  const parts = t.trim().split(/\s+/);
  const boatId = parts[0]!;
  const c = parts[1];
  if (c === undefined) return { boatId, code: null, penalty: null };
  if (c === 'RDG' && parts[2] !== undefined) return { boatId, code: c, penalty: null, fixed: Number(parts[2]) };
  if (isResultCode(c)) return { boatId, code: c, penalty: null };
  if (isPenaltyCode(c)) {
    const also = parts[3]?.startsWith('+') ? Number(parts[3].slice(1)) : undefined;
    return { boatId, code: null, penalty: { code: c, value: parts[2] === undefined ? null : Number(parts[2]), ...(also !== undefined ? { also } : {}) } };
  }
  throw new SplitInputError(`unknown code "${c}" in "${t}"`);
}

interface RawCell {
  stage: SplitStage;
  n: number;
  points: number;
  code: ResultCode | null;
  discardable: boolean;
}

/** Score one fleet's sheet: place points (+offset), penalties capped at the base, codes at the base. */
function scoreSheet(
  members: readonly string[],
  sheet: readonly string[],
  base: number,
  opts: { offset?: number; multiplier?: number; skip?: ReadonlySet<string> } = {},
): Map<string, { points: number; code: ResultCode | null }> {
  const out = new Map<string, { points: number; code: ResultCode | null }>();
  const memberSet = new Set(members);
  let place = 0;
  for (const raw of sheet) {
    const t = parseToken(raw);
    if (!memberSet.has(t.boatId)) throw new SplitInputError(`${t.boatId} is not in this fleet`);
    if (t.code !== null && CODE_RULES[t.code].shiftsPlaces) {
      out.set(t.boatId, { points: base, code: t.code });
      continue;
    }
    place++;
    let pts = (place + (opts.offset ?? 0)) * (opts.multiplier ?? 1);
    if (t.penalty !== null) {
      const amount = penaltyPoints(
        t.penalty.code === 'DPI'
          ? { code: 'DPI', points: t.penalty.value ?? 0, ...(t.penalty.also !== undefined ? { percent: t.penalty.also } : {}) }
          : { code: t.penalty.code, percent: t.penalty.value ?? DEFAULT_PENALTY_PERCENT, ...(t.penalty.also !== undefined ? { points: t.penalty.also } : {}) },
        base,
      );
      pts = Math.min(roundTenth(pts + amount), base);
    }
    if (t.fixed !== undefined) pts = t.fixed;
    out.set(t.boatId, { points: pts, code: t.code });
  }
  for (const m of members) if (!out.has(m) && !(opts.skip?.has(m) ?? false)) out.set(m, { points: base, code: 'DNC' });
  return out;
}

/** Rank pattern: down the fleet list and back (1→A, 2→B, 3→B, 4→A, …). */
export function assignByRankPattern(order: readonly string[], fleets: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(fleets.map((f) => [f, [] as string[]]));
  const k = fleets.length;
  order.forEach((id, i) => {
    const cycle = Math.floor(i / k);
    const off = i % k;
    out[fleets[cycle % 2 === 0 ? off : k - 1 - off]!]!.push(id);
  });
  return out;
}

/** Final-series block sizes: equal blocks, earlier blocks taking the odd boats. */
export function finalBlockSizes(boats: number, fleets: number): number[] {
  return Array.from({ length: fleets }, (_, i) => Math.floor(boats / fleets) + (i < boats % fleets ? 1 : 0));
}

interface LineScore {
  total: number;
  net: number;
  cells: SplitCell[];
}

/** Discards on one line of cells; `finalCap` limits discards on final cells. */
function applyDiscards(raw: readonly RawCell[], schedule: DiscardSchedule, finalCap: number | null, protectLone: boolean, countOverride?: number): LineScore {
  const d = discardsFor(schedule, countOverride ?? raw.length);
  const finals = raw.filter((c) => c.stage === 'final').length;
  const order = raw
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.discardable && !(protectLone && c.stage === 'final' && finals === 1))
    .sort((a, b) => comparePoints(b.c.points, a.c.points) || a.i - b.i);
  const dropped = new Set<number>();
  let finalDropped = 0;
  for (const { c, i } of order) {
    if (dropped.size >= d) break;
    if (c.stage === 'final' && finalCap !== null && finalDropped >= finalCap) continue;
    dropped.add(i);
    if (c.stage === 'final') finalDropped++;
  }
  let total = 0;
  let net = 0;
  const cells = raw.map((c, i) => {
    total += toMilli(c.points);
    if (!dropped.has(i)) net += toMilli(c.points);
    return { stage: c.stage, n: c.n, points: c.points, code: c.code, dropped: dropped.has(i), discardable: c.discardable };
  });
  return { total: fromMilli(total), net: fromMilli(net), cells };
}

function tieItem(cells: readonly SplitCell[]): { kept: number[]; all: number[] } {
  return { kept: cells.filter((c) => !c.dropped).map((c) => c.points), all: cells.map((c) => c.points) };
}

/** Order ids by net, A8.1, A8.2, then entry order. */
function orderByScore(ids: readonly string[], line: (id: string) => LineScore, entryIndex: ReadonlyMap<string, number>, first?: (a: string, b: string) => number): string[] {
  return [...ids].sort((a, b) => {
    const la = line(a);
    const lb = line(b);
    return (
      comparePoints(la.net, lb.net) ||
      (first?.(a, b) ?? 0) ||
      compareTieBreak(tieItem(la.cells), tieItem(lb.cells)) ||
      entryIndex.get(a)! - entryIndex.get(b)!
    );
  });
}

/** Scores a split series; redress without points stated gets its A9 average (split-redress.ts). */
export const scoreSplitSeries = (input: SplitSeriesInput): SplitSeriesResult => withAveragedRedress(input, scoreSheets);

function scoreSheets(input: SplitSeriesInput): SplitSeriesResult {
  const { config } = input;
  const ids = input.boats.map((b) => b.id);
  const entryIndex = new Map(ids.map((id, i) => [id, i] as const));
  const finalCap = config.maxFinalDiscards ?? null;
  const protectLone = config.protectLoneFinalRace === true;

  type Sheets = Map<string, readonly string[]>; // fleet → sheet
  interface RoundState {
    round: SplitRound;
    fleets: Record<string, string[]>;
    races: Map<number, Sheets>;
  }
  const states: RoundState[] = [];

  const qualifyingRaw = (useAmended: boolean, upTo: number): Map<string, RawCell[]> => {
    const out = new Map<string, RawCell[]>(ids.map((id) => [id, []]));
    for (const st of states) {
      if (st.round.stage !== 'qualifying') continue;
      const fleetNames = Object.keys(st.fleets).filter((f) => st.fleets[f]!.length > 0);
      const base = Math.max(...fleetNames.map((f) => st.fleets[f]!.length)) + 1;
      for (const [n, sheets0] of [...st.races.entries()].sort((a, b) => a[0] - b[0])) {
        if (n > upTo) continue;
        const sheets = useAmended ? amendedSheets('qualifying', n, sheets0) : sheets0;
        if (!fleetNames.every((f) => sheets.has(f))) continue; // not completed by every fleet: does not count
        for (const f of fleetNames) {
          const scored = scoreSheet(st.fleets[f]!, sheets.get(f)!, base);
          for (const [id, s] of scored) out.get(id)!.push({ stage: 'qualifying', n, points: s.points, code: s.code, discardable: s.code === null || CODE_RULES[s.code].discardable });
        }
      }
    }
    return out;
  };

  const amendedSheets = (stage: SplitStage, n: number, sheets: Sheets): Sheets => {
    const ams = (input.amendments ?? []).filter((a) => a.stage === stage && a.race === n);
    if (ams.length === 0) return sheets;
    const copy = new Map(sheets);
    for (const a of ams) copy.set(a.fleet, a.sheet);
    return copy;
  };

  const qualifyingLines = (useAmended: boolean, upTo = Infinity): Map<string, LineScore> => {
    const raw = qualifyingRaw(useAmended, upTo);
    return new Map(ids.map((id) => [id, applyDiscards(raw.get(id)!, config.discards, null, false)]));
  };

  const finalState = (): RoundState | undefined => states.find((s) => s.round.stage === 'final');
  const medalState = (): RoundState | undefined => states.find((s) => s.round.stage === 'medal');

  /** Raw final-series cells per boat. `medalBoats` are absent from races after `medalAfter`. */
  const finalRaw = (useAmended: boolean, upTo: number, medalBoats: ReadonlySet<string>, medalAfter: number | null): Map<string, RawCell[]> => {
    const out = new Map<string, RawCell[]>(ids.map((id) => [id, []]));
    const st = finalState();
    if (st === undefined) return out;
    for (const [n, sheets0] of [...st.races.entries()].sort((a, b) => a[0] - b[0])) {
      if (n > upTo) continue;
      const sheets = useAmended ? amendedSheets('final', n, sheets0) : sheets0;
      const companion = medalAfter !== null && n > medalAfter;
      for (const [f, sheet] of sheets) {
        const members = st.fleets[f];
        if (members === undefined) throw new SplitInputError(`final race ${n}: unknown fleet ${f}`);
        const scored = scoreSheet(members, sheet, members.length + 1, {
          ...(companion ? { offset: config.medal?.size ?? 0, skip: medalBoats } : {}),
        });
        for (const [id, s] of scored) {
          if (companion && medalBoats.has(id)) continue;
          out.get(id)!.push({ stage: 'final', n, points: s.points, code: s.code, discardable: s.code === null || CODE_RULES[s.code].discardable });
        }
      }
    }
    return out;
  };

  /** Opening series (qualifying + final) per boat under the carry mode. */
  const openingLines = (useAmended: boolean, upTo: number, medalBoats: ReadonlySet<string>, medalAfter: number | null): Map<string, LineScore> => {
    const q = qualifyingRaw(useAmended, Infinity);
    const f = finalRaw(useAmended, upTo, medalBoats, medalAfter);
    const out = new Map<string, LineScore>();
    if (config.carry === 'continuous' || finalState() === undefined) {
      for (const id of ids) out.set(id, applyDiscards([...q.get(id)!, ...f.get(id)!], config.discards, finalCap, protectLone));
    } else if (config.carry === 'net-plus-net') {
      for (const id of ids) {
        const a = applyDiscards(q.get(id)!, config.discards, null, false);
        const b = applyDiscards(f.get(id)!, config.discards, finalCap, protectLone);
        out.set(id, { total: fromMilli(toMilli(a.total) + toMilli(b.total)), net: fromMilli(toMilli(a.net) + toMilli(b.net)), cells: [...a.cells, ...b.cells] });
      }
    } else {
      const qLines = qualifyingLines(useAmended);
      const qOrder = orderByScore(ids, (id) => qLines.get(id)!, entryIndex);
      for (const id of ids) {
        const carried: RawCell = { stage: 'qualifying', n: 0, points: qOrder.indexOf(id) + 1, code: null, discardable: false };
        const line = applyDiscards([carried, ...f.get(id)!], config.discards, finalCap, protectLone, f.get(id)!.length);
        out.set(id, { ...line, cells: line.cells.map((c, i) => (i === 0 ? { ...c, stage: 'carried' as const } : c)) });
      }
    }
    return out;
  };

  const finalFleetOf = (id: string): string | null => {
    const st = finalState();
    if (st === undefined) return null;
    for (const f of config.finalFleets) if (st.fleets[f]?.includes(id)) return f;
    return null;
  };

  const bandOrder = (lines: Map<string, LineScore>): string[] => {
    const st = finalState();
    if (st === undefined) return orderByScore(ids, (id) => lines.get(id)!, entryIndex);
    const out: string[] = [];
    for (const f of config.finalFleets) out.push(...orderByScore(st.fleets[f] ?? [], (id) => lines.get(id)!, entryIndex));
    return out;
  };

  // Deal every round in order (frozen once dealt).
  for (const round of input.rounds) {
    let fleets: Record<string, string[]>;
    if (round.fleets !== undefined) {
      fleets = Object.fromEntries(Object.entries(round.fleets).map(([k, v]) => [k, [...v]]));
    } else if (round.stage === 'qualifying' && round.seed !== undefined) {
      const order =
        round.seed === 'entry_order'
          ? [...ids]
          : [...ids].sort((a, b) => {
              const na = Number(a);
              const nb = Number(b);
              return Number.isFinite(na) && Number.isFinite(nb) ? na - nb || a.localeCompare(b) : a.localeCompare(b);
            });
      fleets = assignByRankPattern(order, config.qualifyingFleets);
    } else if (round.stage === 'qualifying' && round.reassignAfter !== undefined) {
      const lines = qualifyingLines(false, round.reassignAfter);
      fleets = assignByRankPattern(orderByScore(ids, (id) => lines.get(id)!, entryIndex), config.qualifyingFleets);
    } else if (round.stage === 'final' && round.split === true) {
      const lines = qualifyingLines(false);
      const order = orderByScore(ids, (id) => lines.get(id)!, entryIndex);
      const sizes = finalBlockSizes(order.length, config.finalFleets.length);
      fleets = {};
      let at = 0;
      config.finalFleets.forEach((f, i) => {
        fleets[f] = order.slice(at, at + sizes[i]!);
        at += sizes[i]!;
      });
    } else if (round.stage === 'medal' && round.medalTop !== undefined) {
      const fs = finalState();
      const after = fs?.round.medalAfter ?? round.medalAfter ?? Infinity;
      const lines = openingLines(false, after, new Set(), null);
      fleets = { Medal: bandOrder(lines).slice(0, round.medalTop) };
    } else {
      throw new SplitInputError(`round ${states.length + 1}: no assignment rule`);
    }
    const races = new Map<number, Sheets>();
    for (const r of round.races) races.set(r.n, new Map(Object.entries(r.sheets)));
    states.push({ round, fleets, races });
  }

  // Score with amendments applied.
  const medal = medalState();
  const medalBoats = new Set(medal === undefined ? [] : Object.values(medal.fleets)[0] ?? []);
  const medalAfter = finalState()?.round.medalAfter ?? medal?.round.medalAfter ?? null;
  const opening = openingLines(true, Infinity, medalBoats, medal !== undefined ? medalAfter : null);
  const medalCells = new Map<string, SplitCell[]>(ids.map((id) => [id, []]));
  if (medal !== undefined && config.medal !== undefined) {
    const members = [...medalBoats];
    for (const [n, sheets0] of [...medal.races.entries()].sort((a, b) => a[0] - b[0])) {
      const sheets = amendedSheets('medal', n, sheets0);
      for (const [, sheet] of sheets) {
        const scored = scoreSheet(members, sheet, members.length + 1, { multiplier: config.medal.multiplier });
        for (const [id, s] of scored) medalCells.get(id)!.push({ stage: 'medal', n, points: s.points, code: s.code, dropped: false, discardable: false });
      }
    }
  }

  const finalLines = new Map<string, LineScore>();
  for (const id of ids) {
    const o = opening.get(id)!;
    const m = medalCells.get(id)!;
    if (!medalBoats.has(id)) {
      finalLines.set(id, o);
      continue;
    }
    const medalMilli = m.reduce((a, c) => a + toMilli(c.points), 0);
    const divisor = config.medal?.carryDivisor;
    if (divisor !== undefined) {
      const carried = roundHalfUp(o.net / divisor, 0);
      const v = fromMilli(toMilli(carried) + medalMilli);
      finalLines.set(id, { total: v, net: v, cells: [{ stage: 'carried', n: 0, points: carried, code: null, dropped: false, discardable: false }, ...m] });
    } else {
      finalLines.set(id, { total: fromMilli(toMilli(o.total) + medalMilli), net: fromMilli(toMilli(o.net) + medalMilli), cells: [...o.cells, ...m] });
    }
  }

  const medalFirst = (a: string, b: string): number => {
    const ma = medalCells.get(a)!;
    const mb = medalCells.get(b)!;
    for (let i = ma.length - 1, j = mb.length - 1; i >= 0 && j >= 0; i--, j--) {
      const d = comparePoints(ma[i]!.points, mb[j]!.points);
      if (d !== 0) return d;
    }
    return 0;
  };
  const order: string[] = [];
  if (medalBoats.size > 0) order.push(...orderByScore([...medalBoats], (id) => finalLines.get(id)!, entryIndex, medalFirst));
  const rest = bandOrder(finalLines).filter((id) => !medalBoats.has(id));
  order.push(...rest);

  return {
    rounds: states.map((s) => ({ stage: s.round.stage, fleets: s.fleets })),
    standings: order.map((id, i) => {
      const l = finalLines.get(id)!;
      const ff = finalFleetOf(id);
      return {
        boatId: id,
        rank: i + 1,
        total: l.total,
        net: l.net,
        finalFleet: ff,
        medal: medal === undefined || ff === null ? null : medalBoats.has(id),
        cells: l.cells,
      };
    }),
  };
}
