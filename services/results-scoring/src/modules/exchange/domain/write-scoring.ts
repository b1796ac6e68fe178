/**
 * A fleet's scoring set-up → Sailwave scoring-system records (`scr*`) and its code table (`scrcode`),
 * written so that settings.ts reads back the same engine configuration: points system, rating
 * system, discards (`scrdiscardlist`), A5.2/A5.3 (the DNF and DNC bases), A8.1 + A8.2 ties, averaged
 * race ties. Settings Sailwave has no counterpart for come back as warnings.
 */
import { DEFAULT_PENALTY_PERCENT } from '@regatta/scoring-engine';
import { discardScheduleOf, handicapOf, penaltyBasisOf, scoringSystemOf, type FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import { blwNumber, type BlwRecordWriter } from './write-records.js';
import type { BlwWriteWarning } from './write-model.js';

/** Sailwave's rating-system names for the engine's handicap systems that settings.ts reads back. */
const RATING_SYSTEM: Readonly<Record<string, string>> = {
  one_design: 'None',
  portsmouth_rya: 'PY',
  irc: 'IRC',
  nhc: 'NHC1',
  echo: 'ECHO',
};

/** `scrdiscardlist`: discards after 1, 2, 3 … races sailed, long enough for `races`. */
export function discardList(fleet: FleetSetup, races: number): number[] {
  const schedule = discardScheduleOf(fleet);
  const length = Math.max(1, races);
  switch (schedule.kind) {
    case 'thresholds': {
      const last = schedule.thresholds[schedule.thresholds.length - 1];
      const n = Math.max(length, last?.minRaces ?? 1);
      return Array.from({ length: n }, (_, i) =>
        schedule.thresholds.reduce((count, t) => (t.minRaces <= i + 1 ? Math.max(count, t.discardCount) : count), 0),
      );
    }
    case 'fixed':
      // Never every race: after k races at most k − 1 discards.
      return Array.from({ length: Math.max(length, schedule.count + 1) }, (_, i) => Math.min(schedule.count, i));
    case 'proportional':
      // One from `firstAt` races, one more every `everyRaces`: the list covers the event's races and
      // three steps more (after its end Sailwave keeps the last count).
      return Array.from({ length: Math.max(length, schedule.firstAt + 3 * schedule.everyRaces) }, (_, i) =>
        i + 1 < schedule.firstAt ? 0 : 1 + Math.floor((i + 1 - schedule.firstAt) / schedule.everyRaces),
      );
    default:
      return Array.from({ length }, () => 0);
  }
}

/** One scrcode value: `code|method|value|discardable|cameToStart|||spare×4|started|…|keepsPlace|system||description`. */
function codeValue(code: string, method: string, value: string, flags: { discardable: boolean; came: boolean; started: boolean; dsq: boolean; keepsPlace: boolean }, system: number, description: string): string {
  const yn = (b: boolean) => (b ? 'Yes' : 'No');
  return [code, method, value, yn(flags.discardable), yn(flags.came), '', '', 'spare', 'spare', 'spare', 'spare', yn(flags.started), yn(flags.dsq), yn(flags.keepsPlace), String(system), '', description].join('|');
}

/** The code a stored penalty is written under: SCP/ZFP at the default 20 %, else one code per value (SCP30, DPI2). */
export function penaltyCodeName(entry: StoredEntry): string | null {
  const code = entry.code?.toUpperCase() ?? null;
  if (code === 'SCP' || code === 'ZFP') {
    const pct = entry.penaltyPercent ?? DEFAULT_PENALTY_PERCENT;
    return pct === DEFAULT_PENALTY_PERCENT ? code : `${code}${blwNumber(pct)}`;
  }
  if (code === 'DPI') return `DPI${blwNumber(entry.penaltyPoints ?? 0)}`;
  return null;
}

/**
 * The code a redress entry is written under (RDG points by hand, RDGa A9(a), RDGb A9(b)), as Sailwave's
 * default table names them; redress without a method takes the fleet's default (engine options).
 */
export function redressCodeName(entry: StoredEntry, fleet: FleetSetup): string {
  const method = entry.redressMethod ?? fleet.options?.redress?.defaultMethod ?? 'average_all';
  return method === 'points' ? 'RDG' : method === 'average_before' ? 'RDGb' : 'RDGa';
}

function writeCodes(out: BlwRecordWriter, fleet: FleetSetup, system: number, entries: Iterable<StoredEntry>): void {
  const basis = penaltyBasisOf(fleet);
  // Sailwave's "Finishers +" method is the platform's finishers_plus basis (N for DNF-like codes and for DNC).
  const plus = basis === 'finishers_plus' ? (fleet.options?.finishersPlus ?? { dnf: 1, dnc: 2 }) : null;
  const dnfMethod = plus ? 'Finishers +' : basis === 'A5.2' ? 'Boats in series +' : 'Boats in race +';
  const dncMethod = plus ? 'Finishers +' : basis === 'A5.3_incl_dnc' ? 'Boats in race +' : 'Boats in series +';
  const like = (code: string, target: string, started: boolean, dsq: boolean, discardable = true, description = '') =>
    out.add('scrcode', codeValue(code, 'Score like', target, { discardable, came: true, started, dsq, keepsPlace: false }, system, description));
  out.add('scrcode', codeValue('DNC', dncMethod, plus ? blwNumber(plus.dnc) : '1', { discardable: true, came: false, started: false, dsq: false, keepsPlace: false }, system, 'Did not come to the starting area'));
  out.add('scrcode', codeValue('DNF', dnfMethod, plus ? blwNumber(plus.dnf) : '1', { discardable: true, came: true, started: true, dsq: false, keepsPlace: false }, system, 'Did not finish'));
  like('DNS', 'DNF', false, false, true, 'Did not start');
  like('OCS', 'DNF', false, false, true, 'On course side');
  like('UFD', 'DNF', false, false, true, 'U flag disqualification');
  like('BFD', 'DNF', false, false, true, 'Black flag disqualification');
  like('NSC', 'DNF', true, true, true, 'Did not sail the course');
  like('RET', 'DNF', true, false, true, 'Retired');
  like('DSQ', 'DNF', true, true, true, 'Disqualified');
  like('DNE', 'DNF', true, true, false, 'Disqualification not excludable');
  const redress = { discardable: true, came: true, started: true, dsq: true, keepsPlace: true };
  out.add('scrcode', codeValue('RDG', 'Set points by hand', '', redress, system, 'Redress: points stated'));
  out.add('scrcode', codeValue('RDGa', 'Average (all)', '', redress, system, 'Redress: average of all races, A9(a)'));
  out.add('scrcode', codeValue('RDGb', 'Average (before)', '', redress, system, 'Redress: average of the races before, A9(b)'));
  const penalties = new Map<string, { method: string; value: string }>([
    ['SCP', { method: 'Percentage penalty DNF', value: String(DEFAULT_PENALTY_PERCENT) }],
    ['ZFP', { method: 'Percentage penalty DNF', value: String(DEFAULT_PENALTY_PERCENT) }],
  ]);
  for (const e of entries) {
    const name = penaltyCodeName(e);
    if (name === null || penalties.has(name)) continue;
    penalties.set(name, name.startsWith('DPI') ? { method: 'Fixed penalty', value: blwNumber(e.penaltyPoints ?? 0) } : { method: 'Percentage penalty DNF', value: blwNumber(e.penaltyPercent ?? DEFAULT_PENALTY_PERCENT) });
  }
  for (const [name, p] of penalties) out.add('scrcode', codeValue(name, p.method, p.value, redress, system, 'Penalty: keeps her place'));
}

/**
 * The root system (handle 1: standings separated by Fleet) and one child per fleet selected by
 * `Fleet = <name>`, following nothing (every group of settings its own).
 */
export function writeScoringSystems(
  out: BlwRecordWriter,
  fleets: readonly { setup: FleetSetup; handle: number; races: number; entries: Iterable<StoredEntry> }[],
  warn: (w: BlwWriteWarning) => void,
): void {
  const system = (handle: number, parent: number, name: string, setup: FleetSetup | null, races: number, entries: Iterable<StoredEntry>) => {
    const s = (key: string, value: string | number) => out.add(key, value, handle);
    for (const group of ['champ', 'medal', 'codes', 'ratingsystem', 'ratingmode', 'pointssystem', 'coefficients', 'customexprs', 'seriesties', 'overallpoints', 'discards', 'raceties', 'flights', 'pointsplaces', 'qualification']) {
      s(`scrfollow${group}`, 0);
    }
    s('scrname', name);
    s('scrparent', parent);
    s('scrfield', 'Fleet');
    s('scrsfield', 'Fleet');
    if (setup !== null) s('scrvalue', setup.name);
    for (const [k, v] of [['scrtie3', 'No'], ['scrtie0', 'No'], ['scrtie1', 'Yes'], ['scrincludediscards', 'No'], ['scrtie2', 'Yes'], ['scrtie2back', 'No'], ['scrtie2starts', 'No'], ['scrtiefinals', 'No']] as const) s(k, v);
    s('scrraceties', 'Averaged');
    s('scrpointsplaces', 1);
    s('scrrrs2025', 'Yes');
    s('scrpointsaccumulation', 'Sum');
    const fleet = setup ?? { id: '', name: '', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [] };
    const points: string = scoringSystemOf(fleet);
    if (points !== 'low_point' && points !== 'high_point') {
      warn({ setting: 'scoringSystem', message: `${points} scoring has no Sailwave points system the importer reads back; written as Low point`, fleet: fleet.name });
    }
    s('scrpointssystem', points === 'high_point' ? 'High point' : 'Low point');
    if (fleet.options?.redress?.excludeDnc) warn({ setting: 'redress.excludeDnc', message: 'A9(a) averages leaving DNC scores out have no Sailwave setting; Sailwave averages every other race', fleet: fleet.name });
    const kind = handicapOf(fleet).kind;
    const rating = RATING_SYSTEM[kind];
    if (rating === undefined) warn({ setting: 'handicapSystem', message: `handicap system ${kind} has no Sailwave rating system the importer reads back; written as "${kind}"`, fleet: fleet.name });
    else if (kind !== 'one_design' && Object.keys(fleet.handicapParams ?? {}).length > 0) {
      warn({ setting: 'handicapParams', message: `the ${kind} parameters ${JSON.stringify(fleet.handicapParams)} have no Sailwave setting; Sailwave uses its own`, fleet: fleet.name });
    }
    s('scrratingsystem', rating ?? kind);
    s('scrratingvalue', 'No');
    s('scrupdateratings', 'No');
    s('scrdiscardlist', discardList(fleet, races).join(','));
    for (const [k, v] of [['scrflights', 'No'], ['scrfinals', 'No'], ['scrmedal', 'No'], ['scrlowweight', 'Yes']] as const) s(k, v);
    writeCodes(out, fleet, handle, entries);
  };
  system(1, 0, 'Appendix A', null, 1, []);
  for (const f of fleets) system(f.handle, 1, `Appendix A (${f.setup.name})`, f.setup, f.races, f.entries);
}
