/**
 * Every Sailwave file of the external oracle (../shared/oracles/sailwave,
 * never copied here): parse, re-score, print the parity, and assert it.
 *
 * Expectation per fleet (docs/sailwave.md):
 * - no warning affects its scores → Sailwave's rank and nett for every boat;
 * - the file scores codes "Finishers + N" (2026 ILCA Leinsters), which the
 *   engine has no setting for → the test re-enters each coded score as the
 *   points that rule gives (counted here from the race's finishers, not read
 *   from the file) and then expects exact parity: the rule is the whole
 *   difference.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scoreSeries, type SeriesInput } from '../series-scoring.js';
import { comparePoints } from '../numbers.js';
import type { SailwaveFile } from './model.js';
import { parseSailwave } from './parse.js';
import { sailwaveParity } from './parity.js';
import { resolveCode } from './settings.js';
import { toScoring, type MappedFleet } from './to-scoring.js';

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

/** The fleet's input with every coded score replaced by "finishers + N" of the file's code table. */
function withFinishersPlusN(file: SailwaveFile, fleet: MappedFleet): SeriesInput {
  const codes = file.scoringSystems.get(fleet.systemHandle!)!.codes;
  return {
    ...fleet.input,
    races: fleet.input.races.map((race, ri) => {
      const finishers = race.entries.filter((e) => e.code === undefined).length;
      const byBoat = new Map(race.entries.map((e) => [e.boatId, e]));
      const entries = fleet.input.boats.map((b) => {
        const e = byBoat.get(b.id);
        if (e !== undefined && e.code === undefined) return e;
        const sailwaveCode = e === undefined ? 'DNC' : file.results.find((r) => r.comp === b.id && r.race === fleet.races[ri]!.handle)!.code;
        const def = resolveCode(codes, sailwaveCode)!;
        assert.equal(def.method, 'Finishers +', `${sailwaveCode} is scored from the finishers`);
        return { boatId: b.id, code: 'RDG' as const, redress: { method: 'stated' as const, points: finishers + Number(def.value) } };
      });
      return { ...race, entries };
    }),
  };
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
    const mapped = toScoring(parsed.file);
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
      // Not representable: the only documented cause is a "Finishers + N" code table.
      const warned = parity.warnings.filter((w) => w.fleet === f.fleet && w.affectsScores);
      assert.ok(warned.every((w) => /^scrcode DN[FC]$/.test(w.setting) && /Finishers \+/.test(w.message)), `${id} ${f.fleet}: undocumented difference ${JSON.stringify(warned)}`);
      const fleet = mapped.fleets.find((x) => x.name === f.fleet)!;
      const standings = scoreSeries(withFinishersPlusN(parsed.file, fleet)).standings;
      for (const s of standings) {
        const c = fleet.competitors.get(s.boatId)!;
        assert.equal(s.rank, c.rank, `${id} ${f.fleet} ${c.sailNumber}: rank with Finishers + N`);
        assert.equal(comparePoints(s.net, c.nett!), 0, `${id} ${f.fleet} ${c.sailNumber}: nett with Finishers + N`);
      }
    }
  }
  assert.ok(fleetsCompared >= 14, `expected at least 14 fleets with stored results, compared ${fleetsCompared}`);
});
