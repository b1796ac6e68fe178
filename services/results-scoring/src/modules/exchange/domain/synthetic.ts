/**
 * Synthetic Sailwave files for the tests of the import's bounds (limits.test.ts, the import's end-to-end
 * test): a one-design series of `boats` competitors × `races` races, every boat placed in every sailed
 * race in order, under one low-point scoring system whose sort field is Fleet; and files with
 * penalties as real club files store them (`penaltySeries`). Pure: text only.
 */

export type SyntheticRow = readonly [key: string, value: string, competitor: string, race: string];

export interface SyntheticOptions {
  boats?: number;
  races?: number;
  /** `scrdiscardlist`. */
  discards?: string;
  fleetOf?: (boat: number) => string;
  raceName?: (race: number) => string;
  raceDate?: (race: number) => string;
  /** `rpos` of a boat in a race. */
  place?: (boat: number, race: number) => string;
  sailed?: boolean;
  /** Records after the rest (a later record of a key overrides an earlier one). */
  extra?: readonly SyntheticRow[];
}

export function syntheticSeries(options: SyntheticOptions = {}): string {
  const { boats = 3, races = 3, discards = '0,0,1', fleetOf = () => '', raceName = (r) => `R${r}`, raceDate = (r) => `0${(r % 9) + 1}-05-26`, place = (b) => String(b), sailed = true, extra = [] } = options;
  const rows: SyntheticRow[] = [
    ['serversion', '2.38.02', '', ''],
    ['serevent', 'Limits Cup 2026', '', ''],
    ['serdatespec', 'd-m-y', '', ''],
    ['serscoringhandle', '1', '', ''],
    ['scrname', 'Low point', '1', ''],
    ['scrparent', '0', '1', ''],
    ['scrfield', 'Fleet', '1', ''],
    ['scrsfield', 'Fleet', '1', ''],
    ['scrpointssystem', 'Low point', '1', ''],
    ['scrratingsystem', 'None', '1', ''],
    ['scrtie1', 'Yes', '1', ''],
    ['scrtie2', 'Yes', '1', ''],
    ['scrraceties', 'Averaged', '1', ''],
    ['scrdiscardlist', discards, '1', ''],
  ];
  for (let b = 1; b <= boats; b++) rows.push(['compsailno', `IRL ${b}`, String(b), ''], ['comphelmname', `Helm ${b}`, String(b), ''], ['compfleet', fleetOf(b), String(b), '']);
  for (let r = 1; r <= races; r++) {
    rows.push(['racerank', String(r), '', String(r)], ['racename', raceName(r), '', String(r)], ['racedate', raceDate(r), '', String(r)], ['racesailed', sailed ? '1' : '0', '', String(r)]);
    if (sailed) for (let b = 1; b <= boats; b++) rows.push(['rrestyp', '1', String(b), String(r)], ['rpos', place(b, r), String(b), String(r)]);
  }
  rows.push(...extra);
  return `${rows.map((f) => f.map((v) => `"${v}"`).join(',')).join('\r\n')}\r\n`;
}

/** One record `"key","value","comp","race"`. */
const rec = (key: string, value: string | number, comp = '', race = ''): string => [key, String(value), comp, race].map((f) => `"${f}"`).join(',');

/** code|method|value|discardable|cameToStart|||spare×4|started||keepsPlace|system||description */
const code = (c: string, method: string, value: string, keepsPlace = false, cameToStart = true): string =>
  rec('scrcode', `${c}|${method}|${value}|Yes|${cameToStart ? 'Yes' : 'No'}|||spare|spare|spare|spare|Yes|${keepsPlace ? 'Yes' : 'No'}|${keepsPlace ? 'Yes' : 'No'}|1||${c}`);

export interface PenaltySeriesBoat {
  h: string;
  fleet: string;
  rating?: number;
  /** Sailwave's stored series result: rank, total (nett = total, no discards). */
  rank: number;
  total: number;
}

/**
 * Penalties as real club files store them: one low-point system (A5.2, or A5.3 with `dnf` "Boats in
 * race +"), fleets sharing one start, codes DNF, DNC, SCP (20 %, keeps the place), DPI2 (fixed 2,
 * keeps the place) and RAF (like DNF); `cells` by race and competitor handle.
 */
export function penaltySeries(opts: { rating?: string; dnf?: 'Boats in series +' | 'Boats in race +'; boats: PenaltySeriesBoat[]; races: { h: string; start?: string }[]; cells: Record<string, Record<string, Record<string, string | number>>> }): string {
  const rows = [
    rec('serversion', '2.38.02'),
    rec('serevent', 'Winter Series 2026'),
    rec('serscoringhandle', '1'),
    rec('scrparent', '0', '1'),
    rec('scrfield', 'Fleet', '1'),
    rec('scrsfield', 'Fleet', '1'),
    rec('scrpointssystem', 'Low point', '1'),
    rec('scrratingsystem', opts.rating ?? 'None', '1'),
    rec('scrdiscardlist', '0', '1'),
    rec('scrtie1', 'Yes', '1'),
    rec('scrtie2', 'Yes', '1'),
    code('DNF', opts.dnf ?? 'Boats in series +', '1'),
    code('DNC', 'Boats in series +', '1', false, false),
    code('SCP', 'Percentage penalty DNF', '20', true),
    code('DPI2', 'Fixed penalty', '2', true),
    code('RAF', 'Score like', 'DNF'),
  ];
  for (const b of opts.boats) {
    rows.push(rec('compsailno', `IRL ${b.h}`, b.h), rec('compfleet', b.fleet, b.h), rec('comphelmname', `Helm ${b.h}`, b.h), rec('comprank', b.rank, b.h), rec('comptotal', b.total, b.h), rec('compnett', b.total, b.h));
    if (b.rating !== undefined) rows.push(rec('comprating', b.rating, b.h));
  }
  opts.races.forEach((r, i) => {
    rows.push(rec('racerank', i + 1, '', r.h), rec('racesailed', 1, '', r.h), rec('racename', `R${i + 1}`, '', r.h));
    const fleets = [...new Set(opts.boats.map((b) => b.fleet))];
    // One start for every fleet: Fleet^A^Fleet^B… (several dinghy classes in one start).
    rows.push(rec('racestart', `${fleets.map((f) => `Fleet^${f}`).join('^')}^=^=|${r.start ?? ''}|${r.start ? 'Finish time' : 'Place'}|Start 1|||0||0|0||||1`, '', r.h));
  });
  for (const [race, byComp] of Object.entries(opts.cells)) for (const [comp, fields] of Object.entries(byComp)) for (const [k, v] of Object.entries(fields)) rows.push(rec(k, v, comp, race));
  return rows.join('\r\n');
}

/** Place-entered cell: rrecpos as entered, rpos and rpts as Sailwave computed them. */
export const placed = (rrecpos: number, rpos: number, rpts: number, extra: Record<string, string | number> = {}) => ({ rrestyp: 1, rrecpos, rpos, rpts, ...extra });

/**
 * Sailwave's two departures from RRS 44.3(c), as stored by Sailwave: 9 boats, DNF 10, SCP 20 % = 2.
 * Race 1: s7 (SCP) and s8 both recorded 7th: Sailwave gives s7 7 + 2 = 9 (the rules: 7.5 + 2 = 9.5).
 * Race 2: s9 9th with a fixed penalty of 2: Sailwave 11 (the rules: capped at DNF, 10).
 */
export function tiedPenaltySeries(): string {
  const hs = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'];
  const sailwaveTotals = [2, 4, 6, 8, 10, 12, 16, 15.5, 20];
  const boats = hs.map((h, i) => ({ h, fleet: 'Dinghy', rank: [1, 2, 3, 4, 5, 6, 8, 7, 9][i]!, total: sailwaveTotals[i]! }));
  const r1: Record<string, Record<string, string | number>> = Object.fromEntries(hs.map((h, i) => [h, placed(i < 6 ? i + 1 : i === 8 ? 9 : 7, i < 6 ? i + 1 : i === 7 ? 7 : 8, [1, 2, 3, 4, 5, 6, 9, 7.5, 9][i]!)]));
  r1.s7 = { rrestyp: 3, rcod: 'SCP', rrecpos: 7, rpos: 8, rpts: 9 };
  const r2: Record<string, Record<string, string | number>> = Object.fromEntries(hs.map((h, i) => [h, placed(i + 1, i + 1, i + 1)]));
  r2.s9 = { rrestyp: 3, rcod: 'DPI2', rrecpos: 9, rpos: 9, rpts: 11 };
  return penaltySeries({ boats, races: [{ h: 'r1' }, { h: 'r2' }], cells: { r1, r2 } });
}
