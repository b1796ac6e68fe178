/**
 * Scoring one race for one fleet: finishing order (or corrected times), codes,
 * ties and penalties → points per boat (RRS Appendix A4–A7, rule 44.3(c)).
 *
 * Redress given by an A9 average cannot be computed from one race; such a boat
 * gets `points: null` here and the series scorer fills it in.
 */
import { CODE_RULES, DEFAULT_PENALTY_PERCENT, type PenaltyCode, type ResultCode } from './codes.js';
import { correctedTime, usesTime, type HandicapSystem } from './handicap.js';
import { elapsedBetween, roundTenth } from './numbers.js';

export type ScoringSystem = 'low_point' | 'high_point' | 'pursuit';
/** A5.2: penalties score series entries + 1. A5.3: boats that came to the starting area + 1 (DNC keeps entries + 1). A5.3_incl_dnc: DNC also scores came + 1. */
export type PenaltyBasis = 'A5.2' | 'A5.3' | 'A5.3_incl_dnc';

export type RedressMethod = 'all_races' | 'all_races_excl_dnc' | 'races_before' | 'stated';

export interface RedressRequest {
  /** A9(a) all_races, A9(b) races_before, A9(c) stated; all_races_excl_dnc = A9(a) leaving out DNC scores up to the discard allowance. */
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

export interface PenaltyRequest {
  readonly code: PenaltyCode;
  /** ZFP/SCP: percentage of the DNF score (default 20). */
  readonly percent?: number;
  /** DPI: stated points. */
  readonly points?: number;
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

interface Finisher {
  readonly boatId: string;
  readonly key: number;
  readonly tiedWithPrevious: boolean;
  readonly elapsed: number | null;
  readonly corrected: number | null;
}

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
  const byBoat = new Map<string, RaceEntry>();
  const boatIds = new Set(input.boats.map((b) => b.id));
  for (const e of input.entries) {
    if (!boatIds.has(e.boatId)) throw new RaceInputError(`entry for unknown boat ${e.boatId}`);
    if (byBoat.has(e.boatId)) throw new RaceInputError(`two entries for boat ${e.boatId}`);
    byBoat.set(e.boatId, e);
  }
  const ratingOf = new Map(input.boats.map((b) => [b.id, b.rating] as const));
  const timed = input.scoringSystem !== 'pursuit' && usesTime(input.handicap);

  // Finishers: no code, or a code that keeps the place (RDG, A6.2). A penalty code keeps the place too.
  const finishers: Finisher[] = [];
  input.entries.forEach((e, index) => {
    if (e.code !== undefined && CODE_RULES[e.code].shiftsPlaces) return;
    const elapsed = elapsedOf(e, input.startTime);
    if (e.code === 'RDG' && e.position === undefined && elapsed === null) return;
    let key: number;
    let corrected: number | null = null;
    if (timed) {
      if (elapsed === null) throw new RaceInputError(`boat ${e.boatId}: finished without a time in a handicap race`);
      const rating = ratingOf.get(e.boatId);
      if (rating === undefined) throw new RaceInputError(`boat ${e.boatId}: no rating`);
      corrected = correctedTime(input.handicap, elapsed, rating, input.distanceNm);
      key = corrected;
    } else {
      key = e.position ?? index + 1;
    }
    finishers.push({ boatId: e.boatId, key, tiedWithPrevious: !timed && e.tiedWithPrevious === true, elapsed, corrected });
  });
  finishers.sort((a, b) => a.key - b.key);

  // Places and A7 ties.
  const placeOf = new Map<string, { place: number; shared: number }>();
  for (let i = 0; i < finishers.length; ) {
    let j = i + 1;
    while (j < finishers.length && (finishers[j]!.key === finishers[j - 1]!.key || finishers[j]!.tiedWithPrevious)) j++;
    const first = i + 1;
    const last = j;
    const shared = (first + last) / 2;
    for (let k = i; k < j; k++) placeOf.set(finishers[k]!.boatId, { place: first, shared });
    i = j;
  }

  const entriesCount = input.entriesCountOverride ?? input.boats.length;
  let came = 0;
  for (const b of input.boats) {
    const e = byBoat.get(b.id);
    if (e === undefined) continue;
    const present = e.startPresent ?? (e.code === undefined || CODE_RULES[e.code].cameToStart);
    if (present) came++;
  }
  const startersBase = input.penaltyBasis === 'A5.2' ? entriesCount : came;
  const dnfPoints = startersBase + 1;
  const dncPoints = (input.penaltyBasis === 'A5.3_incl_dnc' ? came : entriesCount) + 1;
  const offset = input.placeOffset ?? 0;
  const highPoint = input.scoringSystem === 'high_point';
  const finisherCount = finishers.length;

  const finishersById = new Map(finishers.map((f) => [f.boatId, f] as const));
  const results: BoatRaceResult[] = input.boats.map((b) => {
    const e = byBoat.get(b.id);
    const f = finishersById.get(b.id);
    const p = placeOf.get(b.id);
    const code: ResultCode | null = e === undefined ? 'DNC' : (e.code ?? null);
    let points: number | null;
    let penaltyCode: PenaltyCode | null = null;
    if (code !== null && code !== 'RDG') {
      points = highPoint ? 0 : CODE_RULES[code].base === 'entries' ? dncPoints : dnfPoints;
    } else if (code === 'RDG') {
      const r = e?.redress;
      points = r?.method === 'stated' && r.points !== undefined ? r.points : null;
    } else {
      if (p === undefined) throw new RaceInputError(`boat ${b.id}: not placed`);
      if (highPoint) {
        points = Math.max(0, came - p.shared + 1);
      } else {
        points = p.shared + offset;
      }
      const pen = e?.penalty;
      if (pen !== undefined) {
        penaltyCode = pen.code;
        const amount =
          pen.code === 'DPI' ? (pen.points ?? 0) : roundTenth(((pen.percent ?? DEFAULT_PENALTY_PERCENT) / 100) * (highPoint ? came : dnfPoints));
        points = highPoint ? Math.max(0, roundTenth(points - amount)) : Math.min(roundTenth(points + amount), dnfPoints);
      }
    }
    return {
      boatId: b.id,
      place: p === undefined ? null : p.place,
      points,
      code,
      penaltyCode,
      elapsedSeconds: f?.elapsed ?? null,
      correctedSeconds: f?.corrected ?? null,
      ratingApplied: ratingOf.get(b.id) ?? null,
      redress: code === 'RDG' ? (e?.redress ?? { method: 'all_races' }) : null,
      implicit: e === undefined,
    };
  });
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
