/**
 * A fleet's set-up as the events service sends it (strings from the projection) → the engine's
 * configuration: scoring system, handicap system with its parameters, penalty basis, discards, and
 * which rating a boat needs. Names come from the shared vocabulary (SCORING_SYSTEMS, HANDICAP_SYSTEMS).
 */
import { SCORING_SYSTEMS, needsCourseDistance as systemNeedsCourseDistance, type ScoringSystem } from '@regatta/contracts';
import { HandicapError, RaceInputError, type DiscardSchedule, type FleetConfig, type HandicapSystem, type PenaltyBasis } from '@regatta/scoring-engine';

export interface FleetSetup {
  id: string;
  name: string;
  scoringSystem: string;
  dropRaces: number;
  handicapSystem: string;
  handicapParams: Record<string, number>;
  penaltyBasis: string;
  discardThresholds: number[];
  /** The engine options (absent on fleets projected before them). */
  options?: FleetScoringOptions | undefined;
}

/** Fleet options beyond the original set-up: the finishers_plus N, proportional discards, redress defaults. */
export interface FleetScoringOptions {
  /** The N of penaltyBasis finishers_plus (default DNF-like + 1, DNC + 2). */
  finishersPlus?: { dnf: number; dnc: number } | undefined;
  /** One discard once `firstAt` races are completed, one more every `everyRaces` after; replaces thresholds and dropRaces. */
  proportionalDiscards?: { firstAt: number; everyRaces: number } | undefined;
  /** Redress (RDG) given without a method: which A9 average, and whether DNC scores are left out of A9(a). */
  redress?: { defaultMethod?: 'average_all' | 'average_before' | undefined; excludeDnc?: boolean | undefined } | undefined;
}

/** A set-up the engine cannot score (the fleet names a handicap system nobody knows). */
export class ScoringSetupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An input the checks let through but the engine cannot score: a race input or a handicap the engine
 * refuses, or a set-up nobody can score. Callers answer it as 400 `unscorable_results` or keep the
 * scores as they were; anything else is a fault.
 */
export function isUnscorable(error: unknown): error is Error {
  return error instanceof RaceInputError || error instanceof HandicapError || error instanceof ScoringSetupError;
}

export function scoringSystemOf(fleet: FleetSetup): ScoringSystem {
  return (SCORING_SYSTEMS as readonly string[]).includes(fleet.scoringSystem) ? (fleet.scoringSystem as ScoringSystem) : 'low_point';
}

export function handicapOf(fleet: FleetSetup): HandicapSystem {
  const p = fleet.handicapParams ?? {};
  const num = (...names: string[]) => {
    for (const name of names) if (typeof p[name] === 'number' && Number.isFinite(p[name])) return p[name];
    return undefined;
  };
  const system = (fleet.handicapSystem || 'one_design').toLowerCase();
  switch (system) {
    case 'one_design':
    case 'phrf_tod':
    case 'irc':
    case 'vprs':
    case 'orc_tod':
    case 'orc_tot':
    case 'portsmouth_rya':
    case 'portsmouth_us':
      return { kind: system };
    case 'phrf_tot': {
      const a = num('a', 'A');
      const b = num('b', 'B');
      return { kind: 'phrf_tot', ...(a !== undefined ? { a } : {}), ...(b !== undefined ? { b } : {}) };
    }
    case 'nhc': {
      const profile: Record<string, number> = {};
      for (const key of ['alphaP', 'alphaN', 'alphaPX', 'alphaNX', 'sdOver', 'sdUnder', 'minFin']) {
        const value = num(key);
        if (value !== undefined) profile[key] = value;
      }
      return Object.keys(profile).length > 0 ? { kind: 'nhc', profile } : { kind: 'nhc' };
    }
    case 'echo': {
      const alpha = num('alpha');
      const minFinishers = num('minFinishers', 'min_finishers');
      return { kind: 'echo', ...(alpha !== undefined ? { alpha } : {}), ...(minFinishers !== undefined ? { minFinishers } : {}) };
    }
    default:
      throw new ScoringSetupError('unsupported_handicap_system', `Fleet ${fleet.name} uses the unknown handicap system "${fleet.handicapSystem}".`);
  }
}

/**
 * "series_entries" → A5.2 (default); "starting_area" → A5.3; "starting_area_incl_dnc" → A5.3 with DNC on
 * came + 1; "finishers_plus" → finishers in the race + N.
 */
export function penaltyBasisOf(fleet: FleetSetup): PenaltyBasis {
  switch (fleet.penaltyBasis) {
    case 'finishers_plus':
      return 'finishers_plus';
    case 'starting_area':
    case 'A5.3':
      return 'A5.3';
    case 'starting_area_incl_dnc':
    case 'A5.3_incl_dnc':
      return 'A5.3_incl_dnc';
    default:
      return 'A5.2';
  }
}

/**
 * Discards: `options.proportionalDiscards` {firstAt 4, everyRaces 3} means one discard from 4 races, two
 * from 7, three from 10 (it replaces the others); `discardThresholds` [4, 8] means one discard from 4
 * races completed, two from 8; without either the fleet's `dropRaces` discards apply (never every race:
 * min(dropRaces, races − 1)).
 */
export function discardScheduleOf(fleet: FleetSetup): DiscardSchedule {
  const proportional = fleet.options?.proportionalDiscards;
  if (proportional && proportional.firstAt > 0 && proportional.everyRaces > 0) {
    return { kind: 'proportional', firstAt: proportional.firstAt, everyRaces: proportional.everyRaces };
  }
  const thresholds = [...(fleet.discardThresholds ?? [])].filter((t) => Number.isFinite(t) && t > 0).sort((a, b) => a - b);
  if (thresholds.length > 0) return { kind: 'thresholds', thresholds: thresholds.map((minRaces, i) => ({ minRaces, discardCount: i + 1 })) };
  if (fleet.dropRaces > 0) return { kind: 'fixed', count: fleet.dropRaces };
  return { kind: 'none' };
}

/** The discards the fleet's set-up allows at most (`scoringSystem.drops`). */
export function declaredDrops(fleet: FleetSetup): number {
  // Proportional discards have no upper bound: the count in force is the applied one (appliedDrops).
  if (discardScheduleOf(fleet).kind === 'proportional') return 0;
  const thresholds = (fleet.discardThresholds ?? []).filter((t) => Number.isFinite(t) && t > 0);
  return thresholds.length > 0 ? thresholds.length : Math.max(0, fleet.dropRaces);
}

export function fleetConfigOf(fleet: FleetSetup): FleetConfig {
  const basis = penaltyBasisOf(fleet);
  const plus = fleet.options?.finishersPlus;
  return {
    scoringSystem: scoringSystemOf(fleet),
    handicap: handicapOf(fleet),
    penaltyBasis: basis,
    ...(basis === 'finishers_plus' && plus ? { finishersPlus: { dnf: plus.dnf, dnc: plus.dnc } } : {}),
    discards: discardScheduleOf(fleet),
  };
}

/** True when boats are ranked on corrected time and so need a rating. */
export function needsRatings(fleet: FleetSetup): boolean {
  return scoringSystemOf(fleet) !== 'pursuit' && handicapOf(fleet).kind !== 'one_design';
}

/** The shared rule (time-on-distance systems ranked on corrected time) applied to the fleet's set-up. */
export function needsCourseDistance(fleet: FleetSetup): boolean {
  return systemNeedsCourseDistance(handicapOf(fleet).kind, scoringSystemOf(fleet));
}

/**
 * Rating keys tried for a system, most specific first: registrations carry `ratings` by the shared
 * RATING_KEYS, and older ones by these aliases (tcc, gph, py…), which are still honoured.
 */
const RATING_LOOKUP: Readonly<Record<string, readonly string[]>> = {
  phrf_tod: ['phrf_tod', 'phrf'],
  phrf_tot: ['phrf_tot', 'phrf'],
  irc: ['irc', 'tcc'],
  vprs: ['vprs', 'tcc'],
  orc_tod: ['orc_tod', 'orc_gph', 'gph', 'orc'],
  orc_tot: ['orc_tot', 'orc_tcc', 'orc'],
  portsmouth_rya: ['portsmouth_rya', 'portsmouth', 'py', 'pn'],
  portsmouth_us: ['portsmouth_us', 'dpn', 'd_pn', 'portsmouth'],
  nhc: ['nhc', 'tcf'],
  echo: ['echo', 'tcf'],
};

/** The boat's rating for the fleet's handicap system, or undefined when she has none. */
export function ratingFor(fleet: FleetSetup, ratings: Record<string, number>): number | undefined {
  const kind = handicapOf(fleet).kind;
  const lower = new Map(Object.entries(ratings ?? {}).map(([key, value]) => [key.toLowerCase(), value] as const));
  for (const key of [...(RATING_LOOKUP[kind] ?? [kind]), 'rating']) {
    const value = lower.get(key);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}
