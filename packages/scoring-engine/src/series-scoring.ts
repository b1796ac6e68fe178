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
import { indexFleet, type FleetIndex } from './fleet-index.js';
import { isHighPoint, scoreRaceIndexed, type BoatRaceResult, type PenaltyBasis, type RaceEntry, type RaceScore, type ScoringSystem } from './race-scoring.js';
import { markDiscards, rankRows, type RankRow } from './series-ranking.js';

export type { DiscardThreshold, DiscardSchedule, DiscardPolicy, FleetConfig, SeriesBoat, SeriesRace, SeriesInput, SeriesRaceCell, BoatStanding, RaceSummary, Rejection, SeriesStandings } from './series-types.js';
import type { DiscardThreshold, DiscardSchedule, DiscardPolicy, FleetConfig, SeriesBoat, SeriesRace, SeriesInput, SeriesRaceCell, BoatStanding, RaceSummary, Rejection, SeriesStandings } from './series-types.js';

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

export function scoreSeries(input: SeriesInput): SeriesStandings {
  const { fleet } = input;
  const system = fleet.handicap;
  const handicapped = fleet.scoringSystem !== 'pursuit' && system.kind !== 'one_design';
  const progressive = isProgressive(system);
  const higherIsBetter = isHighPoint(fleet.scoringSystem);
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
    const entered = new Set<string>();
    for (const r of input.races) for (const e of r.entries) if (e.code !== 'DNC') entered.add(e.boatId);
    boats = boats.filter((b) => entered.has(b.id));
  }
  // Work is indexed by boat position (bi) and race position (ri); cell bi·R + ri.
  const B = boats.length;
  const R = input.races.length;
  const index = indexFleet(boats.map((b) => b.id));
  const canon = index.canonical;

  // 2. Races in order, carrying the progressive chain. `current` keeps the ratings in the
  // order the output map has always had; `ratingAt` mirrors it by canonical position for the hot loop.
  const current = new Map<string, number>();
  const ratingAt = new Array<number | undefined>(B);
  boats.forEach((b, bi) => {
    if (b.rating === undefined) return;
    current.set(b.id, b.rating);
    ratingAt[canon === null ? bi : canon[bi]!] = b.rating;
  });
  const raw = new Float64Array(B * R);
  /** Redress still to be averaged (A9): the cell's raw points are not known yet. */
  const pending = new Uint8Array(B * R);
  /** The cell's code may not be excluded (DNE). */
  const nonDiscardable = new Uint8Array(B * R);
  const newRatings: (number | null)[] | null = progressive ? new Array<number | null>(B * R) : null;
  const raceResults: (readonly BoatRaceResult[])[] = [];
  const raceExcluded = new Uint8Array(R);
  const summaries: RaceSummary[] = [];
  const raceRatings = new Array<number | undefined>(B);
  for (let ri = 0; ri < R; ri++) {
    const race = input.races[ri]!;
    const overrides = race.ratingOverrides;
    for (let bi = 0; bi < B; bi++) {
      const own = ratingAt[canon === null ? bi : canon[bi]!];
      raceRatings[bi] = overrides === undefined ? own : (overrides[boats[bi]!.id] ?? own);
    }
    const score = scoreRaceIndexed(
      {
        scoringSystem: fleet.scoringSystem,
        handicap: system,
        penaltyBasis: basis,
        ...(fleet.finishersPlus !== undefined ? { finishersPlus: fleet.finishersPlus } : {}),
        ...(race.startTime !== undefined ? { startTime: race.startTime } : {}),
        ...(race.distanceNm !== undefined ? { distanceNm: race.distanceNm } : {}),
        entries: race.entries,
      },
      index,
      raceRatings,
      rejectedIds,
    );
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
      for (const [id, v] of updates) {
        current.set(id, v);
        ratingAt[index.byId.get(id)!] = v;
      }
    }
    const results = score.results;
    for (let bi = 0; bi < B; bi++) {
      const { points, code } = results[bi]!;
      const cell = bi * R + ri;
      if (code !== null && !CODE_RULES[code].discardable) nonDiscardable[cell] = 1;
      if (excluded) raw[cell] = 0;
      else if (points === null) pending[cell] = 1;
      else raw[cell] = points;
      if (newRatings !== null) newRatings[cell] = ratingAt[canon === null ? bi : canon[bi]!] ?? null;
    }
    raceResults.push(results);
    raceExcluded[ri] = excluded ? 1 : 0;
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

  // 3. Redress (A9) from the boat's other scores, before weighting. In boat then race order:
  // an average already filled in counts in the boat's later averages.
  for (let bi = 0; bi < B; bi++) {
    for (let ri = 0; ri < R; ri++) {
      if (raceExcluded[ri] === 1 || pending[bi * R + ri] === 0) continue;
      const req = raceResults[ri]![bi]!.redress;
      if (req == null) continue;
      let pool: { ri: number; points: number; code: ResultCode | null }[] = [];
      for (let oi = 0; oi < R; oi++) {
        if (oi === ri || raceExcluded[oi] === 1 || pending[bi * R + oi] === 1) continue;
        pool.push({ ri: oi, points: raw[bi * R + oi]!, code: raceResults[oi]![bi]!.code });
      }
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
      if (req.method === 'all_races_without_dnc') pool = pool.filter((p) => p.code !== 'DNC');
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
      pending[bi * R + ri] = 0;
      if (pool.length === 0) {
        const summary = summaries[ri]!.score;
        raw[bi * R + ri] = summary === null ? 0 : summary.dnfPoints;
        continue;
      }
      raw[bi * R + ri] = roundTenth(fromMilli(pool.reduce((a, p) => a + toMilli(p.points), 0)) / pool.length);
    }
  }

  // 4. Weighting, discards, totals: typed arrays only, boat by boat.
  const weightOf = input.races.map((r) => r.weight ?? 1);
  const policyOf = input.races.map((r) => r.discardPolicy ?? 'normal');
  const discardFirst = Uint8Array.from(policyOf, (p) => (p === 'discard_first' ? 1 : 0));
  const pointsAt = new Float64Array(B * R);
  const milliAt = new Float64Array(B * R);
  const droppedAt = new Uint8Array(B * R);
  const candidates = new Int32Array(R);
  const rows: RankRow<SeriesRaceCell>[] = new Array<RankRow<SeriesRaceCell>>(B);
  for (let bi = 0; bi < B; bi++) {
    const at = bi * R;
    let candidateCount = 0;
    for (let ri = 0; ri < R; ri++) {
      const w = weightOf[ri]!;
      // A redress left pending (none should be) counts as 0, as it always has.
      const r = pending[at + ri] === 1 ? 0 : raw[at + ri]!;
      const p = raceExcluded[ri] === 1 ? 0 : w === 1 ? r : roundTenth(r * w);
      pointsAt[at + ri] = p;
      milliAt[at + ri] = toMilli(p);
      if (raceExcluded[ri] === 1 || policyOf[ri] === 'must_count' || nonDiscardable[at + ri] === 1) continue;
      candidates[candidateCount++] = ri;
    }
    markDiscards(candidates, candidateCount, discardFirst, discardCount, higherIsBetter, milliAt, droppedAt, at);
    let totalMilli = 0;
    let netMilli = 0;
    for (let ri = 0; ri < R; ri++) {
      totalMilli += milliAt[at + ri]!;
      if (droppedAt[at + ri] === 0) netMilli += milliAt[at + ri]!;
    }
    rows[bi] = { boatId: boats[bi]!.id, at, totalMilli, netMilli, keptBestFirst: null, cells: new Array<SeriesRaceCell>(R) };
  }
  // The output cells race by race: each race's results were allocated together, so reading them
  // in that order stays in cache (boat by boat it jumps between 30 result arrays).
  for (let ri = 0; ri < R; ri++) {
    const results = raceResults[ri]!;
    const raceNumber = input.races[ri]!.number;
    const excluded = raceExcluded[ri] === 1;
    for (let bi = 0; bi < B; bi++) {
      const r = results[bi]!;
      const cell = bi * R + ri;
      rows[bi]!.cells[ri] = {
        raceNumber,
        points: pointsAt[cell]!,
        code: r.code,
        penaltyCode: r.penaltyCode,
        position: r.place,
        dropped: droppedAt[cell] === 1,
        nonDiscardable: nonDiscardable[cell] === 1,
        excluded,
        redress: r.code === 'RDG',
        elapsedSeconds: r.elapsedSeconds,
        correctedSeconds: r.correctedSeconds,
        ratingApplied: r.ratingApplied,
        newRating: newRatings === null ? null : newRatings[cell]!,
      };
    }
  }

  // 5. Rank.
  const counted = Int32Array.from(summaries.flatMap((sm, ri) => (sm.excluded ? [] : [ri])));
  const ranked = rankRows(rows, { milliAt, droppedAt, counted }, higherIsBetter);
  return {
    standings: ranked.map(({ row, rank }) => ({ boatId: row.boatId, rank, total: fromMilli(row.totalMilli), net: fromMilli(row.netMilli), races: row.cells })),
    rejected,
    races: summaries,
    racesCompleted,
    discardCount,
    finalRatings: new Map(current),
  };
}
