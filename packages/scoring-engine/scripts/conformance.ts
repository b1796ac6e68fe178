/**
 * Oracle conformance runner: scores every scenario of the external sailscoring
 * oracle with our engine and compares the standings field by field.
 *
 *   npm run conformance:scoring [-- --dir <folder>]
 *
 * Default folder: ../shared/oracles/sailscoring beside the repository root.
 * Prints `ok   folder/file — description` or `FAIL folder/file — first difference`
 * per scenario, then `N passed, M failed`; exit code 1 when any failed.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isPenaltyCode,
  isResultCode,
  parseClock,
  scoreSeries,
  type DiscardSchedule,
  type FleetConfig,
  type HandicapSystem,
  type PenaltyBasis,
  type RaceEntry,
  type SeriesBoat,
  type SeriesRace,
  type SeriesStandings,
  scoreSplitSeries,
  type SplitSeriesInput,
} from '../src/index.js';
import { listScenarioFiles, loadScenario, type OracleCompetitor, type OracleScenario, type OracleStanding, type SplitScenario } from './oracle-loader.js';

class Mismatch extends Error {}

const EPS = 1e-6;
function same(a: number | null | undefined, b: number | null | undefined, tol = EPS): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return Math.abs(a - b) <= tol;
}
function check(cond: boolean, msg: string): void {
  if (!cond) throw new Mismatch(msg);
}

// ─── standard series scenarios

function handicapOf(s: OracleScenario): { system: HandicapSystem; rating: (c: OracleCompetitor) => number | undefined; field: string | null } {
  const f = s.fleet;
  switch (f?.scoringSystem ?? 'scratch') {
    case 'scratch':
      return { system: { kind: 'one_design' }, rating: () => undefined, field: null };
    case 'irc':
      return { system: { kind: 'irc' }, rating: (c) => c.ircTcc, field: 'ircTcc' };
    case 'vprs':
      return { system: { kind: 'vprs' }, rating: (c) => c.vprsTcc, field: 'vprsTcc' };
    case 'py':
      return { system: { kind: 'portsmouth_rya' }, rating: (c) => c.pyNumber, field: 'pyNumber' };
    case 'nhc':
      return { system: { kind: 'nhc', ...(f?.nhcProfile ? { profile: f.nhcProfile } : {}) }, rating: (c) => c.nhcStartingTcf, field: null };
    case 'echo':
      return { system: { kind: 'echo', ...(f?.alpha !== undefined ? { alpha: f.alpha } : {}) }, rating: (c) => c.echoStartingTcf, field: null };
    case 'orc':
      return { system: { kind: 'orc_tot' }, rating: (c) => c.orcCertFields?.['APHT'], field: null };
  }
}

function elapsedOf(v: string | number): number {
  if (typeof v === 'number') return v;
  const s = parseClock(v);
  if (s === null) throw new Mismatch(`unreadable elapsed "${v}"`);
  return s;
}

function toEntry(f: OracleScenario['races'][number]['finishes'][number]): RaceEntry {
  let code: RaceEntry['code'];
  if (f.code !== undefined) {
    if (!isResultCode(f.code)) throw new Mismatch(`unknown code ${f.code}`);
    code = f.code;
  }
  let penalty: RaceEntry['penalty'];
  if (f.penaltyCode !== undefined) {
    if (!isPenaltyCode(f.penaltyCode)) throw new Mismatch(`unknown penalty code ${f.penaltyCode}`);
    penalty =
      f.penaltyCode === 'DPI'
        ? { code: 'DPI', ...(f.penaltyOverride !== undefined ? { points: f.penaltyOverride } : {}) }
        : { code: f.penaltyCode, ...(f.penaltyOverride !== undefined ? { percent: f.penaltyOverride } : {}) };
  }
  return {
    boatId: f.sailor,
    ...(f.position !== undefined ? { position: f.position } : {}),
    ...(f.tiedWithPrevious !== undefined ? { tiedWithPrevious: f.tiedWithPrevious } : {}),
    ...(f.finishTime !== undefined ? { finishTime: f.finishTime } : {}),
    ...(f.elapsed !== undefined ? { elapsedSeconds: elapsedOf(f.elapsed) } : {}),
    ...(code !== undefined ? { code } : {}),
    ...(penalty !== undefined ? { penalty } : {}),
    ...(f.startPresent !== undefined ? { startPresent: f.startPresent } : {}),
    ...(f.redressMethod !== undefined || code === 'RDG'
      ? {
          redress: {
            method: f.redressMethod ?? 'all_races',
            ...(f.redressPoints !== undefined ? { points: f.redressPoints } : {}),
            ...(f.redressExcludeRaces !== undefined ? { excludeRaces: f.redressExcludeRaces } : {}),
            ...(f.redressIncludeRaces !== undefined ? { includeRaces: f.redressIncludeRaces } : {}),
            ...(f.redressIncludeAllLater !== undefined ? { includeAllLater: f.redressIncludeAllLater } : {}),
          },
        }
      : {}),
  };
}

interface Built {
  fleetName: string;
  config: FleetConfig;
  boats: SeriesBoat[];
  races: SeriesRace[];
}

function buildFleets(s: OracleScenario): Built[] {
  const { system, rating, field } = handicapOf(s);
  const basis: PenaltyBasis =
    s.series.dnfScoring === 'startingArea' ? 'A5.3' : s.series.dnfScoring === 'startingAreaInclDnc' ? 'A5.3_incl_dnc' : 'A5.2';
  const discards: DiscardSchedule = s.series.proportionalDiscard
    ? { kind: 'proportional', ...s.series.proportionalDiscard }
    : { kind: 'thresholds', thresholds: s.series.discardThresholds };
  const config: FleetConfig = { scoringSystem: 'low_point', handicap: system, penaltyBasis: basis, discards };
  const fleetOf = (c: OracleCompetitor): string => (s.fleet ? 'Fleet' : (c.fleet ?? 'Default'));
  const names = [...new Set(s.competitors.map(fleetOf))];
  const known = new Set(s.competitors.map((c) => c.sailNumber));
  return names.map((fleetName) => {
    const members = s.competitors.filter((c) => fleetOf(c) === fleetName);
    const ids = new Set(members.map((c) => c.sailNumber));
    const boats: SeriesBoat[] = members.map((c) => {
      const r = rating(c);
      return { id: c.sailNumber, ...(r !== undefined ? { rating: r, baseRating: r } : {}) };
    });
    const races: SeriesRace[] = s.races.map((r, i) => {
      for (const f of r.finishes) if (!known.has(f.sailor)) throw new Mismatch(`race ${r.number ?? i + 1}: unknown sailor ${f.sailor}`);
      const overrides: Record<string, number> = {};
      for (const o of r.ratingOverrides ?? []) if (field === null || o.field === field) overrides[o.sailor] = o.value;
      return {
        number: r.number ?? i + 1,
        ...(r.pointsMultiplier !== undefined ? { weight: r.pointsMultiplier } : {}),
        ...(r.discardPolicy !== undefined
          ? { discardPolicy: r.discardPolicy === 'mustCount' ? 'must_count' : r.discardPolicy === 'discardFirst' ? 'discard_first' : 'normal' }
          : {}),
        ...(r.startTime !== undefined ? { startTime: r.startTime } : {}),
        ...(r.distanceNm !== undefined ? { distanceNm: r.distanceNm } : {}),
        entries: r.finishes.filter((f) => ids.has(f.sailor)).map(toEntry),
        ...(Object.keys(overrides).length > 0 ? { ratingOverrides: overrides } : {}),
      } satisfies SeriesRace;
    });
    return { fleetName, config, boats, races };
  });
}

function compareStandings(label: string, expected: readonly OracleStanding[], results: Map<string, { fleet: string; out: SeriesStandings }>): void {
  const seen = new Set<string>();
  for (const exp of expected) {
    const where = `${label}${exp.sailor}`;
    let found: { fleet: string; st: SeriesStandings['standings'][number] } | undefined;
    for (const [, r] of results) {
      const st = r.out.standings.find((x) => x.boatId === exp.sailor);
      if (st) found = { fleet: r.fleet, st };
    }
    check(found !== undefined, `${where}: missing from standings`);
    const { st, fleet } = found!;
    seen.add(exp.sailor);
    if (exp.fleet !== undefined) check(fleet === exp.fleet, `${where}.fleet: expected ${exp.fleet}, got ${fleet}`);
    check(st.rank === exp.rank, `${where}.rank: expected ${exp.rank}, got ${st.rank}`);
    check(st.races.length === exp.racePoints.length, `${where}.racePoints: expected ${exp.racePoints.length} races, got ${st.races.length}`);
    exp.racePoints.forEach((p, i) => check(same(st.races[i]!.points, p), `${where}.racePoints[${i}]: expected ${p}, got ${st.races[i]!.points}`));
    exp.raceCodes.forEach((c, i) => check((st.races[i]!.code ?? null) === c, `${where}.raceCodes[${i}]: expected ${c}, got ${st.races[i]!.code}`));
    exp.raceDiscards.forEach((d, i) => check(st.races[i]!.dropped === d, `${where}.raceDiscards[${i}]: expected ${d}, got ${st.races[i]!.dropped}`));
    exp.raceNonDiscardable?.forEach((d, i) => check(st.races[i]!.nonDiscardable === d, `${where}.raceNonDiscardable[${i}]: expected ${d}, got ${st.races[i]!.nonDiscardable}`));
    exp.raceExcluded?.forEach((d, i) => check(st.races[i]!.excluded === d, `${where}.raceExcluded[${i}]: expected ${d}, got ${st.races[i]!.excluded}`));
    exp.racePenaltyCodes?.forEach((c, i) => check((st.races[i]!.penaltyCode ?? null) === c, `${where}.racePenaltyCodes[${i}]: expected ${c}, got ${st.races[i]!.penaltyCode}`));
    exp.raceRedressFlags?.forEach((d, i) => check(st.races[i]!.redress === d, `${where}.raceRedressFlags[${i}]: expected ${d}, got ${st.races[i]!.redress}`));
    check(same(st.total, exp.totalPoints), `${where}.totalPoints: expected ${exp.totalPoints}, got ${st.total}`);
    check(same(st.net, exp.netPoints), `${where}.netPoints: expected ${exp.netPoints}, got ${st.net}`);
  }
  for (const [, r] of results) {
    for (const st of r.out.standings) check(seen.has(st.boatId), `${label}${st.boatId}: in our standings but not expected`);
  }
}

function runSeriesScenario(s: OracleScenario): void {
  const built = buildFleets(s);
  const blockNames: string[] = [];
  for (const r of s.races) for (const n of r.subSeries === undefined ? [] : Array.isArray(r.subSeries) ? r.subSeries : [r.subSeries]) if (!blockNames.includes(n)) blockNames.push(n);
  for (const c of s.subSeriesConfig ?? []) if (!blockNames.includes(c.name)) blockNames.push(c.name);

  if (s.expected.standings !== undefined) {
    const results = new Map<string, { fleet: string; out: SeriesStandings }>();
    for (const b of built) results.set(b.fleetName, { fleet: b.fleetName, out: scoreSeries({ fleet: b.config, boats: b.boats, races: b.races }) });
    // Per-race arithmetic and rejections.
    s.races.forEach((r, ri) => {
      for (const rej of r.rejected ?? []) {
        const hit = [...results.values()].some((x) => x.out.rejected.some((y) => y.boatId === rej.sailor && y.reason === rej.reason));
        check(hit, `race ${r.number ?? ri + 1} rejected ${rej.sailor}: expected reason ${rej.reason}`);
      }
      for (const e of r.expected ?? []) {
        const where = `race ${r.number ?? ri + 1} ${e.sailor}`;
        let cell: SeriesStandings['standings'][number]['races'][number] | undefined;
        for (const [, x] of results) cell = x.out.standings.find((st) => st.boatId === e.sailor)?.races[ri] ?? cell;
        check(cell !== undefined, `${where}: not scored`);
        const c = cell!;
        check((c.position ?? null) === e.rank, `${where}.rank: expected ${e.rank}, got ${c.position}`);
        check(same(c.points, e.points), `${where}.points: expected ${e.points}, got ${c.points}`);
        if (e.elapsedTime !== undefined) check(same(c.elapsedSeconds, e.elapsedTime), `${where}.elapsedTime: expected ${e.elapsedTime}, got ${c.elapsedSeconds}`);
        if (e.correctedTime !== undefined) check(same(c.correctedSeconds, e.correctedTime), `${where}.correctedTime: expected ${e.correctedTime}, got ${c.correctedSeconds}`);
        if (e.tcfApplied !== undefined && e.tcfApplied !== null && c.ratingApplied !== null) {
          const sys = s.fleet?.scoringSystem;
          const applied = sys === 'py' ? 1000 / c.ratingApplied : c.ratingApplied;
          check(same(applied, e.tcfApplied, 1e-9), `${where}.tcfApplied: expected ${e.tcfApplied}, got ${applied}`);
        }
        if (e.newTcf !== undefined && e.newTcf !== null) check(same(c.newRating, e.newTcf), `${where}.newTcf: expected ${e.newTcf}, got ${c.newRating}`);
      }
    });
    compareStandings('', s.expected.standings, results);
  }

  if (s.expected.subSeries !== undefined) {
    for (const block of s.expected.subSeries) {
      const cfg = s.subSeriesConfig?.find((c) => c.name === block.name);
      const inBlock = s.races.map((r) => (r.subSeries === undefined ? false : (Array.isArray(r.subSeries) ? r.subSeries : [r.subSeries]).includes(block.name)));
      const firstIndex = inBlock.indexOf(true);
      const blockIndex = blockNames.indexOf(block.name);
      const results = new Map<string, { fleet: string; out: SeriesStandings }>();
      for (const b of built) {
        if (cfg?.fleets !== undefined && !cfg.fleets.includes(b.fleetName)) continue;
        let boats = b.boats;
        if (s.subSeriesCarryChain === true && blockIndex > 0 && firstIndex > 0) {
          // Continue the progressive chain from the races before this block.
          const prefix = scoreSeries({ fleet: b.config, boats: b.boats, races: b.races.slice(0, firstIndex) });
          boats = b.boats.map((x) => ({ ...x, ...(prefix.finalRatings.has(x.id) ? { rating: prefix.finalRatings.get(x.id)! } : {}) }));
        }
        const races = b.races
          .filter((_, i) => inBlock[i])
          .map((r) => (cfg?.exclude?.some((x) => x.race === r.number && x.fleet === b.fleetName) ? { ...r, struck: true } : r));
        const fleet: FleetConfig = { ...b.config, ...(s.series.excludeDncOnlyCompetitors === true ? { excludeDncOnlyBoats: true } : {}) };
        results.set(b.fleetName, { fleet: b.fleetName, out: scoreSeries({ fleet, boats, races }) });
      }
      compareStandings(`[${block.name}] `, block.standings, results);
    }
  }
}

// ─── split-fleet scenarios

function runSplitScenario(s: SplitScenario): void {
  const input: SplitSeriesInput = {
    config: {
      qualifyingFleets: s.config.qualifyingFleets,
      finalFleets: s.config.finalFleets ?? [],
      carry: s.config.carry ?? 'continuous',
      discards: { kind: 'thresholds', thresholds: s.config.discardThresholds },
      ...(s.config.maxFinalDiscards !== undefined ? { maxFinalDiscards: s.config.maxFinalDiscards } : {}),
      ...(s.config.protectLoneFinalRace !== undefined ? { protectLoneFinalRace: s.config.protectLoneFinalRace } : {}),
      ...(s.config.medal !== undefined
        ? {
            medal: {
              size: s.config.medal.size,
              raceCount: s.config.medal.raceCount,
              multiplier: s.config.medal.multiplier,
              ...(s.config.medal.carryTransform !== undefined ? { carryDivisor: s.config.medal.carryTransform.by } : {}),
            },
          }
        : {}),
    },
    boats: s.competitors.map((c) => {
      const [sail, ...rest] = c.trim().split(/\s+/);
      return { id: sail!, name: rest.join(' ') };
    }),
    rounds: s.stages.map((st) => ({
      stage: st.stage,
      from: st.from ?? 1,
      ...(st.assign?.seed !== undefined ? { seed: st.assign.seed === 'sail-number' ? ('sail_number' as const) : ('entry_order' as const) } : {}),
      ...(st.assign?.reassignAfter !== undefined ? { reassignAfter: st.assign.reassignAfter } : {}),
      ...(st.assign?.split === true ? { split: true } : {}),
      ...(st.assign?.medalTop !== undefined ? { medalTop: st.assign.medalTop } : {}),
      ...(st.fleets !== undefined ? { fleets: st.fleets } : {}),
      ...(st.medalAfter !== undefined ? { medalAfter: st.medalAfter } : {}),
      races: st.races.map((r) => ({ n: r.n, sheets: r.results })),
    })),
    amendments: (s.amendments ?? []).map((a) => ({ stage: a.stage, race: a.race, fleet: a.fleet, sheet: a.results })),
  };
  const out = scoreSplitSeries(input);
  s.stages.forEach((st, i) => {
    if (st.expectedFleets === undefined) return;
    const got = out.rounds[i]!.fleets;
    for (const [fleet, members] of Object.entries(st.expectedFleets)) {
      const g = [...(got[fleet] ?? [])].sort();
      const e = [...members].sort();
      check(JSON.stringify(g) === JSON.stringify(e), `stages[${i}].fleets.${fleet}: expected [${e.join(', ')}], got [${g.join(', ')}]`);
    }
  });
  check(out.standings.length === s.expected.standings.length, `standings: expected ${s.expected.standings.length} boats, got ${out.standings.length}`);
  s.expected.standings.forEach((exp, i) => {
    const got = out.standings[i]!;
    const where = `standings[${i}]`;
    check(got.boatId === exp.sail, `${where}: expected ${exp.sail} at rank ${exp.rank}, got ${got.boatId}`);
    check(got.rank === exp.rank, `${where}.rank: expected ${exp.rank}, got ${got.rank}`);
    check(same(got.total, exp.total), `${where}(${exp.sail}).total: expected ${exp.total}, got ${got.total}`);
    check(same(got.net, exp.net), `${where}(${exp.sail}).net: expected ${exp.net}, got ${got.net}`);
    if (exp.fleet !== undefined) check(got.finalFleet === exp.fleet, `${where}(${exp.sail}).fleet: expected ${exp.fleet}, got ${got.finalFleet}`);
    if (exp.medal !== undefined) check(got.medal === exp.medal, `${where}(${exp.sail}).medal: expected ${exp.medal}, got ${got.medal}`);
  });
}

// ─── disputed scenarios
// Where a scenario contradicts the stated rules, the engine keeps the rule and the runner reports the
// case as "disputed" (not passed, not failed) — but only when the failure is exactly the one explained
// here, so any other regression in the same scenario still fails. See docs/scoring.md.
const DISPUTED: Record<string, { failure: string; reason: string }> = {
  'nhc/04-multi-race-propagation.yaml': {
    failure: 'race 3 1.correctedTime: expected 4513, got 4514',
    reason:
      '4500 s x 1.003 = 4513.5 s exactly; rounded half up that is 4514 s. The oracle computed 4513.4999... in binary floating point. Ranks and points agree.',
  },
};

// ─── main

function main(): void {
  const args = process.argv.slice(2);
  const here = dirname(fileURLToPath(import.meta.url));
  const repoRoot = resolve(here, '../../..');
  let dir = resolve(repoRoot, '../shared/oracles/sailscoring');
  const di = args.indexOf('--dir');
  if (di >= 0) {
    const d = args[di + 1];
    if (d === undefined) {
      console.error('--dir needs a folder');
      process.exit(2);
    }
    dir = resolve(process.cwd(), d);
  }
  if (!existsSync(dir)) {
    console.log(`oracle folder not found: ${dir} — nothing to run`);
    process.exit(0);
  }
  let passed = 0;
  let failed = 0;
  let disputed = 0;
  for (const file of listScenarioFiles(dir)) {
    let id = file;
    let description = '';
    try {
      const loaded = loadScenario(dir, file);
      id = loaded.id;
      description = loaded.scenario.description;
      if (loaded.scenario.kind === 'split' && loaded.scenario.runnable === false) {
        console.log(`skip ${id} — marked not runnable by the oracle: ${loaded.scenario.reason ?? 'no reason given'}`);
        continue;
      }
      if (loaded.scenario.kind === 'series') runSeriesScenario(loaded.scenario);
      else runSplitScenario(loaded.scenario);
      console.log(`ok   ${id} — ${description}`);
      passed++;
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      const dispute = DISPUTED[id];
      if (dispute && msg === dispute.failure) {
        console.log(`disputed ${id} — ${msg}; ${dispute.reason}`);
        disputed++;
        continue;
      }
      console.log(`FAIL ${id} — ${msg}`);
      failed++;
    }
  }
  if (disputed > 0) console.log(`${disputed} disputed (engine follows the rules; see docs/scoring.md)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main();
