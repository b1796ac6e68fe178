/**
 * Scoring one race for one fleet: finishing order (or corrected times), codes,
 * ties and penalties → points per boat (RRS Appendix A4–A7, rule 44.3(c)).
 *
 * Redress given by an A9 average cannot be computed from one race; such a boat
 * gets `points: null` here and the series scorer fills it in.
 */
import { CODE_RULES, DEFAULT_PENALTY_PERCENT, type PenaltyCode, type ResultCode } from './codes.js';
import { correctedTime, usesTime, type HandicapSystem } from './handicap.js';
import { indexFleet, lastOf, type FleetIndex } from './fleet-index.js';
import { elapsedBetween, roundTenth } from './numbers.js';

/**
 * high_point: a finisher scores (boats that came to the starting area − place + 1).
 * high_point_percentage: 100 × (came − place + 1) / came, to a tenth (docs/scoring.md).
 */
export type ScoringSystem = 'low_point' | 'high_point' | 'high_point_percentage' | 'pursuit';
/**
 * A5.2: penalties score series entries + 1. A5.3: boats that came to the starting area + 1 (DNC keeps entries + 1).
 * A5.3_incl_dnc: DNC also scores came + 1. finishers_plus: finishers in the race + N (`finishersPlus`: DNF-like
 * codes + dnf, DNC + dnc), Sailwave's "Finishers +" used by ILCA events.
 */
export type PenaltyBasis = 'A5.2' | 'A5.3' | 'A5.3_incl_dnc' | 'finishers_plus';

/** The N of the finishers_plus basis: DNF-like codes score finishers + dnf, DNC (and DNE-like) finishers + dnc. */
export interface FinishersPlus {
  readonly dnf: number;
  readonly dnc: number;
}
export const DEFAULT_FINISHERS_PLUS: FinishersPlus = { dnf: 1, dnc: 2 };

/** True for both high point systems (higher scores are better, non-finishers score 0). */
export function isHighPoint(system: ScoringSystem): boolean {
  return system === 'high_point' || system === 'high_point_percentage';
}

export type RedressMethod = 'all_races' | 'all_races_excl_dnc' | 'all_races_without_dnc' | 'races_before' | 'stated';

export interface RedressRequest {
  /**
   * A9(a) all_races, A9(b) races_before, A9(c) stated; all_races_excl_dnc = A9(a) leaving out DNC scores up to the
   * discard allowance; all_races_without_dnc = A9(a) leaving out every DNC score (the races she sailed).
   */
  readonly method: RedressMethod;
  /** Stated points (method 'stated'). */
  readonly points?: number;
  /** Race numbers to leave out of the average pool. */
  readonly excludeRaces?: readonly number[];
  /** Restrict the average pool to these race numbers. */
  readonly includeRaces?: readonly number[];
  /** With races_before: also include every race after this one. */
  readonly includeAllLater?: boolean;
}

/**
 * Penalties on a finisher. Penalties for separate incidents add up (a ZFP from the start and a DPI from
 * a hearing), capped at the DNF score: the code names the latest, `percent` and `points` carry all.
 */
export interface PenaltyRequest {
  readonly code: PenaltyCode;
  /** ZFP/SCP: percentage of the DNF score (default 20). DPI: a scoring penalty she also has (none when absent). */
  readonly percent?: number;
  /** DPI: stated points. ZFP/SCP: a DPI she also has. */
  readonly points?: number;
}

/** The points a finisher's penalties add (before the DNF cap): DPI points plus the 44.3(c) share. */
export function penaltyPoints(pen: PenaltyRequest, base: number): number {
  const percent = pen.code === 'DPI' ? pen.percent : (pen.percent ?? DEFAULT_PENALTY_PERCENT);
  return roundTenth((pen.points ?? 0) + (percent === undefined ? 0 : penaltyAmount(percent, base)));
}

export interface RaceEntry {
  readonly boatId: string;
  /** Finishing position (order on the water). One-design and pursuit rank on it. */
  readonly position?: number;
  /** Crossed the line level with the previous boat in position order. */
  readonly tiedWithPrevious?: boolean;
  /** Wall-clock finish "HH:MM:SS" (with the race's startTime) … */
  readonly finishTime?: string;
  /** … or the elapsed time directly. */
  readonly elapsedSeconds?: number;
  readonly code?: ResultCode;
  readonly penalty?: PenaltyRequest;
  /** Came to the starting area (A5.3). Unset: every boat with a record other than DNC. */
  readonly startPresent?: boolean;
  readonly redress?: RedressRequest;
}

export interface RaceBoat {
  readonly id: string;
  /** Rating applied in this race, in the handicap system's unit. */
  readonly rating?: number | undefined;
}

export interface RaceScoringInput {
  readonly scoringSystem: ScoringSystem;
  readonly handicap: HandicapSystem;
  readonly penaltyBasis: PenaltyBasis;
  /** Every boat entitled to race in this fleet; boats without an entry are DNC. */
  readonly boats: readonly RaceBoat[];
  readonly startTime?: string;
  readonly distanceNm?: number;
  readonly entries: readonly RaceEntry[];
  /** Added to every finishing place (a split-fleet race scored from below the medal fleet). */
  readonly placeOffset?: number;
  /** Overrides the entries count used for penalty scores (split-fleet qualifying: largest fleet). */
  readonly entriesCountOverride?: number;
  /** The N of the finishers_plus basis (default DEFAULT_FINISHERS_PLUS). */
  readonly finishersPlus?: FinishersPlus;
}

export interface BoatRaceResult {
  readonly boatId: string;
  /** Finishing place (ties share the first place of the group); null for a non-finisher. */
  readonly place: number | null;
  /** Points before race weighting; null when redress must be averaged at series level. */
  readonly points: number | null;
  readonly code: ResultCode | null;
  readonly penaltyCode: PenaltyCode | null;
  readonly elapsedSeconds: number | null;
  readonly correctedSeconds: number | null;
  readonly ratingApplied: number | null;
  readonly redress: RedressRequest | null;
  /** The boat had no record in the race (implicit DNC). */
  readonly implicit: boolean;
}

export interface RaceScore {
  readonly finisherCount: number;
  /** No boat finished: the race is not scored (0 points, not a race sailed). */
  readonly excluded: boolean;
  readonly entriesCount: number;
  readonly cameToStartCount: number;
  readonly dnfPoints: number;
  readonly dncPoints: number;
  /** In the order of `input.boats`. */
  readonly results: readonly BoatRaceResult[];
}

export class RaceInputError extends Error {}

function elapsedOf(entry: RaceEntry, startTime: string | undefined): number | null {
  if (entry.elapsedSeconds !== undefined) return entry.elapsedSeconds;
  if (entry.finishTime !== undefined) {
    if (startTime === undefined) throw new RaceInputError(`boat ${entry.boatId}: finish time without a race start time`);
    const e = elapsedBetween(startTime, entry.finishTime);
    if (e === null) throw new RaceInputError(`boat ${entry.boatId}: unreadable finish time "${entry.finishTime}"`);
    return e;
  }
  return null;
}

export function scoreRace(input: RaceScoringInput): RaceScore {
  const ids = input.boats.map((b) => b.id);
  const ratings = input.boats.map((b) => b.rating);
  return scoreRaceIndexed(input, indexFleet(ids), ratings);
}

/** A race's settings without its boats: scoreRaceIndexed takes them as a FleetIndex and ratings. */
export type RaceSettings = Omit<RaceScoringInput, 'boats'>;

/**
 * scoreRace over boats already resolved to positions (`fleet`), with the
 * rating each position applies in this race. scoreSeries indexes its fleet
 * once and calls this per race; the result is the same as scoreRace's.
 *
 * `leaveOut` null (scoreRace): an entry for a boat outside the fleet is an
 * error. A set (scoreSeries): such entries, and those of the boats in the set,
 * are ignored, exactly as if the race had been given without them.
 */
export function scoreRaceIndexed(
  input: RaceSettings,
  fleet: FleetIndex,
  ratingsByPosition: readonly (number | undefined)[],
  leaveOut: ReadonlySet<string> | null = null,
): RaceScore {
  const n = fleet.ids.length;
  const canon = fleet.canonical;
  const entries = input.entries;
  // Records and ratings live at canonical positions (see fleet-index.ts for repeated ids);
  // entryPos[x] is entry x's position, −1 when it is left out.
  const entryAt = new Array<RaceEntry | undefined>(n);
  const entryPos = new Int32Array(entries.length);
  const checkLeaveOut = leaveOut !== null && leaveOut.size > 0;
  for (let x = 0; x < entries.length; x++) {
    const e = entries[x]!;
    const c = fleet.byId.get(e.boatId);
    if (c === undefined || (checkLeaveOut && leaveOut.has(e.boatId))) {
      if (leaveOut === null) throw new RaceInputError(`entry for unknown boat ${e.boatId}`);
      entryPos[x] = -1;
      continue;
    }
    if (entryAt[c] !== undefined) throw new RaceInputError(`two entries for boat ${e.boatId}`);
    entryAt[c] = e;
    entryPos[x] = c;
  }
  const ratingAt = lastOf(fleet, ratingsByPosition);
  const timed = input.scoringSystem !== 'pursuit' && usesTime(input.handicap);

  // Finishers: no code, or a code that keeps the place (RDG, A6.2). A penalty code keeps the place too.
  // Kept as parallel arrays (finisher k = k-th finishing entry) to avoid an object per boat.
  const finPos: number[] = [];
  const finKey: number[] = [];
  const finTied: boolean[] = [];
  const elapsedAt = new Array<number | null>(n);
  const correctedAt = new Array<number | null>(n);
  // `index` counts the entries taken (a finisher without a position is placed in entry order).
  for (let x = 0, index = -1; x < entries.length; x++) {
    const c = entryPos[x]!;
    if (c < 0) continue;
    index++;
    const e = entries[x]!;
    if (e.code !== undefined && CODE_RULES[e.code].shiftsPlaces) continue;
    const elapsed = elapsedOf(e, input.startTime);
    if (e.code === 'RDG' && e.position === undefined && elapsed === null) continue;
    let key: number;
    let corrected: number | null = null;
    if (timed) {
      if (elapsed === null) throw new RaceInputError(`boat ${e.boatId}: finished without a time in a handicap race`);
      const rating = ratingAt[c];
      if (rating === undefined) throw new RaceInputError(`boat ${e.boatId}: no rating`);
      corrected = correctedTime(input.handicap, elapsed, rating, input.distanceNm);
      key = corrected;
    } else {
      key = e.position ?? index + 1;
    }
    finPos.push(c);
    finKey.push(key);
    finTied.push(!timed && e.tiedWithPrevious === true);
    elapsedAt[c] = elapsed;
    correctedAt[c] = corrected;
  }
  const order = finishingOrder(finKey);

  // Places and A7 ties, by canonical position (0 = not placed; places start at 1).
  // Places are whole numbers: an Int32Array hands them out as small integers, where a float
  // array would box every place in a heap number of its own (measured: 15,000 per 500 × 30 series).
  const placeAt = new Int32Array(n);
  const sharedAt = new Float64Array(n);
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && (finKey[order[j]!] === finKey[order[j - 1]!] || finTied[order[j]!])) j++;
    const first = i + 1;
    const last = j;
    const shared = (first + last) / 2;
    for (let k = i; k < j; k++) {
      placeAt[finPos[order[k]!]!] = first;
      sharedAt[finPos[order[k]!]!] = shared;
    }
    i = j;
  }

  const entriesCount = input.entriesCountOverride ?? n;
  let came = 0;
  for (let i = 0; i < n; i++) {
    const e = entryAt[canon === null ? i : canon[i]!];
    if (e === undefined) continue;
    const present = e.startPresent ?? (e.code === undefined || CODE_RULES[e.code].cameToStart);
    if (present) came++;
  }
  const finisherCount = finKey.length;
  const plus = input.finishersPlus ?? DEFAULT_FINISHERS_PLUS;
  const byFinishers = input.penaltyBasis === 'finishers_plus';
  const startersBase = input.penaltyBasis === 'A5.2' ? entriesCount : came;
  const dnfPoints = byFinishers ? finisherCount + plus.dnf : startersBase + 1;
  const dncPoints = byFinishers ? finisherCount + plus.dnc : (input.penaltyBasis === 'A5.3_incl_dnc' ? came : entriesCount) + 1;
  const offset = input.placeOffset ?? 0;
  const highPoint = isHighPoint(input.scoringSystem);
  const percentage = input.scoringSystem === 'high_point_percentage';
  // The best high-point score: `came` points, or 100 in the percentage variant (penalties take a share of it).
  const highPointTop = percentage ? 100 : came;

  const results = new Array<BoatRaceResult>(n);
  for (let i = 0; i < n; i++) {
    const c = canon === null ? i : canon[i]!;
    const e = entryAt[c];
    const placed = placeAt[c] !== 0;
    const code: ResultCode | null = e === undefined ? 'DNC' : (e.code ?? null);
    let points: number | null;
    let penaltyCode: PenaltyCode | null = null;
    if (code !== null && code !== 'RDG') {
      points = highPoint ? 0 : CODE_RULES[code].base === 'entries' ? dncPoints : dnfPoints;
    } else if (code === 'RDG') {
      const r = e?.redress;
      points = r?.method === 'stated' && r.points !== undefined ? r.points : null;
    } else {
      if (!placed) throw new RaceInputError(`boat ${fleet.ids[i]}: not placed`);
      if (percentage) {
        points = came > 0 ? Math.max(0, roundTenth((100 * (came - sharedAt[c]! + 1)) / came)) : 0;
      } else if (highPoint) {
        points = Math.max(0, came - sharedAt[c]! + 1);
      } else {
        points = sharedAt[c]! + offset;
      }
      const pen = e?.penalty;
      if (pen !== undefined) {
        penaltyCode = pen.code;
        const amount = penaltyPoints(pen, highPoint ? highPointTop : dnfPoints);
        points = highPoint ? Math.max(0, roundTenth(points - amount)) : Math.min(roundTenth(points + amount), dnfPoints);
      }
    }
    results[i] = {
      boatId: fleet.ids[i]!,
      place: placed ? placeAt[c]! : null,
      points,
      code,
      penaltyCode,
      elapsedSeconds: elapsedAt[c] ?? null,
      correctedSeconds: correctedAt[c] ?? null,
      ratingApplied: ratingAt[c] ?? null,
      redress: code === 'RDG' ? (e?.redress ?? { method: 'all_races' }) : null,
      implicit: e === undefined,
    };
  }
  return {
    finisherCount,
    excluded: finisherCount === 0,
    entriesCount,
    cameToStartCount: came,
    dnfPoints,
    dncPoints,
    results,
  };
}

/**
 * Finisher indices ordered by key, equal keys in entry order (a stable sort).
 * Keys are whole numbers in practice (corrected times are rounded to the
 * second; positions): a counting sort when they span a small range, else
 * key and index packed into one float and sorted natively. Both are several
 * times faster than a comparator sort, which remains for any other key.
 */
function finishingOrder(keys: readonly number[]): number[] {
  const n = keys.length;
  const order = new Array<number>(n);
  let min = Infinity;
  let max = -Infinity;
  let integral = true;
  for (let k = 0; k < n && integral; k++) {
    const key = keys[k]!;
    integral = Number.isInteger(key);
    if (key < min) min = key;
    if (key > max) max = key;
  }
  if (n > 0 && integral && max - min <= COUNTING_SPAN * n) {
    // starts[v] = first slot of key min + v; filling in index order keeps equal keys stable.
    const starts = new Int32Array(max - min + 2);
    for (let k = 0; k < n; k++) starts[keys[k]! - min + 1]!++;
    for (let v = 1; v < starts.length; v++) starts[v]! += starts[v - 1]!;
    for (let k = 0; k < n; k++) order[starts[keys[k]! - min]!++] = k;
    return order;
  }
  if (integral && n < PACK && min > -KEY_LIMIT && max < KEY_LIMIT) {
    // key·2^21 + index is exact below 2^53 and orders by (key, index).
    const packed = new Float64Array(n);
    for (let k = 0; k < n; k++) packed[k] = keys[k]! * PACK + k;
    packed.sort();
    for (let k = 0; k < n; k++) {
      const p = packed[k]!;
      order[k] = p - Math.floor(p / PACK) * PACK;
    }
    return order;
  }
  for (let k = 0; k < n; k++) order[k] = k;
  return order.sort((a, b) => keys[a]! - keys[b]!);
}

/** A counting sort is used while the keys span at most this many values per finisher. */
const COUNTING_SPAN = 16;
const PACK = 2 ** 21;
const KEY_LIMIT = 2 ** 31;

/**
 * A 44.3(c) scoring penalty (SCP, and ZFP by rule 30.2), in the 2025-2028 rules: points, the stated
 * percentage (default 20%) of the score for DNF, "rounded to the nearest tenth of a point (0.05
 * rounded upward)". (The 2021-2024 rule counted places rounded to a whole number; the new edition
 * changed it.) The caller caps the result at the DNF score (high point: takes it from the best score).
 */
export function penaltyAmount(percent: number, base: number): number {
  return roundTenth((percent / 100) * base);
}
