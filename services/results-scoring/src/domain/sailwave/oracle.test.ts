/**
 * Every Sailwave file of the external oracle (../shared/oracles/sailwave,
 * never copied here): parse, re-score, print the parity, and assert it.
 *
 * Expectation per fleet (docs/sailwave.md): no warning affects its scores, and
 * Sailwave's rank and nett for every boat. The ILCA file's "Finishers + N"
 * code basis is the engine's finishers_plus basis (issue 15), so it is exact
 * too.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseSailwave } from './parse.js';
import { sailwaveParity } from './parity.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../../../../../../shared/oracles/sailwave');

function blwFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? blwFiles(p) : n.endsWith('.blw') ? [p] : [];
    });
}

test('Sailwave oracle files: parity with the ranks and nett totals Sailwave stored', (t) => {
  if (!existsSync(ROOT)) {
    t.skip(`oracle folder ${ROOT} is absent: Sailwave parity not checked`);
    return;
  }
  const files = blwFiles(ROOT);
  assert.ok(files.length >= 11, `expected the 11 oracle files, found ${files.length}`);
  let fleetsCompared = 0;
  for (const path of files) {
    const id = relative(ROOT, path);
    const parsed = parseSailwave(readFileSync(path));
    assert.ok(parsed.ok, `${id}: ${JSON.stringify(!parsed.ok && parsed.errors)}`);
    const parity = sailwaveParity(parsed.file);
    t.diagnostic(`${id}: ${parity.fleets.length} fleet(s), ${parity.warnings.length} warning(s) (${parity.warnings.filter((w) => w.affectsScores).length} affecting scores)`);
    for (const w of parity.warnings) t.diagnostic(`   warning [${w.fleet ?? '-'}] ${w.setting}: ${w.message}${w.affectsScores ? ' (affects scores)' : ''}`);
    for (const f of parity.fleets) {
      t.diagnostic(`   fleet ${f.fleet || '(all)'}: boats ${f.boats}, races ${f.racesSailed}, ${f.hasStoredResults ? `matching ${f.matching}` : 'no stored results'}${f.representable ? '' : ', not representable'}`);
      for (const d of f.differences) t.diagnostic(`      ${d.sailNumber}: Sailwave rank ${d.sailwave.rank} nett ${d.sailwave.nett}, engine rank ${d.engine.rank} nett ${d.engine.nett}`);
      assert.equal(f.error, null, `${id} ${f.fleet}: ${f.error}`);
      if (!f.hasStoredResults) continue;
      fleetsCompared++;
      if (f.representable) {
        assert.deepEqual(f.differences, [], `${id} ${f.fleet}: exact parity expected`);
        continue;
      }
      // Not representable: no oracle file has such a fleet any more (the ILCA file's "Finishers + N"
      // is the engine's finishers_plus basis since issue 15); a new one must name its reason here.
      assert.fail(`${id} ${f.fleet}: not representable: ${JSON.stringify(parity.warnings.filter((w) => w.fleet === f.fleet && w.affectsScores))}`);
    }
  }
  assert.ok(fleetsCompared >= 14, `expected at least 14 fleets with stored results, compared ${fleetsCompared}`);
});
