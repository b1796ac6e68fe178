/**
 * Every Sailwave file of the external oracle (../shared/oracles/sailwave,
 * never copied here): parse, re-score, print the parity, and assert it.
 *
 * Expectation per fleet (docs/sailwave.md): no warning affects its scores, and
 * Sailwave's rank, total, nett and the points of every stored race for every
 * boat, by the engine alone (parity.ts) and by the platform's fleet scoring of
 * the import's draft (draft-parity.ts, what the import answers). The ILCA file's "Finishers + N"
 * code basis is the engine's finishers_plus basis (engine options), so it is exact
 * too.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildImportDraft } from './draft.js';
import { draftParity } from './draft-parity.js';
import { parseSailwave } from './parse.js';
import { sailwaveParity } from './parity.js';
import { toScoring } from './to-scoring.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../../../../../../../shared/oracles/sailwave');

function blwFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? blwFiles(p) : n.endsWith('.blw') ? [p] : [];
    });
}

test('Sailwave oracle files: parity with the ranks, totals, nett and race points Sailwave stored', (t) => {
  if (!existsSync(ROOT)) {
    t.skip(`oracle folder ${ROOT} is absent: Sailwave parity not checked`);
    return;
  }
  const files = blwFiles(ROOT);
  assert.ok(files.length >= 11, `expected the 11 oracle files, found ${files.length}`);
  let fleetsCompared = 0;
  let racePoints = 0;
  let draftRacePoints = 0;
  let draftBoats = 0;
  for (const path of files) {
    const id = relative(ROOT, path);
    const parsed = parseSailwave(readFileSync(path));
    assert.ok(parsed.ok, `${id}: ${JSON.stringify(!parsed.ok && parsed.errors)}`);
    const parity = sailwaveParity(parsed.file);
    let n = 0;
    const draft = buildImportDraft(parsed.file, toScoring(parsed.file), { organizationId: 'org', fileName: id, today: new Date(Date.UTC(2026, 10, 24)), newId: () => `id-${++n}`, stableId: (k) => k });
    for (const report of draftParity(draft)) {
      if (!report.compared) continue;
      t.diagnostic(`   import draft ${report.fleet}: ${report.matching}/${report.boats} boats, ${report.racePointsCompared} race points compared${report.exact ? ' (exact)' : ''}`);
      assert.deepEqual(report.differences, [], `${id} ${report.fleet}: the platform's scoring of the draft reproduces Sailwave`);
      assert.deepEqual([report.category, report.rulesDifferences], ['exact', []], `${id} ${report.fleet}: category`);
      draftRacePoints += report.racePointsCompared;
      draftBoats += report.boats;
    }
    t.diagnostic(`${id}: ${parity.fleets.length} fleet(s), ${parity.warnings.length} warning(s) (${parity.warnings.filter((w) => w.affectsScores).length} affecting scores)`);
    for (const w of parity.warnings) t.diagnostic(`   warning [${w.fleet ?? '-'}] ${w.setting}: ${w.message}${w.affectsScores ? ' (affects scores)' : ''}`);
    for (const f of parity.fleets) {
      t.diagnostic(`   fleet ${f.fleet || '(all)'}: boats ${f.boats}, races ${f.racesSailed}, ${f.hasStoredResults ? `matching ${f.matching}` : 'no stored results'}${f.representable ? '' : ', not representable'}`);
      for (const d of f.differences) t.diagnostic(`      ${d.sailNumber}: Sailwave rank ${d.sailwave.rank} total ${d.sailwave.total} nett ${d.sailwave.nett}, engine rank ${d.engine.rank} total ${d.engine.total} nett ${d.engine.nett}; races ${JSON.stringify(d.races)}`);
      assert.equal(f.error, null, `${id} ${f.fleet}: ${f.error}`);
      if (!f.hasStoredResults) continue;
      fleetsCompared++;
      racePoints += f.racePointsCompared;
      if (f.representable) {
        assert.deepEqual(f.differences, [], `${id} ${f.fleet}: exact parity expected`);
        assert.equal(f.category, 'exact', `${id} ${f.fleet}: category`);
        continue;
      }
      // Not representable: no oracle file has such a fleet any more (the ILCA file's "Finishers + N"
      // is the engine's finishers_plus basis of the engine options); a new one must name its reason here.
      assert.fail(`${id} ${f.fleet}: not representable: ${JSON.stringify(parity.warnings.filter((w) => w.fleet === f.fleet && w.affectsScores))}`);
    }
  }
  assert.ok(fleetsCompared >= 14, `expected at least 14 fleets with stored results, compared ${fleetsCompared}`);
  t.diagnostic(`race points compared: ${racePoints} (engine), ${draftRacePoints} (import draft); boats compared in the drafts: ${draftBoats}`);
  // Every stored rpts of a sailed race of a scored boat is compared (479 over the oracle files).
  assert.ok(racePoints >= 479, `race points compared: ${racePoints}`);
  assert.equal(draftRacePoints, racePoints);
  assert.equal(draftBoats, 210, 'the boats with Sailwave ranks (comprank) in the oracle files');
});
