/**
 * What a Sailwave file holds that the import neither scores, stores nor compares, reported as warnings
 * ("never silently dropped"): one warning per key, with the number of records holding a value, so a
 * 300-boat file with e-mail addresses gives one line, not 300. Covers competitor (`comp*`), race
 * (`race*`) and result-cell keys the model does not read, and records of a kind the reader does not
 * place (parse.ts `unknown`). Values are never repeated in a message (they may be personal data).
 *
 * Not reported: keys the import reads (model.ts), and the figures Sailwave computes when it scores
 * (series/race ranks, tallies, win times, ratings after the last race): the platform re-scores and
 * computes its own. Series (`ser*`) settings are publishing and display options; the scoring-system
 * (`scr*`) settings are judged in settings.ts. Pure.
 */
import type { SailwaveFile } from './model.js';
import type { SailwaveWarning } from './settings.js';

/** Competitor keys the import reads (model.ts) or compares (parity). */
const COMP_READ = new Set([
  'compsailno', 'compboat', 'comphelmname', 'compcrewname', 'compclub', 'compnat', 'compfleet', 'compdivision', 'compclass',
  'comprating', 'compalias', 'compexclude', 'comprank', 'comptotal', 'compnett',
]);
/** Computed by Sailwave when it scores (the platform computes its own): internal counters, the rating after the last race. */
const COMP_COMPUTED = new Set(['comphigh', 'comptally', 'compnewrating']);
const RACE_READ = new Set(['racerank', 'racesailed', 'racename', 'racedate', 'racestart']);
/** Result-cell keys the import reads. */
const CELL_READ = new Set(['rrestyp', 'rrecpos', 'rpos', 'rpts', 'rcod', 'rft', 'rst', 'rele', 'rcor', 'rrat', 'rdisc']);
/** Result-cell figures Sailwave computes when it scores (win times, rating set, series rating). */
const CELL_COMPUTED = new Set(['rrwin', 'rewin', 'rrset', 'srat']);

/** Sailwave writes "" or "0" for a field left unset. */
const holdsValue = (v: string | undefined): boolean => v !== undefined && v.trim() !== '' && v.trim() !== '0';

export function unmappedWarnings(file: SailwaveFile): SailwaveWarning[] {
  const counts = new Map<string, { what: string; count: number; line: number }>();
  const note = (key: string, what: string, line: number): void => {
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { what, count: 1, line });
  };
  for (const c of file.competitors) {
    for (const [key, value] of Object.entries(c.raw)) if (!COMP_READ.has(key) && !COMP_COMPUTED.has(key) && holdsValue(value)) note(key, 'competitor record', c.line);
  }
  for (const r of file.races) {
    for (const [key, value] of Object.entries(r.raw)) if (!RACE_READ.has(key) && holdsValue(value)) note(key, 'race', r.line);
  }
  for (const cell of file.results) {
    for (const [key, value] of Object.entries(cell.raw)) if (!CELL_READ.has(key) && !CELL_COMPUTED.has(key) && holdsValue(value)) note(key, 'result', cell.line);
  }
  for (const u of file.unknown) note(u.key, 'record', u.line);
  return [...counts.entries()]
    .sort((a, b) => a[1].line - b[1].line)
    .map(([key, { what, count, line }]) => ({
      setting: key,
      message: `${key} is set on ${count} ${what}${count === 1 ? '' : 's'}: the platform has no field for it, so it is not imported`,
      affectsScores: false,
      line,
    }));
}
