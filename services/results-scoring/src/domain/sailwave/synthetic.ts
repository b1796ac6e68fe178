/**
 * Synthetic Sailwave files for the tests of the import's bounds (limits.test.ts, the import's end-to-end
 * test): a one-design series of `boats` competitors × `races` races, every boat placed in every sailed
 * race in order, under one low-point scoring system whose sort field is Fleet. Pure: text only.
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
