/**
 * Series scoring: races → standings (RRS Appendix A2, A8, A9).
 *
 * Steps: reject boats that cannot be scored (no rating) → run the progressive
 * handicap chain if any → score each race → leave out races no boat finished →
 * resolve redress (A9) → apply race weights → discards → totals → rank with the
 * A8.1 / A8.2 tie-breaks (boats still tied share the place).
 */
import { CODE_RULES, type PenaltyCode, type ResultCode } from './codes.js';
import { isProgressive, type HandicapSystem } from './handicap.js';
import { comparePoints, fromMilli, roundTenth, toMilli } from './numbers.js';
import {
  DEFAULT_ECHO_ALPHA,
  DEFAULT_ECHO_MIN_FINISHERS,
  DEFAULT_NHC_PROFILE,
  echoUpdate,
  nhcUpdate,
  type EchoRaceUpdate,
  type NhcRaceUpdate,
  type ProgressiveFinisher,
} from './progressive.js';
import { scoreRace, type PenaltyBasis, type RaceEntry, type RaceScore, type ScoringSystem } from './race-scoring.js';

export interface DiscardThreshold {
  readonly minRaces: number;
  readonly discardCount: number;
}

/** How many scores each boat may exclude, by the number of races completed. */
export type DiscardSchedule =
  | { readonly kind: 'none' }
  /** Step table: the largest discardCount whose minRaces ≤ races completed. */
  | { readonly kind: 'thresholds'; readonly thresholds: readonly DiscardThreshold[] }
  /** One discard once `firstAt` races are completed, one more every `everyRaces` after that. */
  | { readonly kind: 'proportional'; readonly firstAt: number; readonly everyRaces: number }
  /** The fleet's `dropRaces`: that many discards, but never every race (min(count, races − 1)). */
  | { readonly kind: 'fixed'; readonly count: number };

export type DiscardPolicy = 'normal' | 'must_count' | 'discard_first';

export interface FleetConfig {
  readonly scoringSystem: ScoringSystem;
  readonly handicap: HandicapSystem;
  /** Default A5.2. */
  readonly penaltyBasis?: PenaltyBasis;
  readonly discards?: DiscardSchedule;
  /** Simple form of `discards` ({kind: 'fixed'}); ignored when `discards` is set. */
  readonly dropRaces?: number;
  /** Leave out boats whose every record in these races is DNC (sub-series "entrants per block"). */
  readonly excludeDncOnlyBoats?: boolean;
}

export interface SeriesBoat {
  readonly id: string;
  /** Rating in the handicap system's unit; for NHC/ECHO the TCF the boat starts these races on. */
  readonly rating?: number;
  /** NHC only: the series-initial TCF the realignment anchors to (defaults to `rating`). */
  readonly baseRating?: number;
}

export interface SeriesRace {
  readonly number: number;
  /** Points multiplier (default 1); a weighted score is rounded to a tenth. */
  readonly weight?: number;
  readonly discardPolicy?: DiscardPolicy;
  readonly startTime?: string;
  readonly distanceNm?: number;
  readonly entries: readonly RaceEntry[];
  /** Per-race ratings (a mid-series certificate change), by boat id. */
  readonly ratingOverrides?: Readonly<Record<string, number>>;
  /** Struck for this fleet (abandoned / cancelled): scored like a race no boat finished. */
  readonly struck?: boolean;
}

export interface SeriesInput {
  readonly fleet: FleetConfig;
  readonly boats: readonly SeriesBoat[];
  readonly races: readonly SeriesRace[];
}

export interface SeriesRaceCell {
  readonly raceNumber: number;
  /** Points as counted (after weighting); 0 in an excluded race. */
  readonly points: number;
  readonly code: ResultCode | null;
  readonly penaltyCode: PenaltyCode | null;
  /** Finishing place (corrected-time order in handicap fleets). */
  readonly position: number | null;
  readonly dropped: boolean;
  /** The code may not be excluded (DNE). */
  readonly nonDiscardable: boolean;
  /** The race was not scored (no finisher, or struck). */
  readonly excluded: boolean;
  readonly redress: boolean;
  readonly elapsedSeconds: number | null;
  readonly correctedSeconds: number | null;
  readonly ratingApplied: number | null;
  /** Progressive systems: the rating carried into the next race. */
  readonly newRating: number | null;
}

export interface BoatStanding {
  readonly boatId: string;
  readonly rank: number;
  readonly total: number;
  readonly net: number;
  readonly races: readonly SeriesRaceCell[];
}

export interface RaceSummary {
  readonly number: number;
  readonly excluded: boolean;
  readonly finisherCount: number;
  readonly score: RaceScore | null;
  readonly nhc?: NhcRaceUpdate;
  readonly echo?: EchoRaceUpdate;
}

export interface Rejection {
  readonly boatId: string;
  readonly reason: 'no_rating' | 'no_starting_tcf';
}

export interface SeriesStandings {
  /** Best first. */
  readonly standings: readonly BoatStanding[];
  readonly rejected: readonly Rejection[];
  readonly races: readonly RaceSummary[];
  readonly racesCompleted: number;
  readonly discardCount: number;
  /** Progressive systems: ratings after the last race, by boat id. */
  readonly finalRatings: ReadonlyMap<string, number>;
}

export function discardsFor(schedule: DiscardSchedule | undefined, racesCompleted: number): number {
  if (schedule === undefined) return 0;
  switch (schedule.kind) {
    case 'none':
      return 0;
    case 'thresholds': {
      let d = 0;
      for (const t of schedule.thresholds) if (racesCompleted >= t.minRaces) d = Math.max(d, t.discardCount);
      return d;
    }
    case 'proportional':
      if (racesCompleted < schedule.firstAt || schedule.everyRaces <= 0) return 0;
      return 1 + Math.floor((racesCompleted - schedule.firstAt) / schedule.everyRaces);
    case 'fixed':
      return Math.max(0, Math.min(schedule.count, racesCompleted - 1));
  }
}

function scheduleOf(fleet: FleetConfig): DiscardSchedule | undefined {
  if (fleet.discards !== undefined) return fleet.discards;
  if (fleet.dropRaces !== undefined && fleet.dropRaces > 0) return { kind: 'fixed', count: fleet.dropRaces };
  return undefined;
}

/** A discard candidate: index into the boat's race list, its counted points, and whether it goes first. */
export interface DiscardCandidate {
  readonly index: number;
  readonly points: number;
  readonly first: boolean;
}

/** Pick `count` discards: 'discard first' races before any other, then the worst scores, earliest race first among equals. */
export function selectDiscards(candidates: readonly DiscardCandidate[], count: number, higherIsBetter = false): Set<number> {
  const sorted = [...candidates].sort((a, b) => {
    if (a.first !== b.first) return a.first ? -1 : 1;
    const c = higherIsBetter ? comparePoints(a.points, b.points) : comparePoints(b.points, a.points);
    return c !== 0 ? c : a.index - b.index;
  });
  return new Set(sorted.slice(0, Math.max(0, count)).map((c) => c.index));
}

/**
 * Compare two boats tied on net points: A8.1 (kept scores best to worst, first
 * difference) then A8.2 (last race, then next-to-last …, discards included).
 * `scores` are in race order, excluded races left out. Negative = a ahead.
 */
export function compareTieBreak(
  a: { kept: readonly number[]; all: readonly number[] },
  b: { kept: readonly number[]; all: readonly number[] },
  higherIsBetter = false,
): number {
  const sign = higherIsBetter ? -1 : 1;
  const ka = [...a.kept].map(toMilli).sort((x, y) => sign * (x - y));
  const kb = [...b.kept].map(toMilli).sort((x, y) => sign * (x - y));
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    if (ka[i] !== kb[i]) return sign * (ka[i]! - kb[i]!);
  }
  for (let i = a.all.length - 1, j = b.all.length - 1; i >= 0 && j >= 0; i--, j--) {
    const d = toMilli(a.all[i]!) - toMilli(b.all[j]!);
    if (d !== 0) return sign * d;
  }
  return 0;
}

export interface RankItem {
  readonly net: number;
  readonly kept: readonly number[];
  readonly all: readonly number[];
}

/** Order items best first and give each a rank; boats A8 cannot separate share the rank. */
export function rankItems<T extends RankItem>(items: readonly T[], higherIsBetter = false): { item: T; rank: number }[] {
  const cmp = (a: T, b: T): number => {
    const d = higherIsBetter ? comparePoints(b.net, a.net) : comparePoints(a.net, b.net);
    return d !== 0 ? d : compareTieBreak(a, b, higherIsBetter);
  };
  const order = items.map((item, i) => ({ item, i })).sort((x, y) => cmp(x.item, y.item) || x.i - y.i);
  const out: { item: T; rank: number }[] = [];
  order.forEach((o, k) => {
    const prev = out[k - 1];
    const rank = prev !== undefined && cmp(order[k - 1]!.item, o.item) === 0 ? prev.rank : k + 1;
    out.push({ item: o.item, rank });
  });
  return out;
}

interface WorkCell {
  raw: number | null;
  points: number;
  code: ResultCode | null;
  penaltyCode: PenaltyCode | null;
  position: number | null;
  excluded: boolean;
  redress: RaceEntry['redress'] | null;
  elapsed: number | null;
  corrected: number | null;
  rating: number | null;
  newRating: number | null;
}

export function scoreSeries(input: SeriesInput): SeriesStandings {
  const { fleet } = input;
  const system = fleet.handicap;
  const handicapped = fleet.scoringSystem !== 'pursuit' && system.kind !== 'one_design';
  const progressive = isProgressive(system);
  const higherIsBetter = fleet.scoringSystem === 'high_point';
  const basis: PenaltyBasis = fleet.penaltyBasis ?? 'A5.2';

  // 1. Boats that cannot be scored.
  const rejected: Rejection[] = [];
  let boats = input.boats.filter((b) => {
    if (handicapped && b.rating === undefined) {
      rejected.push({ boatId: b.id, reason: progressive ? 'no_starting_tcf' : 'no_rating' });
      return false;
    }
    return true;
  });
  const rejectedIds = new Set(rejected.map((r) => r.boatId));
  if (fleet.excludeDncOnlyBoats === true) {
    boats = boats.filter((b) =>
      input.races.some((r) => r.entries.some((e) => e.boatId === b.id && e.code !== 'DNC')),
    );
  }
  const boatIds = new Set(boats.map((b) => b.id));

  // 2. Races in order, carrying the progressive chain.
  const current = new Map<string, number>();
  for (const b of boats) if (b.rating !== undefined) current.set(b.id, b.rating);
  const cells: WorkCell[][] = boats.map(() => []);
  const summaries: RaceSummary[] = [];
  for (const race of input.races) {
    const entries = race.entries.filter((e) => !rejectedIds.has(e.boatId) && boatIds.has(e.boatId));
    const raceBoats = boats.map((b) => ({ id: b.id, rating: race.ratingOverrides?.[b.id] ?? current.get(b.id) }));
    const score = scoreRace({
      scoringSystem: fleet.scoringSystem,
      handicap: system,
      penaltyBasis: basis,
      boats: raceBoats,
      ...(race.startTime !== undefined ? { startTime: race.startTime } : {}),
      ...(race.distanceNm !== undefined ? { distanceNm: race.distanceNm } : {}),
      entries,
    });
    const excluded = race.struck === true || score.excluded;
    let nhc: NhcRaceUpdate | undefined;
    let echo: EchoRaceUpdate | undefined;
    const updates = new Map<string, number>();
    if (progressive && !excluded) {
      const finishers: ProgressiveFinisher[] = [];
      score.results.forEach((r, i) => {
        if (r.place !== null && r.elapsedSeconds !== null && r.code === null && r.ratingApplied !== null) {
          const b = boats[i]!;
          finishers.push({ boatId: r.boatId, rating: r.ratingApplied, baseRating: b.baseRating ?? b.rating ?? r.ratingApplied, elapsedSeconds: r.elapsedSeconds });
        }
      });
      if (system.kind === 'nhc') {
        nhc = nhcUpdate(finishers, { ...DEFAULT_NHC_PROFILE, ...system.profile });
        for (const [id, u] of nhc.boats) updates.set(id, u.newRating);
      } else if (system.kind === 'echo') {
        echo = echoUpdate(finishers, system.alpha ?? DEFAULT_ECHO_ALPHA, system.minFinishers ?? DEFAULT_ECHO_MIN_FINISHERS);
        for (const [id, u] of echo.boats) updates.set(id, u.newRating);
      }
      for (const [id, v] of updates) current.set(id, v);
    }
    score.results.forEach((r, i) => {
      cells[i]!.push({
        raw: excluded ? 0 : r.points,
        points: 0,
        code: r.code,
        penaltyCode: r.penaltyCode,
        position: r.place,
        excluded,
        redress: r.redress,
        elapsed: r.elapsedSeconds,
        corrected: r.correctedSeconds,
        rating: r.ratingApplied,
        newRating: progressive ? (current.get(r.boatId) ?? null) : null,
      });
    });
    summaries.push({
      number: race.number,
      excluded,
      finisherCount: score.finisherCount,
      score,
      ...(nhc !== undefined ? { nhc } : {}),
      ...(echo !== undefined ? { echo } : {}),
    });
  }

  const racesCompleted = summaries.filter((s) => !s.excluded).length;
  const schedule = scheduleOf(fleet);
  const discardCount = discardsFor(schedule, racesCompleted);

  // 3. Redress (A9) from the boat's other scores, before weighting.
  boats.forEach((_, bi) => {
    const row = cells[bi]!;
    row.forEach((cell, ri) => {
      if (cell.excluded || cell.raw !== null || cell.redress == null) return;
      const req = cell.redress;
      let pool: { ri: number; points: number; code: ResultCode | null }[] = [];
      row.forEach((other, oi) => {
        if (oi === ri || other.excluded || other.raw === null) return;
        pool.push({ ri: oi, points: other.raw, code: other.code });
      });
      if (req.method === 'races_before') {
        pool = pool.filter((p) => p.ri < ri || req.includeAllLater === true);
      }
      if (req.includeRaces !== undefined) {
        const inc = new Set(req.includeRaces);
        pool = pool.filter((p) => inc.has(input.races[p.ri]!.number));
      }
      if (req.excludeRaces !== undefined) {
        const exc = new Set(req.excludeRaces);
        pool = pool.filter((p) => !exc.has(input.races[p.ri]!.number));
      }
      if (req.method === 'all_races_excl_dnc') {
        let allowance = discardCount;
        pool = pool.filter((p) => {
          if (p.code === 'DNC' && allowance > 0) {
            allowance--;
            return false;
          }
          return true;
        });
      }
      if (pool.length === 0) {
        const summary = summaries[ri]!.score;
        cell.raw = summary === null ? 0 : summary.dnfPoints;
        return;
      }
      cell.raw = roundTenth(fromMilli(pool.reduce((a, p) => a + toMilli(p.points), 0)) / pool.length);
    });
  });

  // 4. Weighting, discards, totals.
  type Row = RankItem & { boatId: string; total: number; cells: SeriesRaceCell[] };
  const rows: Row[] = boats.map((b, bi) => {
    const row = cells[bi]!;
    row.forEach((c, ri) => {
      const w = input.races[ri]!.weight ?? 1;
      const raw = c.raw ?? 0;
      c.points = c.excluded ? 0 : w === 1 ? raw : roundTenth(raw * w);
    });
    const candidates: DiscardCandidate[] = [];
    row.forEach((c, ri) => {
      const policy = input.races[ri]!.discardPolicy ?? 'normal';
      if (c.excluded || policy === 'must_count') return;
      if (c.code !== null && !CODE_RULES[c.code].discardable) return;
      candidates.push({ index: ri, points: c.points, first: policy === 'discard_first' });
    });
    const dropped = selectDiscards(candidates, discardCount, higherIsBetter);
    let totalMilli = 0;
    let netMilli = 0;
    const kept: number[] = [];
    const all: number[] = [];
    const outCells: SeriesRaceCell[] = row.map((c, ri) => {
      totalMilli += toMilli(c.points);
      if (!dropped.has(ri)) netMilli += toMilli(c.points);
      if (!c.excluded) {
        all.push(c.points);
        if (!dropped.has(ri)) kept.push(c.points);
      }
      return {
        raceNumber: input.races[ri]!.number,
        points: c.points,
        code: c.code,
        penaltyCode: c.penaltyCode,
        position: c.position,
        dropped: dropped.has(ri),
        nonDiscardable: c.code !== null && !CODE_RULES[c.code].discardable,
        excluded: c.excluded,
        redress: c.code === 'RDG',
        elapsedSeconds: c.elapsed,
        correctedSeconds: c.corrected,
        ratingApplied: c.rating,
        newRating: c.newRating,
      };
    });
    return { boatId: b.id, total: fromMilli(totalMilli), net: fromMilli(netMilli), kept, all, cells: outCells };
  });

  // 5. Rank.
  const ranked = rankItems(rows, higherIsBetter);
  return {
    standings: ranked.map(({ item, rank }) => ({ boatId: item.boatId, rank, total: item.total, net: item.net, races: item.cells })),
    rejected,
    races: summaries,
    racesCompleted,
    discardCount,
    finalRatings: new Map(current),
  };
}
