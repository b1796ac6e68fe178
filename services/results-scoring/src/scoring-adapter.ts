/**
 * The thin seam between the service (projections, stored submissions) and the pure scoring engine in
 * ./domain: maps a fleet's set-up, its races and the boats' stored results to engine inputs, and the
 * engine's output back to per-result numbers and a standings snapshot. No I/O here.
 *
 * Which races count in the standings: races whose status is `finished` (results of a race still
 * `started`, `scheduled` or `postponed` are stored and shown, scored on their own as provisional race
 * points, but do not count yet); `abandoned` races are struck (scored as not sailed).
 */
import {
  PENALTY_CODES,
  RESULT_CODES,
  rankItems,
  scoreRace,
  scoreSeries,
  selectDiscards,
  sumPoints,
  type DiscardSchedule,
  type FleetConfig,
  type HandicapSystem,
  type PenaltyBasis,
  type PenaltyCode,
  type RaceEntry,
  type RankItem,
  type RedressRequest,
  type ResultCode,
  type ScoringSystem,
  type SeriesBoat,
  type SeriesRace,
} from './domain/index.js';

export { HandicapError, RaceInputError } from './domain/index.js';

// ---------------------------------------------------------------------------------------------
// Vocabulary of the API
// ---------------------------------------------------------------------------------------------

/** Public result statuses of the contract. */
export const PUBLIC_STATUSES = ['finished', 'dnf', 'dns', 'dsq', 'dnc', 'raf'] as const;
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

/** Appendix A codes accepted in `results[].code` (case-insensitive on input, upper case on output). */
export const INPUT_CODES = ['dnf', 'dns', 'dsq', 'dnc', 'ocs', 'zfp', 'ufd', 'bfd', 'scp', 'nsc', 'ret', 'dne', 'rdg', 'dpi'] as const;
export type InputCode = (typeof INPUT_CODES)[number];

/** Which codes go with which public status (the first is the default when `code` is omitted). */
export const CODES_BY_STATUS: Readonly<Record<PublicStatus, readonly (InputCode | null)[]>> = {
  finished: [null, 'zfp', 'scp', 'dpi', 'rdg'],
  dnf: ['dnf', 'ret', 'nsc', 'rdg'],
  dns: ['dns', 'ocs', 'rdg'],
  dsq: ['dsq', 'ufd', 'bfd', 'dne', 'rdg'],
  dnc: ['dnc', 'rdg'],
  raf: ['ret', 'rdg'],
};

export const RACE_STATUSES = ['scheduled', 'postponed', 'started', 'finished', 'abandoned'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

export const REDRESS_METHODS = ['average_all', 'average_before', 'points'] as const;
export type RedressMethodInput = (typeof REDRESS_METHODS)[number];

/** The stored code of an entry: the given code, else the status's default (null for a clean finish). */
export function effectiveCode(status: PublicStatus, code: string | null | undefined): string | null {
  const given = code ? code.toLowerCase() : null;
  const chosen = given ?? CODES_BY_STATUS[status][0] ?? null;
  return chosen ? chosen.toUpperCase() : null;
}

export function codeAllowed(status: PublicStatus, code: string | null | undefined): boolean {
  if (!code) return true;
  return (CODES_BY_STATUS[status] as readonly (string | null)[]).includes(code.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Inputs (what the store hands over)
// ---------------------------------------------------------------------------------------------

export interface FleetSetup {
  id: string;
  name: string;
  scoringSystem: string;
  dropRaces: number;
  handicapSystem: string;
  handicapParams: Record<string, number>;
  penaltyBasis: string;
  discardThresholds: number[];
}

export interface RaceInfo {
  id: string;
  number: number;
  name: string;
  weight: number;
  mustCount: boolean;
  discardFirst: boolean;
  distanceNm: number | null;
  /** Effective status (progress recorded here, else the schedule's). */
  status: RaceStatus;
  actualStart: Date | null;
  /** Results were submitted for this race. */
  hasResults: boolean;
}

export interface BoatInfo {
  boatId: string;
  name: string;
  sailNumber: string | null;
  sailorName: string | null;
  userId: string | null;
  ratings: Record<string, number>;
}

export interface StoredEntry {
  boatId: string;
  seq: number;
  status: PublicStatus;
  /** Upper-case Appendix A code or null. */
  code: string | null;
  finishTime: Date | null;
  penaltyPercent: number | null;
  penaltyPoints: number | null;
  redressMethod: RedressMethodInput | null;
  redressPoints: number | null;
}

// ---------------------------------------------------------------------------------------------
// Fleet set-up → engine configuration
// ---------------------------------------------------------------------------------------------

export class ScoringSetupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const SCORING_SYSTEMS: readonly ScoringSystem[] = ['low_point', 'high_point', 'pursuit'];

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

/** "series_entries" → A5.2 (default); "starting_area" → A5.3; "starting_area_incl_dnc" → A5.3 with DNC on came + 1. */
export function penaltyBasisOf(fleet: FleetSetup): PenaltyBasis {
  switch (fleet.penaltyBasis) {
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
 * Discards: `discardThresholds` [4, 8] means one discard from 4 races completed, two from 8; without
 * thresholds the fleet's `dropRaces` discards apply (never every race: min(dropRaces, races − 1)).
 */
export function discardScheduleOf(fleet: FleetSetup): DiscardSchedule {
  const thresholds = [...(fleet.discardThresholds ?? [])].filter((t) => Number.isFinite(t) && t > 0).sort((a, b) => a - b);
  if (thresholds.length > 0) return { kind: 'thresholds', thresholds: thresholds.map((minRaces, i) => ({ minRaces, discardCount: i + 1 })) };
  if (fleet.dropRaces > 0) return { kind: 'fixed', count: fleet.dropRaces };
  return { kind: 'none' };
}

/** The discards the fleet's set-up allows at most (`scoringSystem.drops`). */
export function declaredDrops(fleet: FleetSetup): number {
  const thresholds = (fleet.discardThresholds ?? []).filter((t) => Number.isFinite(t) && t > 0);
  return thresholds.length > 0 ? thresholds.length : Math.max(0, fleet.dropRaces);
}

export function fleetConfigOf(fleet: FleetSetup): FleetConfig {
  return { scoringSystem: scoringSystemOf(fleet), handicap: handicapOf(fleet), penaltyBasis: penaltyBasisOf(fleet), discards: discardScheduleOf(fleet) };
}

/** True when boats are ranked on corrected time and so need a rating. */
export function needsRatings(fleet: FleetSetup): boolean {
  return scoringSystemOf(fleet) !== 'pursuit' && handicapOf(fleet).kind !== 'one_design';
}

export function needsCourseDistance(fleet: FleetSetup): boolean {
  if (!needsRatings(fleet)) return false;
  const kind = handicapOf(fleet).kind;
  return kind === 'phrf_tod' || kind === 'orc_tod';
}

/** Rating keys tried for a system, most specific first (registrations carry `ratings` by system). */
const RATING_KEYS: Record<string, string[]> = {
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
  for (const key of [...(RATING_KEYS[kind] ?? [kind]), 'rating']) {
    const value = lower.get(key);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Stored entries → engine race entries
// ---------------------------------------------------------------------------------------------

export function elapsedSecondsOf(start: Date | null, finish: Date | null): number | null {
  if (!start || !finish) return null;
  return (finish.getTime() - start.getTime()) / 1000;
}

/** Keeps her place in the finishing order (a clean finish, a 44.3(c)-style penalty, or redress given to a finisher). */
function isFinisher(entry: StoredEntry): boolean {
  return entry.status === 'finished';
}

function redressOf(entry: StoredEntry): RedressRequest {
  switch (entry.redressMethod) {
    case 'average_before':
      return { method: 'races_before' };
    case 'points':
      return { method: 'stated', points: entry.redressPoints ?? 0 };
    default:
      return { method: 'all_races' };
  }
}

/** Engine entries of one race. One-design and pursuit fleets rank on the order of finish times. */
export function raceEntriesOf(fleet: FleetSetup, race: Pick<RaceInfo, 'actualStart'>, entries: readonly StoredEntry[]): RaceEntry[] {
  const finishers = entries
    .filter((e) => isFinisher(e) && e.finishTime !== null)
    .sort((a, b) => a.finishTime!.getTime() - b.finishTime!.getTime() || a.seq - b.seq);
  const positionOf = new Map<string, { position: number; tied: boolean }>();
  finishers.forEach((e, i) => {
    const previous = finishers[i - 1];
    positionOf.set(e.boatId, { position: i + 1, tied: previous !== undefined && previous.finishTime!.getTime() === e.finishTime!.getTime() });
  });
  return [...entries]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => {
      const code = e.code?.toUpperCase() ?? null;
      const out: { -readonly [K in keyof RaceEntry]: RaceEntry[K] } = { boatId: e.boatId };
      const place = positionOf.get(e.boatId);
      if (place) {
        out.position = place.position;
        if (place.tied) out.tiedWithPrevious = true;
        const elapsed = elapsedSecondsOf(race.actualStart, e.finishTime);
        if (elapsed !== null) out.elapsedSeconds = elapsed;
      }
      if (code !== null) {
        if ((PENALTY_CODES as readonly string[]).includes(code)) {
          out.penalty = {
            code: code as PenaltyCode,
            ...(e.penaltyPercent !== null ? { percent: e.penaltyPercent } : {}),
            ...(e.penaltyPoints !== null ? { points: e.penaltyPoints } : {}),
          };
        } else if ((RESULT_CODES as readonly string[]).includes(code)) {
          out.code = code as ResultCode;
          if (code === 'RDG') out.redress = redressOf(e);
        }
      }
      return out;
    });
}

// ---------------------------------------------------------------------------------------------
// Scoring a fleet
// ---------------------------------------------------------------------------------------------

export interface ComputedResult {
  position: number | null;
  elapsedSeconds: number | null;
  correctedSeconds: number | null;
  points: number | null;
}

export interface StandingRaceResult {
  raceId: string;
  race: number;
  points: number;
  dropped: boolean;
  code: string | null;
}

export interface StandingEntrySnapshot {
  position: number;
  boatId: string;
  userId: string | null;
  sailorName: string | null;
  boatName: string;
  sailNumber: string | null;
  totalPoints: number;
  netPoints: number;
  racesCompleted: number;
  raceResults: StandingRaceResult[];
}

export interface FleetScore {
  scoringSystem: ScoringSystem;
  drops: number;
  appliedDrops: number;
  racesCompleted: number;
  boatsInFleet: number;
  standings: StandingEntrySnapshot[];
  /** raceId → boatId → computed numbers, for every race with stored results. */
  results: Map<string, Map<string, ComputedResult>>;
  /** Boats left out of the standings (no rating in a handicap fleet). */
  rejected: { boatId: string; reason: string }[];
}

export interface FleetScoringInput {
  fleet: FleetSetup;
  races: readonly RaceInfo[];
  /** Stored entries by race id. */
  entries: ReadonlyMap<string, readonly StoredEntry[]>;
  /** Boats entered in the fleet (registered, plus any boat holding a stored result). */
  boats: readonly BoatInfo[];
}

/** Races that count in the standings, in race-number order. */
export function countedRaces<T extends RaceInfo>(races: readonly T[]): T[] {
  return races.filter((r) => r.hasResults && (r.status === 'finished' || r.status === 'abandoned')).sort((a, b) => a.number - b.number);
}

export function scoreFleet(input: FleetScoringInput): FleetScore {
  const { fleet } = input;
  const config = fleetConfigOf(fleet);
  const rated = needsRatings(fleet);
  const boatById = new Map(input.boats.map((b) => [b.boatId, b] as const));
  const seriesBoats: SeriesBoat[] = input.boats.map((b) => {
    const rating = rated ? ratingFor(fleet, b.ratings) : undefined;
    return rating !== undefined ? { id: b.boatId, rating } : { id: b.boatId };
  });
  const knownBoats = new Set(input.boats.map((b) => b.boatId));
  const entriesOf = (raceId: string) => (input.entries.get(raceId) ?? []).filter((e) => knownBoats.has(e.boatId));

  const counted = countedRaces(input.races);
  const seriesRaces: SeriesRace[] = counted.map((race) => ({
    number: race.number,
    weight: race.weight > 0 ? race.weight : 1,
    discardPolicy: race.mustCount ? 'must_count' : race.discardFirst ? 'discard_first' : 'normal',
    ...(race.distanceNm !== null ? { distanceNm: race.distanceNm } : {}),
    entries: raceEntriesOf(fleet, race, entriesOf(race.id)),
    ...(race.status === 'abandoned' ? { struck: true } : {}),
  }));
  const series = scoreSeries({ fleet: config, boats: seriesBoats, races: seriesRaces });

  const results = new Map<string, Map<string, ComputedResult>>();
  const elapsedFor = (race: RaceInfo) => {
    const map = new Map<string, number | null>();
    for (const e of input.entries.get(race.id) ?? []) map.set(e.boatId, elapsedSecondsOf(race.actualStart, e.finishTime));
    return map;
  };
  const standingCells = new Map(series.standings.map((s) => [s.boatId, s] as const));

  // Counted races: numbers from the series (weights, A9 redress averages, struck races).
  counted.forEach((race, ri) => {
    const elapsed = elapsedFor(race);
    const byBoat = new Map<string, ComputedResult>();
    for (const e of input.entries.get(race.id) ?? []) {
      const cell = standingCells.get(e.boatId)?.races[ri];
      const ownElapsed = elapsed.get(e.boatId) ?? null;
      byBoat.set(e.boatId, {
        position: cell?.position ?? null,
        elapsedSeconds: ownElapsed,
        correctedSeconds: cell?.correctedSeconds ?? (cell?.position != null ? ownElapsed : null),
        points: cell ? cell.points : null,
      });
    }
    results.set(race.id, byBoat);
  });

  // Races with results that do not count yet: scored on their own, as provisional race points.
  const countedIds = new Set(counted.map((r) => r.id));
  for (const race of input.races) {
    if (!race.hasResults || countedIds.has(race.id)) continue;
    const elapsed = elapsedFor(race);
    const byBoat = new Map<string, ComputedResult>();
    let scored: ReturnType<typeof scoreRace> | undefined;
    try {
      const usable = seriesBoats.filter((b) => !rated || b.rating !== undefined);
      const usableIds = new Set(usable.map((b) => b.id));
      scored = scoreRace({
        scoringSystem: config.scoringSystem,
        handicap: config.handicap,
        penaltyBasis: config.penaltyBasis ?? 'A5.2',
        boats: usable.map((b) => ({ id: b.id, rating: b.rating })),
        ...(race.distanceNm !== null ? { distanceNm: race.distanceNm } : {}),
        entries: raceEntriesOf(fleet, race, entriesOf(race.id).filter((e) => usableIds.has(e.boatId))),
      });
    } catch {
      scored = undefined;
    }
    const scoredByBoat = new Map((scored?.results ?? []).map((r) => [r.boatId, r] as const));
    for (const e of input.entries.get(race.id) ?? []) {
      const r = scoredByBoat.get(e.boatId);
      const ownElapsed = elapsed.get(e.boatId) ?? null;
      byBoat.set(e.boatId, {
        position: r?.place ?? null,
        elapsedSeconds: ownElapsed,
        correctedSeconds: r?.correctedSeconds ?? (r?.place != null ? ownElapsed : null),
        points: r?.points ?? null,
      });
    }
    results.set(race.id, byBoat);
  }

  const standings: StandingEntrySnapshot[] = series.standings.map((s) => {
    const boat = boatById.get(s.boatId);
    const raceResults: StandingRaceResult[] = [];
    let racesCompleted = 0;
    s.races.forEach((cell, ri) => {
      if (cell.excluded) return;
      if (cell.code !== 'DNC') racesCompleted += 1;
      raceResults.push({ raceId: counted[ri]!.id, race: cell.raceNumber, points: cell.points, dropped: cell.dropped, code: cell.code ?? cell.penaltyCode ?? null });
    });
    return {
      position: s.rank,
      boatId: s.boatId,
      userId: boat?.userId ?? null,
      sailorName: boat?.sailorName ?? null,
      boatName: boat?.name ?? s.boatId,
      sailNumber: boat?.sailNumber ?? null,
      totalPoints: s.total,
      netPoints: s.net,
      racesCompleted,
      raceResults,
    };
  });

  return {
    scoringSystem: config.scoringSystem,
    drops: declaredDrops(fleet),
    appliedDrops: series.discardCount,
    racesCompleted: series.racesCompleted,
    boatsInFleet: input.boats.length - series.rejected.length,
    standings,
    results,
    rejected: series.rejected.map((r) => ({ boatId: r.boatId, reason: r.reason })),
  };
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/** Seconds → "HH:MM:SS" (rounded to the second, half up; hours may exceed 24); null stays null. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const sign = seconds < 0 ? '-' : '';
  const total = Math.floor(Math.abs(seconds) + 0.5 + 1e-9);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Multi-event series
// ---------------------------------------------------------------------------------------------

/**
 * Series rules. `sum_of_net`: a boat's series score for an event is her net points there; a boat that
 * did not sail an event scores as DNC in each of its counted races: (event fleet entries + 1) × (races
 * completed − discards applied). `event_places`: her final place in the event; a boat that did not sail
 * it scores (boats in the series fleet + 1). With `bestOf` N only the N best event scores count (the
 * others are dropped, worst first, the earlier event first among equals). Lowest total wins (highest
 * for sum_of_net over high-point fleets). Ties: A8.1 over the counted event scores (best to worst, first
 * difference), then A8.2 (the most recent event, then the one before, dropped scores included); boats
 * still tied share the place. Boats are matched across events by boat id, fleets by name (case-blind).
 */
export type SeriesRule = 'sum_of_net' | 'event_places';

/** The events service's series rules are exactly these two; anything else falls back to net points. */
export function seriesRuleOf(raw: string | null | undefined): SeriesRule {
  return raw === 'event_places' ? 'event_places' : 'sum_of_net';
}

export interface SeriesEventFleet {
  fleetName: string;
  scoringSystem: string;
  boatsInFleet: number;
  racesCompleted: number;
  appliedDrops: number;
  entries: readonly StandingEntrySnapshot[];
}

export interface SeriesEventInput {
  eventId: string;
  slug: string;
  name: string;
  fleets: readonly SeriesEventFleet[];
}

export interface SeriesEventCell {
  eventId: string;
  event: string;
  points: number;
  place: number | null;
  dropped: boolean;
  /** The boat did not sail this event (scored by the rule for absent boats). */
  absent: boolean;
}

export interface SeriesStandingEntry {
  position: number;
  fleet: string;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  sailorName: string | null;
  userId: string | null;
  totalPoints: number;
  netPoints: number;
  eventsSailed: number;
  eventResults: SeriesEventCell[];
}

/** `events` in chronological order. */
export function combineSeries(rule: SeriesRule, bestOf: number | null, events: readonly SeriesEventInput[]): SeriesStandingEntry[] {
  const byFleet = new Map<string, { name: string; events: { event: SeriesEventInput; fleet: SeriesEventFleet }[] }>();
  for (const event of events) {
    for (const fleet of event.fleets) {
      if (fleet.racesCompleted <= 0 || fleet.entries.length === 0) continue;
      const key = fleet.fleetName.trim().toLowerCase();
      const group = byFleet.get(key) ?? { name: fleet.fleetName, events: [] };
      group.events.push({ event, fleet });
      byFleet.set(key, group);
    }
  }
  const out: SeriesStandingEntry[] = [];
  for (const group of [...byFleet.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const higherIsBetter = rule === 'sum_of_net' && group.events.every(({ fleet }) => fleet.scoringSystem === 'high_point');
    const boats = new Map<string, StandingEntrySnapshot>();
    for (const { fleet } of group.events) for (const entry of fleet.entries) boats.set(entry.boatId, entry);
    const competitors = boats.size;
    type Item = RankItem & { boatId: string; total: number; cells: SeriesEventCell[]; sailed: number };
    const items: Item[] = [...boats.keys()].map((boatId) => {
      const cells: SeriesEventCell[] = group.events.map(({ event, fleet }) => {
        const entry = fleet.entries.find((e) => e.boatId === boatId);
        const absentPoints =
          rule === 'event_places'
            ? competitors + 1
            : fleet.scoringSystem === 'high_point'
              ? 0
              : (fleet.boatsInFleet + 1) * Math.max(0, fleet.racesCompleted - fleet.appliedDrops);
        const points = entry ? (rule === 'event_places' ? entry.position : entry.netPoints) : absentPoints;
        return { eventId: event.eventId, event: event.slug, points, place: entry ? entry.position : null, dropped: false, absent: !entry };
      });
      const keep = bestOf && bestOf > 0 ? Math.min(bestOf, cells.length) : cells.length;
      const dropped = selectDiscards(
        cells.map((c, index) => ({ index, points: c.points, first: false })),
        cells.length - keep,
        higherIsBetter,
      );
      cells.forEach((c, i) => (c.dropped = dropped.has(i)));
      const all = cells.map((c) => c.points);
      const kept = cells.filter((c) => !c.dropped).map((c) => c.points);
      return { boatId, cells, all, kept, total: sumPoints(all), net: sumPoints(kept), sailed: cells.filter((c) => !c.absent).length };
    });
    for (const { item, rank } of rankItems(items, higherIsBetter)) {
      const boat = boats.get(item.boatId)!;
      out.push({
        position: rank,
        fleet: group.name,
        boatId: item.boatId,
        boatName: boat.boatName,
        sailNumber: boat.sailNumber,
        sailorName: boat.sailorName,
        userId: boat.userId,
        totalPoints: item.total,
        netPoints: item.net,
        eventsSailed: item.sailed,
        eventResults: item.cells,
      });
    }
  }
  return out;
}
