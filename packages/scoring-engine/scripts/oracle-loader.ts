/**
 * Loads the external sailscoring oracle (YAML scenarios) into typed values.
 * The files are read at run time from ../shared/oracles/sailscoring (never
 * copied into this repository). Shape errors fail with the file and field.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

export class OracleShapeError extends Error {}

// ─── Standard scenarios (scratch, codes, race-options, fleets, tcc-handicap, nhc, echo, sub-series)

export interface OracleFinish {
  sailor: string;
  position?: number;
  tiedWithPrevious?: boolean;
  finishTime?: string;
  elapsed?: string | number;
  code?: string;
  startPresent?: boolean;
  penaltyCode?: string;
  penaltyOverride?: number;
  redressMethod?: 'all_races' | 'all_races_excl_dnc' | 'races_before' | 'stated';
  redressExcludeRaces?: number[];
  redressIncludeRaces?: number[];
  redressIncludeAllLater?: boolean;
  redressPoints?: number;
}

export interface OracleRaceExpected {
  sailor: string;
  rank: number | null;
  points: number;
  elapsedTime?: number | null;
  correctedTime?: number | null;
  tcfApplied?: number | null;
  newTcf?: number | null;
  code?: string;
}

export interface OracleRace {
  number?: number;
  startTime?: string;
  distanceNm?: number;
  discardPolicy?: 'normal' | 'mustCount' | 'discardFirst';
  pointsMultiplier?: number;
  subSeries?: string | string[];
  finishes: OracleFinish[];
  expected?: OracleRaceExpected[];
  rejected?: { sailor: string; reason: string }[];
  ratingOverrides?: { sailor: string; field: 'ircTcc' | 'pyNumber' | 'vprsTcc'; value: number }[];
}

export interface OracleStanding {
  rank: number;
  sailor: string;
  fleet?: string;
  racePoints: number[];
  raceCodes: (string | null)[];
  raceDiscards: boolean[];
  raceNonDiscardable?: boolean[];
  raceExcluded?: boolean[];
  racePenaltyCodes?: (string | null)[];
  raceRedressFlags?: boolean[];
  totalPoints: number;
  netPoints: number;
}

export interface OracleCompetitor {
  sailNumber: string;
  name: string;
  fleet?: string;
  ircTcc?: number;
  vprsTcc?: number;
  pyNumber?: number;
  nhcStartingTcf?: number;
  echoStartingTcf?: number;
  orcCertFields?: Record<string, number>;
}

export interface OracleNhcProfile {
  name?: string;
  alphaP: number;
  alphaN: number;
  alphaPX: number;
  alphaNX: number;
  sdOver: number;
  sdUnder: number;
  minFin: number;
}

export interface OracleScenario {
  kind: 'series';
  description: string;
  series: {
    discardThresholds: { minRaces: number; discardCount: number }[];
    proportionalDiscard?: { firstAt: number; everyRaces: number };
    dnfScoring?: 'seriesEntries' | 'startingArea' | 'startingAreaInclDnc';
    excludeDncOnlyCompetitors?: boolean;
  };
  fleet?: {
    scoringSystem: 'scratch' | 'irc' | 'py' | 'nhc' | 'echo' | 'vprs' | 'orc';
    alpha?: number;
    nhcProfile?: OracleNhcProfile;
    orcOption?: unknown;
  };
  subSeriesCarryChain?: boolean;
  subSeriesConfig?: { name: string; fleets?: string[]; exclude?: { race: number; fleet: string }[] }[];
  competitors: OracleCompetitor[];
  races: OracleRace[];
  expected: {
    standings?: OracleStanding[];
    subSeries?: { name: string; standings: OracleStanding[] }[];
  };
}

// ─── Split-fleet scenarios

export interface SplitResultsSheet {
  [fleet: string]: string[];
}

export interface SplitStage {
  stage: 'qualifying' | 'final' | 'medal';
  from?: number;
  assign?: { seed?: 'entry-order' | 'sail-number'; reassignAfter?: number; split?: boolean; medalTop?: number };
  fleets?: Record<string, string[]>;
  expectedFleets?: Record<string, string[]>;
  medalAfter?: number;
  races: { n: number; results: SplitResultsSheet }[];
}

export interface SplitScenario {
  kind: 'split';
  description: string;
  runnable?: boolean;
  reason?: string;
  config: {
    qualifyingFleets: string[];
    finalFleets?: string[];
    carry?: 'continuous' | 'net-plus-net' | 'rank-seed';
    discardThresholds: { minRaces: number; discardCount: number }[];
    maxFinalDiscards?: number;
    protectLoneFinalRace?: boolean;
    medal?: {
      size: number;
      raceCount: number;
      multiplier: number;
      companionRace?: string;
      tieBreak?: string;
      carryTransform?: { kind: 'divide'; by: number; rounding: 'half-up' };
    };
  };
  competitors: string[];
  stages: SplitStage[];
  amendments?: { stage: 'qualifying' | 'final' | 'medal'; race: number; fleet: string; results: string[] }[];
  expected: { standings: { rank: number; sail: string; total: number; net: number; fleet?: string; medal?: boolean }[] };
}

export type Scenario = OracleScenario | SplitScenario;

export interface LoadedScenario {
  /** "folder/file.yaml" relative to the oracle root. */
  readonly id: string;
  readonly scenario: Scenario;
}

// ─── validation helpers

type Json = unknown;

function fail(path: string, msg: string): never {
  throw new OracleShapeError(`${path}: ${msg}`);
}
function obj(v: Json, path: string): Record<string, Json> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'expected a mapping');
  return v as Record<string, Json>;
}
function arr(v: Json, path: string): Json[] {
  if (!Array.isArray(v)) fail(path, 'expected a list');
  return v;
}
function str(v: Json, path: string): string {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') fail(path, 'expected a string');
  return v;
}
function num(v: Json, path: string): number {
  if (typeof v !== 'number' || Number.isNaN(v)) fail(path, 'expected a number');
  return v;
}
function optNum(v: Json, path: string): number | undefined {
  return v === undefined || v === null ? undefined : num(v, path);
}
function optStr(v: Json, path: string): string | undefined {
  return v === undefined || v === null ? undefined : str(v, path);
}
function optBool(v: Json, path: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') fail(path, 'expected true/false');
  return v;
}
function oneOf<T extends string>(v: Json, path: string, allowed: readonly T[]): T {
  const s = str(v, path);
  if (!(allowed as readonly string[]).includes(s)) fail(path, `expected one of ${allowed.join(', ')}, got "${s}"`);
  return s as T;
}
function numList(v: Json, path: string): number[] {
  return arr(v, path).map((x, i) => num(x, `${path}[${i}]`));
}
function strMap(v: Json, path: string): Record<string, string[]> {
  const o = obj(v, path);
  const out: Record<string, string[]> = {};
  for (const [k, list] of Object.entries(o)) out[k] = arr(list, `${path}.${k}`).map((x, i) => str(x, `${path}.${k}[${i}]`));
  return out;
}
function thresholds(v: Json, path: string): { minRaces: number; discardCount: number }[] {
  return arr(v ?? [], path).map((t, i) => {
    const o = obj(t, `${path}[${i}]`);
    return { minRaces: num(o.minRaces, `${path}[${i}].minRaces`), discardCount: num(o.discardCount, `${path}[${i}].discardCount`) };
  });
}

function standing(v: Json, path: string): OracleStanding {
  const o = obj(v, path);
  const nullableStrs = (x: Json, p: string): (string | null)[] | undefined =>
    x === undefined ? undefined : arr(x, p).map((c, i) => (c === null ? null : str(c, `${p}[${i}]`)));
  const bools = (x: Json, p: string): boolean[] | undefined =>
    x === undefined ? undefined : arr(x, p).map((c, i) => optBool(c, `${p}[${i}]`) ?? fail(`${p}[${i}]`, 'expected true/false'));
  const s: OracleStanding = {
    rank: num(o.rank, `${path}.rank`),
    sailor: str(o.sailor, `${path}.sailor`),
    racePoints: numList(o.racePoints, `${path}.racePoints`),
    raceCodes: nullableStrs(o.raceCodes, `${path}.raceCodes`) ?? fail(`${path}.raceCodes`, 'missing'),
    raceDiscards: bools(o.raceDiscards, `${path}.raceDiscards`) ?? fail(`${path}.raceDiscards`, 'missing'),
    totalPoints: num(o.totalPoints, `${path}.totalPoints`),
    netPoints: num(o.netPoints, `${path}.netPoints`),
  };
  const fleet = optStr(o.fleet, `${path}.fleet`);
  if (fleet !== undefined) s.fleet = fleet;
  const nd = bools(o.raceNonDiscardable, `${path}.raceNonDiscardable`);
  if (nd) s.raceNonDiscardable = nd;
  const ex = bools(o.raceExcluded, `${path}.raceExcluded`);
  if (ex) s.raceExcluded = ex;
  const pc = nullableStrs(o.racePenaltyCodes, `${path}.racePenaltyCodes`);
  if (pc) s.racePenaltyCodes = pc;
  const rf = bools(o.raceRedressFlags, `${path}.raceRedressFlags`);
  if (rf) s.raceRedressFlags = rf;
  return s;
}

function parseSeriesScenario(o: Record<string, Json>, p: string): OracleScenario {
  const series = obj(o.series, `${p}series`);
  const competitors = arr(o.competitors, `${p}competitors`).map((c, i) => {
    const cp = `${p}competitors[${i}]`;
    const co = obj(c, cp);
    const out: OracleCompetitor = { sailNumber: str(co.sailNumber, `${cp}.sailNumber`), name: str(co.name ?? '', `${cp}.name`) };
    const fleet = optStr(co.fleet, `${cp}.fleet`);
    if (fleet !== undefined) out.fleet = fleet;
    for (const k of ['ircTcc', 'vprsTcc', 'pyNumber', 'nhcStartingTcf', 'echoStartingTcf'] as const) {
      const v = optNum(co[k], `${cp}.${k}`);
      if (v !== undefined) out[k] = v;
    }
    if (co.orcCertFields !== undefined) {
      const f = obj(co.orcCertFields, `${cp}.orcCertFields`);
      out.orcCertFields = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, num(v, `${cp}.orcCertFields.${k}`)]));
    }
    return out;
  });
  const races = arr(o.races, `${p}races`).map((r, i): OracleRace => {
    const rp = `${p}races[${i}]`;
    const ro = obj(r, rp);
    const finishes = arr(ro.finishes ?? [], `${rp}.finishes`).map((f, j): OracleFinish => {
      const fp = `${rp}.finishes[${j}]`;
      const fo = obj(f, fp);
      const out: OracleFinish = { sailor: str(fo.sailor, `${fp}.sailor`) };
      const position = optNum(fo.position, `${fp}.position`);
      if (position !== undefined) out.position = position;
      const tied = optBool(fo.tiedWithPrevious, `${fp}.tiedWithPrevious`);
      if (tied !== undefined) out.tiedWithPrevious = tied;
      const ft = optStr(fo.finishTime, `${fp}.finishTime`);
      if (ft !== undefined) out.finishTime = ft;
      if (fo.elapsed !== undefined && fo.elapsed !== null) {
        if (ft !== undefined) fail(fp, 'has both finishTime and elapsed');
        out.elapsed = typeof fo.elapsed === 'number' ? fo.elapsed : str(fo.elapsed, `${fp}.elapsed`);
      }
      const code = optStr(fo.code, `${fp}.code`);
      if (code !== undefined) out.code = code;
      const sp = optBool(fo.startPresent, `${fp}.startPresent`);
      if (sp !== undefined) out.startPresent = sp;
      const pc = optStr(fo.penaltyCode, `${fp}.penaltyCode`);
      if (pc !== undefined) out.penaltyCode = pc;
      const po = optNum(fo.penaltyOverride, `${fp}.penaltyOverride`);
      if (po !== undefined) out.penaltyOverride = po;
      if (fo.redressMethod !== undefined && fo.redressMethod !== null) {
        out.redressMethod = oneOf(fo.redressMethod, `${fp}.redressMethod`, ['all_races', 'all_races_excl_dnc', 'races_before', 'stated'] as const);
      }
      if (fo.redressExcludeRaces != null) out.redressExcludeRaces = numList(fo.redressExcludeRaces, `${fp}.redressExcludeRaces`);
      if (fo.redressIncludeRaces != null) out.redressIncludeRaces = numList(fo.redressIncludeRaces, `${fp}.redressIncludeRaces`);
      const later = optBool(fo.redressIncludeAllLater, `${fp}.redressIncludeAllLater`);
      if (later !== undefined) out.redressIncludeAllLater = later;
      const rpts = optNum(fo.redressPoints, `${fp}.redressPoints`);
      if (rpts !== undefined) out.redressPoints = rpts;
      return out;
    });
    const out: OracleRace = { finishes };
    const n = optNum(ro.number, `${rp}.number`);
    if (n !== undefined) out.number = n;
    const st = optStr(ro.startTime, `${rp}.startTime`);
    if (st !== undefined) out.startTime = st;
    const d = optNum(ro.distanceNm, `${rp}.distanceNm`);
    if (d !== undefined) out.distanceNm = d;
    if (ro.discardPolicy != null) out.discardPolicy = oneOf(ro.discardPolicy, `${rp}.discardPolicy`, ['normal', 'mustCount', 'discardFirst'] as const);
    const pm = optNum(ro.pointsMultiplier, `${rp}.pointsMultiplier`);
    if (pm !== undefined) out.pointsMultiplier = pm;
    if (ro.subSeries != null) {
      out.subSeries = Array.isArray(ro.subSeries) ? ro.subSeries.map((s, k) => str(s, `${rp}.subSeries[${k}]`)) : str(ro.subSeries, `${rp}.subSeries`);
    }
    if (ro.expected != null) {
      out.expected = arr(ro.expected, `${rp}.expected`).map((e, k) => {
        const ep = `${rp}.expected[${k}]`;
        const eo = obj(e, ep);
        const x: OracleRaceExpected = {
          sailor: str(eo.sailor, `${ep}.sailor`),
          rank: eo.rank === null ? null : num(eo.rank, `${ep}.rank`),
          points: num(eo.points, `${ep}.points`),
        };
        for (const k2 of ['elapsedTime', 'correctedTime', 'tcfApplied', 'newTcf'] as const) {
          if (k2 in eo) x[k2] = eo[k2] === null ? null : num(eo[k2], `${ep}.${k2}`);
        }
        const code = optStr(eo.code, `${ep}.code`);
        if (code !== undefined) x.code = code;
        return x;
      });
    }
    if (ro.rejected != null) {
      out.rejected = arr(ro.rejected, `${rp}.rejected`).map((x, k) => {
        const xo = obj(x, `${rp}.rejected[${k}]`);
        return { sailor: str(xo.sailor, `${rp}.rejected[${k}].sailor`), reason: str(xo.reason, `${rp}.rejected[${k}].reason`) };
      });
    }
    if (ro.ratingOverrides != null) {
      out.ratingOverrides = arr(ro.ratingOverrides, `${rp}.ratingOverrides`).map((x, k) => {
        const xp = `${rp}.ratingOverrides[${k}]`;
        const xo = obj(x, xp);
        return { sailor: str(xo.sailor, `${xp}.sailor`), field: oneOf(xo.field, `${xp}.field`, ['ircTcc', 'pyNumber', 'vprsTcc'] as const), value: num(xo.value, `${xp}.value`) };
      });
    }
    return out;
  });
  const expected = obj(o.expected, `${p}expected`);
  const out: OracleScenario = {
    kind: 'series',
    description: str(o.description, `${p}description`),
    series: { discardThresholds: thresholds(series.discardThresholds, `${p}series.discardThresholds`) },
    competitors,
    races,
    expected: {},
  };
  if (series.proportionalDiscard != null) {
    const pd = obj(series.proportionalDiscard, `${p}series.proportionalDiscard`);
    out.series.proportionalDiscard = { firstAt: num(pd.firstAt, `${p}series.proportionalDiscard.firstAt`), everyRaces: num(pd.everyRaces, `${p}series.proportionalDiscard.everyRaces`) };
  }
  if (series.dnfScoring != null) out.series.dnfScoring = oneOf(series.dnfScoring, `${p}series.dnfScoring`, ['seriesEntries', 'startingArea', 'startingAreaInclDnc'] as const);
  const ex = optBool(series.excludeDncOnlyCompetitors, `${p}series.excludeDncOnlyCompetitors`);
  if (ex !== undefined) out.series.excludeDncOnlyCompetitors = ex;
  if (o.fleet != null) {
    const fo = obj(o.fleet, `${p}fleet`);
    out.fleet = { scoringSystem: oneOf(fo.scoringSystem, `${p}fleet.scoringSystem`, ['scratch', 'irc', 'py', 'nhc', 'echo', 'vprs', 'orc'] as const) };
    const alpha = optNum(fo.alpha, `${p}fleet.alpha`);
    if (alpha !== undefined) out.fleet.alpha = alpha;
    if (fo.nhcProfile != null) {
      const np = obj(fo.nhcProfile, `${p}fleet.nhcProfile`);
      const g = (k: string): number => num(np[k], `${p}fleet.nhcProfile.${k}`);
      out.fleet.nhcProfile = { alphaP: g('alphaP'), alphaN: g('alphaN'), alphaPX: g('alphaPX'), alphaNX: g('alphaNX'), sdOver: g('sdOver'), sdUnder: g('sdUnder'), minFin: g('minFin') };
    }
    if (fo.orcOption !== undefined) out.fleet.orcOption = fo.orcOption;
  }
  const carry = optBool(o.subSeriesCarryChain, `${p}subSeriesCarryChain`);
  if (carry !== undefined) out.subSeriesCarryChain = carry;
  if (o.subSeriesConfig != null) {
    out.subSeriesConfig = arr(o.subSeriesConfig, `${p}subSeriesConfig`).map((c, i) => {
      const cp = `${p}subSeriesConfig[${i}]`;
      const co = obj(c, cp);
      const cfg: { name: string; fleets?: string[]; exclude?: { race: number; fleet: string }[] } = { name: str(co.name, `${cp}.name`) };
      if (co.fleets != null) cfg.fleets = arr(co.fleets, `${cp}.fleets`).map((f, k) => str(f, `${cp}.fleets[${k}]`));
      if (co.exclude != null) {
        cfg.exclude = arr(co.exclude, `${cp}.exclude`).map((x, k) => {
          const xo = obj(x, `${cp}.exclude[${k}]`);
          return { race: num(xo.race, `${cp}.exclude[${k}].race`), fleet: str(xo.fleet, `${cp}.exclude[${k}].fleet`) };
        });
      }
      return cfg;
    });
  }
  if (expected.standings != null) out.expected.standings = arr(expected.standings, `${p}expected.standings`).map((s, i) => standing(s, `${p}expected.standings[${i}]`));
  if (expected.subSeries != null) {
    out.expected.subSeries = arr(expected.subSeries, `${p}expected.subSeries`).map((b, i) => {
      const bp = `${p}expected.subSeries[${i}]`;
      const bo = obj(b, bp);
      return { name: str(bo.name, `${bp}.name`), standings: arr(bo.standings, `${bp}.standings`).map((s, k) => standing(s, `${bp}.standings[${k}]`)) };
    });
  }
  if (out.expected.standings === undefined && out.expected.subSeries === undefined) fail(`${p}expected`, 'needs standings or subSeries');
  return out;
}

function parseSplitScenario(o: Record<string, Json>, p: string): SplitScenario {
  const config = obj(o.config, `${p}config`);
  const cfg: SplitScenario['config'] = {
    qualifyingFleets: arr(config.qualifyingFleets, `${p}config.qualifyingFleets`).map((f, i) => str(f, `${p}config.qualifyingFleets[${i}]`)),
    discardThresholds: thresholds(config.discardThresholds, `${p}config.discardThresholds`),
  };
  if (config.finalFleets != null) cfg.finalFleets = arr(config.finalFleets, `${p}config.finalFleets`).map((f, i) => str(f, `${p}config.finalFleets[${i}]`));
  if (config.carry != null) cfg.carry = oneOf(config.carry, `${p}config.carry`, ['continuous', 'net-plus-net', 'rank-seed'] as const);
  const mfd = optNum(config.maxFinalDiscards, `${p}config.maxFinalDiscards`);
  if (mfd !== undefined) cfg.maxFinalDiscards = mfd;
  const plf = optBool(config.protectLoneFinalRace, `${p}config.protectLoneFinalRace`);
  if (plf !== undefined) cfg.protectLoneFinalRace = plf;
  if (config.medal != null) {
    const m = obj(config.medal, `${p}config.medal`);
    const medal: NonNullable<SplitScenario['config']['medal']> = {
      size: num(m.size, `${p}config.medal.size`),
      raceCount: num(m.raceCount ?? 1, `${p}config.medal.raceCount`),
      multiplier: num(m.multiplier ?? 2, `${p}config.medal.multiplier`),
    };
    const cr = optStr(m.companionRace, `${p}config.medal.companionRace`);
    if (cr !== undefined) medal.companionRace = cr;
    const tb = optStr(m.tieBreak, `${p}config.medal.tieBreak`);
    if (tb !== undefined) medal.tieBreak = tb;
    if (m.carryTransform != null) {
      const ct = obj(m.carryTransform, `${p}config.medal.carryTransform`);
      medal.carryTransform = {
        kind: oneOf(ct.kind, `${p}config.medal.carryTransform.kind`, ['divide'] as const),
        by: num(ct.by, `${p}config.medal.carryTransform.by`),
        rounding: oneOf(ct.rounding, `${p}config.medal.carryTransform.rounding`, ['half-up'] as const),
      };
    }
    cfg.medal = medal;
  }
  const stages = arr(o.stages, `${p}stages`).map((s, i): SplitStage => {
    const sp = `${p}stages[${i}]`;
    const so = obj(s, sp);
    const stage: SplitStage = {
      stage: oneOf(so.stage, `${sp}.stage`, ['qualifying', 'final', 'medal'] as const),
      races: arr(so.races ?? [], `${sp}.races`).map((r, k) => {
        const ro = obj(r, `${sp}.races[${k}]`);
        return { n: num(ro.n, `${sp}.races[${k}].n`), results: strMap(ro.results, `${sp}.races[${k}].results`) };
      }),
    };
    const from = optNum(so.from, `${sp}.from`);
    if (from !== undefined) stage.from = from;
    if (so.assign != null) {
      const a = obj(so.assign, `${sp}.assign`);
      const assign: NonNullable<SplitStage['assign']> = {};
      if (a.seed != null) assign.seed = oneOf(a.seed, `${sp}.assign.seed`, ['entry-order', 'sail-number'] as const);
      const ra = optNum(a.reassignAfter, `${sp}.assign.reassignAfter`);
      if (ra !== undefined) assign.reassignAfter = ra;
      const split = optBool(a.split, `${sp}.assign.split`);
      if (split !== undefined) assign.split = split;
      const mt = optNum(a.medalTop, `${sp}.assign.medalTop`);
      if (mt !== undefined) assign.medalTop = mt;
      stage.assign = assign;
    }
    if (so.fleets != null) stage.fleets = strMap(so.fleets, `${sp}.fleets`);
    if (so.expectedFleets != null) stage.expectedFleets = strMap(so.expectedFleets, `${sp}.expectedFleets`);
    const ma = optNum(so.medalAfter, `${sp}.medalAfter`);
    if (ma !== undefined) stage.medalAfter = ma;
    if (stage.assign === undefined && stage.fleets === undefined) fail(sp, 'needs assign or fleets');
    return stage;
  });
  const expected = obj(o.expected, `${p}expected`);
  const out: SplitScenario = {
    kind: 'split',
    description: str(o.description, `${p}description`),
    config: cfg,
    competitors: arr(o.competitors, `${p}competitors`).map((c, i) => str(c, `${p}competitors[${i}]`)),
    stages,
    expected: {
      standings: arr(expected.standings, `${p}expected.standings`).map((s, i) => {
        const sp = `${p}expected.standings[${i}]`;
        const so = obj(s, sp);
        const row: SplitScenario['expected']['standings'][number] = {
          rank: num(so.rank, `${sp}.rank`),
          sail: str(so.sail, `${sp}.sail`),
          total: num(so.total, `${sp}.total`),
          net: num(so.net, `${sp}.net`),
        };
        const fleet = optStr(so.fleet, `${sp}.fleet`);
        if (fleet !== undefined) row.fleet = fleet;
        const medal = optBool(so.medal, `${sp}.medal`);
        if (medal !== undefined) row.medal = medal;
        return row;
      }),
    },
  };
  const runnable = optBool(o.runnable, `${p}runnable`);
  if (runnable !== undefined) out.runnable = runnable;
  const reason = optStr(o.reason, `${p}reason`);
  if (reason !== undefined) out.reason = reason;
  if (o.amendments != null) {
    out.amendments = arr(o.amendments, `${p}amendments`).map((a, i) => {
      const ap = `${p}amendments[${i}]`;
      const ao = obj(a, ap);
      return {
        stage: oneOf(ao.stage, `${ap}.stage`, ['qualifying', 'final', 'medal'] as const),
        race: num(ao.race, `${ap}.race`),
        fleet: str(ao.fleet, `${ap}.fleet`),
        results: arr(ao.results, `${ap}.results`).map((x, k) => str(x, `${ap}.results[${k}]`)),
      };
    });
  }
  return out;
}

/** Parse one YAML text into a typed scenario; `id` prefixes error messages. */
export function parseScenario(text: string, id: string): Scenario {
  let doc: Json;
  try {
    doc = parse(text) as Json;
  } catch (e) {
    throw new OracleShapeError(`${id}: YAML parse error: ${e instanceof Error ? e.message : String(e)}`);
  }
  const o = obj(doc, id);
  const p = `${id}: `;
  return 'stages' in o ? parseSplitScenario(o, p) : parseSeriesScenario(o, p);
}

/** Every *.yaml under `root` (one level of folders, plus files at the root), sorted. */
export function listScenarioFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (depth < 2) walk(full, depth + 1);
      } else if (name.endsWith('.yaml') || name.endsWith('.yml')) {
        out.push(full);
      }
    }
  };
  walk(root, 0);
  return out;
}

export function loadScenario(root: string, file: string): LoadedScenario {
  const id = relative(root, file);
  return { id, scenario: parseScenario(readFileSync(file, 'utf8'), id) };
}
