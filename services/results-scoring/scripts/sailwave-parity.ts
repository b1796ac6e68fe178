/**
 * Parity table of every Sailwave file of the external oracle: parse, re-score
 * with this engine, compare with the ranks and nett totals Sailwave stored.
 *
 *   node --conditions=@regatta/source --import tsx services/results-scoring/scripts/sailwave-parity.ts [--dir <folder>] [--all]
 *
 * Default folder: ../shared/oracles/sailwave beside the repository root.
 * --all also prints warnings that do not affect scores and every differing boat.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSailwave } from '../src/modules/exchange/domain/parse.js';
import { sailwaveParity } from '../src/modules/exchange/domain/parity.js';

const args = process.argv.slice(2);
const dirArg = args.indexOf('--dir');
const all = args.includes('--all');
const here = dirname(fileURLToPath(import.meta.url));
const root = dirArg >= 0 ? resolve(args[dirArg + 1] ?? '.') : resolve(here, '../../../../shared/oracles/sailwave');
if (!existsSync(root)) {
  console.error(`no oracle folder at ${root}`);
  process.exit(2);
}
const files = (function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith('.blw') ? [join(dir, n)] : []));
})(root);

const rows: string[][] = [['file', 'fleet', 'boats', 'races', 'matching', 'parity', 'warnings (affecting)']];
const notes: string[] = [];
for (const path of files) {
  const id = relative(root, path);
  const parsed = parseSailwave(readFileSync(path));
  if (!parsed.ok) {
    rows.push([id, '-', '-', '-', '-', 'PARSE ERROR', parsed.errors.map((e) => `line ${e.line ?? '-'}: ${e.message}`).join('; ')]);
    continue;
  }
  const p = sailwaveParity(parsed.file);
  if (p.fleets.length === 0) rows.push([id, '(no competitors)', '0', '0', '-', '-', String(p.warnings.length)]);
  for (const f of p.fleets) {
    const fw = p.warnings.filter((w) => w.fleet === f.fleet || w.fleet === undefined);
    const status = f.error !== null ? `ERROR ${f.error}` : !f.hasStoredResults ? 'nothing stored' : f.differences.length === 0 ? 'exact' : f.category === 'rules_differences' ? `rules differences (${f.rulesDifferences.length})` : f.representable ? 'MISMATCH' : 'differs (not representable)';
    rows.push([id, f.fleet || '(all)', String(f.boats), String(f.racesSailed), f.hasStoredResults ? `${f.matching}/${f.boats}` : '-', status, `${fw.length} (${fw.filter((w) => w.affectsScores).length})`]);
    for (const d of f.differences.slice(0, all ? undefined : 3)) {
      notes.push(`${id} / ${f.fleet}: ${d.sailNumber} Sailwave rank ${d.sailwave.rank} nett ${d.sailwave.nett}, engine rank ${d.engine.rank} nett ${d.engine.nett}`);
    }
  }
  for (const w of p.warnings) if (all || w.affectsScores) notes.push(`${id} / ${w.fleet ?? '-'}: [${w.setting}] ${w.message}${w.affectsScores ? ' (affects scores)' : ''}`);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
