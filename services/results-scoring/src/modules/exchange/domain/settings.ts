/**
 * Sailwave scoring-system settings → the engine's fleet settings, with a
 * warning for every setting the engine cannot represent.
 *
 * A child scoring system (scrparent ≠ 0) applies to the competitors whose
 * `scrfield` equals its `scrvalue`; for each group of settings it either
 * follows its parent (`scrfollow… = 1`) or carries its own.
 */
import {
  CODE_RULES,
  isPenaltyCode,
  isResultCode,
  type DiscardSchedule,
  type FinishersPlus,
  type HandicapSystem,
  type PenaltyBasis,
  type ResultCode,
  type ScoringSystem,
} from '@regatta/scoring-engine';
import type { SailwaveCode, SailwaveCompetitor, SailwaveFile, SailwaveScoringSystem } from './model.js';

export interface SailwaveWarning {
  /** The Sailwave setting, e.g. "scrcode DNF", "scrratingsystem", "compexclude". */
  readonly setting: string;
  readonly message: string;
  /** true when the standings may differ from Sailwave's because of it. */
  readonly affectsScores: boolean;
  readonly fleet?: string;
  readonly line?: number;
}

/** The value of a named competitor field (Fleet, Class, Division, or any comp… key). */
export function fieldValue(c: SailwaveCompetitor, field: string): string {
  switch (field.toLowerCase()) {
    case 'fleet':
      return c.fleet;
    case 'class':
      return c.boatClass;
    case 'division':
      return c.division;
    default:
      return c.raw[`comp${field.toLowerCase()}`] ?? '';
  }
}

export function rootSystem(file: SailwaveFile): SailwaveScoringSystem | null {
  if (file.scoringHandle !== null) {
    const s = file.scoringSystems.get(file.scoringHandle);
    if (s !== undefined) return s;
  }
  for (const s of file.scoringSystems.values()) if (s.parent === null) return s;
  return null;
}

/** The scoring system that applies to a competitor: a matching child of the root, else the root. */
export function systemFor(file: SailwaveFile, root: SailwaveScoringSystem, c: SailwaveCompetitor): SailwaveScoringSystem {
  for (const s of file.scoringSystems.values()) {
    if (s.parent === root.handle && s.field !== '' && fieldValue(c, s.field) === s.value) return s;
  }
  return root;
}

/** The system whose settings of one group (`scrfollow<group>`) apply. */
function owner(file: SailwaveFile, s: SailwaveScoringSystem, group: string): SailwaveScoringSystem {
  let cur = s;
  for (let depth = 0; depth < 8 && cur.parent !== null && cur.raw[`scrfollow${group}`] === '1'; depth++) {
    const p = file.scoringSystems.get(cur.parent);
    if (p === undefined) break;
    cur = p;
  }
  return cur;
}

/** Races a discard list is read for (the platform's discard thresholds name at most race 200). */
export const MAX_DISCARD_LIST = 200;

export interface FleetSettings {
  readonly scoringSystem: ScoringSystem;
  readonly handicap: HandicapSystem;
  readonly penaltyBasis: PenaltyBasis;
  /** The N of Sailwave's "Finishers +" method (penaltyBasis finishers_plus). */
  readonly finishersPlus?: FinishersPlus;
  readonly discards: DiscardSchedule;
  readonly codes: ReadonlyMap<string, SailwaveCode>;
}

export function fleetSettings(file: SailwaveFile, s: SailwaveScoringSystem, fleet: string, warn: (w: SailwaveWarning) => void): FleetSettings {
  const at = (setting: string, message: string, affectsScores = true, line = s.line): void => warn({ setting, message, affectsScores, fleet, line });
  const points = owner(file, s, 'pointssystem');
  let scoringSystem: ScoringSystem = 'low_point';
  if (points.pointsSystem === 'High point') scoringSystem = 'high_point';
  else if (points.pointsSystem !== 'Low point') at('scrpointssystem', `points system "${points.pointsSystem}" is not supported; scored as low point`);
  if (points.raw.scrpointsaccumulation !== undefined && points.raw.scrpointsaccumulation !== 'Sum') {
    at('scrpointsaccumulation', `points accumulation "${points.raw.scrpointsaccumulation}": only the sum of scores is supported`);
  }

  const rating = owner(file, s, 'ratingsystem').ratingSystem;
  const handicap = handicapOf(rating);
  if (handicap === null) at('scrratingsystem', `rating system "${rating}" is not supported; scored on finishing places`);

  const discardOwner = owner(file, s, 'discards');
  const list = discardOwner.discardList ?? [];
  // A discard count above the races sailed at its position and above the file's race count is
  // meaningless (99999999999 after 2 races; the draft would build an array that large): capped at the
  // race count, warned; scores do not change (every race is discarded either way). Sailwave's usual
  // lists run past the races entered so far ("0,0,1,1,1,2,…" set up for 24 races) and are kept, for
  // the races still to be sailed on the platform, up to MAX_DISCARD_LIST races.
  const raceCount = file.races.length;
  const thresholds: { minRaces: number; discardCount: number }[] = [];
  let capped: number | null = null;
  list.slice(0, MAX_DISCARD_LIST).forEach((raw, i) => {
    const count = raw > i + 1 && raw > raceCount ? raceCount : raw;
    if (count !== raw) capped ??= raw;
    const prev = thresholds.length === 0 ? 0 : thresholds[thresholds.length - 1]!.discardCount;
    if (count !== prev) thresholds.push({ minRaces: i + 1, discardCount: count });
  });
  if (capped !== null) at('scrdiscardlist', `discard count ${capped} is more than the races sailed at its place in the list and the file's ${raceCount} race${raceCount === 1 ? '' : 's'}: capped at ${raceCount}`, false, discardOwner.line);
  if (list.slice(MAX_DISCARD_LIST).some((v) => v !== list[MAX_DISCARD_LIST - 1])) {
    at('scrdiscardlist', `discard list longer than ${MAX_DISCARD_LIST} races: the counts after ${MAX_DISCARD_LIST} races are not imported`, false, discardOwner.line);
  }
  if (list.some((v, i) => i > 0 && v < list[i - 1]!)) at('scrdiscardlist', `discard list "${list.length > 40 ? `${list.slice(0, 40).join(',')},…` : list.join(',')}" decreases; the engine keeps the largest count reached`, true, discardOwner.line);

  const ties = owner(file, s, 'seriesties').raw;
  const yes = (k: string): boolean => (ties[k] ?? '').toLowerCase() === 'yes';
  if (!yes('scrtie1') || !yes('scrtie2')) at('scrtie1/scrtie2', 'series ties not broken by A8.1 then A8.2; the engine always applies A8.1 and A8.2');
  for (const k of ['scrtie0', 'scrtie3', 'scrtie2back', 'scrtie2starts', 'scrtiefinals', 'scrincludediscards']) {
    if (yes(k)) at(k, `series tie option ${k} = Yes is not supported (A8.1, A8.2 only)`);
  }
  const raceTies = owner(file, s, 'raceties').raceTies;
  if (raceTies !== 'Averaged') at('scrraceties', `race ties "${raceTies}": the engine averages tied places (A7)`);
  const medal = owner(file, s, 'medal').raw;
  if (medal.scrmedal === 'Yes') at('scrmedal', 'medal race scoring is not imported');
  const flights = owner(file, s, 'flights').raw;
  if (flights.scrflights === 'Yes' || flights.scrfinals === 'Yes') at('scrflights/scrfinals', 'flights / finals (split fleets) are not imported');
  if (owner(file, s, 'customexprs').raw.scrcustomexprs) at('scrcustomexprs', 'custom scoring expressions are not supported');

  const codes = owner(file, s, 'codes').codes;
  const basis = basisOf(codes, (setting, message) => at(setting, message, true, codes.get(setting.split(' ')[1] ?? '')?.line ?? s.line));
  return {
    scoringSystem,
    handicap: handicap ?? { kind: 'one_design' },
    penaltyBasis: basis.penaltyBasis,
    ...(basis.finishersPlus !== undefined ? { finishersPlus: basis.finishersPlus } : {}),
    discards: { kind: 'thresholds', thresholds },
    codes,
  };
}

function handicapOf(rating: string): HandicapSystem | null {
  switch (rating) {
    case 'None':
    case '':
      return { kind: 'one_design' };
    case 'PY':
      return { kind: 'portsmouth_rya' };
    case 'TCF':
    case 'IRC':
    case 'TCC':
      return { kind: 'irc' };
    case 'NHC1':
      return { kind: 'nhc' };
    case 'ECHO':
      return { kind: 'echo' };
    default:
      return null;
  }
}

/** Follow "Score like X" to the definition that gives points. */
export function resolveCode(codes: ReadonlyMap<string, SailwaveCode>, code: string): SailwaveCode | undefined {
  let c = codes.get(code);
  for (let depth = 0; depth < 8 && c !== undefined && c.method === 'Score like'; depth++) {
    const next = codes.get(c.value);
    if (next === undefined || next === c) break;
    c = next;
  }
  return c;
}

/**
 * A5.2 (DNF = boats in the series + 1) or A5.3 (boats in the race + 1, DNC
 * still series + 1; "incl. DNC" when DNC is also race + 1), or Sailwave's
 * "Finishers +" for both DNF and DNC (finishers in the race + N, the engine's
 * finishers_plus basis, used by ILCA events). Anything else (+ N other than 1
 * on the series/race bases, mixed methods) is warned and scored as A5.2.
 */
function basisOf(codes: ReadonlyMap<string, SailwaveCode>, warn: (setting: string, message: string) => void): { penaltyBasis: PenaltyBasis; finishersPlus?: FinishersPlus } {
  const dnf = resolveCode(codes, 'DNF');
  const dnc = resolveCode(codes, 'DNC');
  const finishersN = (c: SailwaveCode | undefined): number | null => {
    const n = Number(c?.value);
    return c?.method === 'Finishers +' && Number.isInteger(n) && n >= 0 ? n : null;
  };
  const fnf = finishersN(dnf);
  const fnc = finishersN(dnc);
  if (fnf !== null && fnc !== null) return { penaltyBasis: 'finishers_plus', finishersPlus: { dnf: fnf, dnc: fnc } };
  const kind = (c: SailwaveCode | undefined): 'series' | 'race' | null => {
    if (c === undefined) return 'series';
    if (c.value !== '1') return null;
    return c.method === 'Boats in series +' ? 'series' : c.method === 'Boats in race +' ? 'race' : null;
  };
  const f = kind(dnf);
  const d = kind(dnc);
  if (f === null) warn('scrcode DNF', `DNF scored "${dnf!.method} ${dnf!.value}": the engine scores DNF as boats in the series + 1 (A5.2) or boats that came to the starting area + 1 (A5.3)`);
  if (d === null) warn('scrcode DNC', `DNC scored "${dnc!.method} ${dnc!.value}": the engine scores DNC as boats in the series + 1 (or came to the starting area + 1 with A5.3 incl. DNC)`);
  if (f === 'race') return { penaltyBasis: d === 'race' ? 'A5.3_incl_dnc' : 'A5.3' };
  if (d === 'race') warn('scrcode DNC', 'DNC scored as boats in the race + 1 while DNF is boats in the series + 1: not representable');
  return { penaltyBasis: 'A5.2' };
}

/** How one code of the file is entered into the engine. */
export type CodeMapping =
  | { readonly kind: 'result'; readonly code: ResultCode; readonly cameToStart: boolean }
  | { readonly kind: 'redress'; readonly method: 'all_races' | 'races_before' | 'stated' }
  | { readonly kind: 'penalty'; readonly code: 'ZFP' | 'SCP' | 'DPI'; readonly percent?: number; readonly points?: number };

/**
 * Map a code as the file defines it; warns (once per call) when the engine
 * would score it differently. null: not representable at all.
 */
export function mapCode(
  codes: ReadonlyMap<string, SailwaveCode>,
  code: string,
  basis: PenaltyBasis,
  warn: (setting: string, message: string, line?: number, affectsScores?: boolean) => void,
): CodeMapping | null {
  const own = codes.get(code);
  const def = resolveCode(codes, code);
  if (own === undefined || def === undefined) {
    if (isResultCode(code)) return { kind: 'result', code, cameToStart: CODE_RULES[code].cameToStart };
    warn(`rcod ${code}`, `code ${code} is not defined in the scoring system and is not an RRS code`);
    return null;
  }
  switch (def.method) {
    case 'Average (all)':
      return { kind: 'redress', method: 'all_races' };
    case 'Average (before)':
      return { kind: 'redress', method: 'races_before' };
    case 'Set points by hand':
      return { kind: 'redress', method: 'stated' };
    case 'Percentage penalty DNF': {
      const percent = Number(def.value);
      return { kind: 'penalty', code: code === 'ZFP' ? 'ZFP' : 'SCP', percent: Number.isFinite(percent) ? percent : 20 };
    }
    case 'Fixed penalty': {
      const points = Number(def.value);
      return { kind: 'penalty', code: 'DPI', points: Number.isFinite(points) ? points : 0 };
    }
  }
  // A code scored from the number of boats: the engine decides by its own code table.
  const engineCode: ResultCode | null = isResultCode(code)
    ? code
    : def.code === 'DNC'
      ? 'DNC'
      : own.discardable
        ? (isResultCode(def.code) ? def.code : 'DNF')
        : 'DNE';
  if (engineCode === null || isPenaltyCode(code)) {
    warn(`scrcode ${code}`, `code ${code} ("${def.method} ${def.value}") cannot be represented`, own.line);
    return null;
  }
  if (!isResultCode(code)) warn(`scrcode ${code}`, `custom code ${code} (${own.method} ${own.value}) imported as ${engineCode}`, own.line, false);
  const engineBase = CODE_RULES[engineCode].base === 'entries' ? 'DNC' : 'DNF';
  const fileBase = def.code === 'DNC' ? 'DNC' : def.code === 'DNF' ? 'DNF' : null;
  if (fileBase === null || (fileBase !== engineBase && !(basis === 'A5.2' || basis === 'A5.3_incl_dnc'))) {
    warn(`scrcode ${code}`, `code ${code} scored like ${def.code} ("${def.method} ${def.value}"); the engine scores ${engineCode} like ${engineBase}`, own.line);
  }
  if (own.discardable !== CODE_RULES[engineCode].discardable) {
    warn(`scrcode ${code}`, `code ${code} is ${own.discardable ? '' : 'not '}excludable in the file; the engine's ${engineCode} is ${CODE_RULES[engineCode].discardable ? '' : 'not '}excludable`, own.line);
  }
  return { kind: 'result', code: engineCode, cameToStart: own.cameToStart };
}
