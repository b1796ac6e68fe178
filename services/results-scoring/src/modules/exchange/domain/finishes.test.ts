/**
 * What a real club file holds, on synthetic files with worked numbers: places as the scorer entered
 * them (`rrecpos`, counted across a start shared by several fleets), penalties that keep the place and
 * so keep the finish (a time in a timed race, `rrecpos` in a place-entered one), a penalty cell with
 * neither, and the two Sailwave behaviours that depart from RRS 44.3(c), named by the parity report.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreSeries } from '@regatta/scoring-engine';
import { draftParity } from './draft-parity.js';
import { buildImportDraft } from './draft.js';
import { parseSailwave } from './parse.js';
import { sailwaveParity } from './parity.js';
import { penaltySeries as file, placed, tiedPenaltySeries } from './synthetic.js';
import { toScoring } from './to-scoring.js';

function run(text: string) {
  const parsed = parseSailwave(text);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  const mapped = toScoring(parsed.file);
  const points = new Map<string, number[]>();
  for (const f of mapped.fleets) for (const s of scoreSeries(f.input).standings) points.set(s.boatId, s.races.map((c) => c.points));
  let n = 0;
  const draft = buildImportDraft(parsed.file, mapped, { organizationId: 'org', fileName: 'winter.blw', today: new Date(Date.UTC(2026, 10, 27)), newId: () => `id-${++n}`, stableId: (k) => k });
  return { mapped, points: Object.fromEntries(points), parity: sailwaveParity(parsed.file), draft: draftParity(draft), built: draft };
}

test('two fleets in one place-entered start: places from rrecpos, interleaved; an SCP boat leaves the others where they finished', () => {
  // One start, recorded places across it: a1 1, b1 2, a2 3 (SCP), b2 4, a3 5, (6: a boat of neither fleet), a4 7, a5 8, b3 8.
  // Fleet A (5 boats, DNF 6): a2 is 2nd + 20% of 6 = 1.2 → 3.2; a3 is 3rd → 3 (RRS 44.3(c): other boats' scores do not change).
  // Sailwave's rpos is the rank by points (a3 2, a2 3): ordering by it gave a3 2 and a2 3 + 1.2 = 4.2.
  // Fleet B: 2, 4, 8 are its 1st, 2nd, 3rd (the 8 shared with a5 is another fleet's, not a tie).
  const text = file({
    boats: [
      { h: 'a1', fleet: 'Topper', rank: 1, total: 1 },
      { h: 'a2', fleet: 'Topper', rank: 3, total: 3.2 },
      { h: 'a3', fleet: 'Topper', rank: 2, total: 3 },
      { h: 'a4', fleet: 'Topper', rank: 4, total: 4 },
      { h: 'a5', fleet: 'Topper', rank: 5, total: 5 },
      { h: 'b1', fleet: 'Laser', rank: 1, total: 1 },
      { h: 'b2', fleet: 'Laser', rank: 2, total: 2 },
      { h: 'b3', fleet: 'Laser', rank: 3, total: 3 },
    ],
    races: [{ h: 'r1' }],
    cells: {
      r1: {
        a1: placed(1, 1, 1),
        a2: { rrestyp: 3, rcod: 'SCP', rrecpos: 3, rpos: 3, rpts: 3.2 },
        a3: placed(5, 2, 3),
        a4: placed(7, 4, 4),
        a5: placed(8, 5, 5),
        b1: placed(2, 1, 1),
        b2: placed(4, 2, 2),
        b3: placed(8, 3, 3),
      },
    },
  });
  const { points, parity, draft, mapped } = run(text);
  assert.deepEqual([points.a1, points.a2, points.a3, points.a4, points.a5], [[1], [3.2], [3], [4], [5]]);
  assert.deepEqual([points.b1, points.b2, points.b3], [[1], [2], [3]]);
  assert.deepEqual(mapped.warnings.filter((w) => w.affectsScores), []);
  assert.deepEqual(parity.fleets.map((f) => [f.fleet, f.category, f.differences.length]), [['Topper', 'exact', 0], ['Laser', 'exact', 0]]);
  assert.deepEqual(draft.map((f) => [f.fleet, f.category, f.exact]), [['Topper', 'exact', true], ['Laser', 'exact', true]]);
});

test('timed one-design fleet: an SCP on a timed cell keeps her time; a code scored like DNF with a stale time stays DNF', () => {
  // Start 10:00:00; elapsed t1 30:00, t2 31:00 (SCP, coded cell with its times), t3 32:00, t4 33:00; t5 RAF with a stale 29:00.
  // 5 boats, DNF 6: t1 1, t2 2 + 1.2 = 3.2, t3 3, t4 4, t5 6. Without t2's time she took her place from
  // rpos (3) and tied t4 (3.5 each, t2 4.7): a false tie, silently.
  const timedCell = (finish: string, rpos: number, rpts: number, extra: Record<string, string | number> = {}) => ({ rrestyp: 4, rst: '100000', rft: finish, rele: `0:${finish.slice(3)}`, rpos, rpts, ...extra });
  const text = file({
    boats: ['t1', 't2', 't3', 't4', 't5'].map((h, i) => ({ h, fleet: 'RS Aero', rank: [1, 3, 2, 4, 5][i]!, total: [1, 3.2, 3, 4, 6][i]! })),
    races: [{ h: 'r1', start: '100000' }],
    cells: {
      r1: {
        t1: timedCell('10:30:00', 1, 1),
        t2: timedCell('10:31:00', 3, 3.2, { rrestyp: 3, rcod: 'SCP' }),
        t3: timedCell('10:32:00', 2, 3),
        t4: timedCell('10:33:00', 4, 4),
        t5: timedCell('10:29:00', 5, 6, { rrestyp: 3, rcod: 'RAF' }),
      },
    },
  });
  const { points, parity, draft, mapped } = run(text);
  assert.deepEqual(['t1', 't2', 't3', 't4', 't5'].map((h) => points[h]), [[1], [3.2], [3], [4], [6]]);
  assert.deepEqual(mapped.warnings.filter((w) => w.affectsScores), []);
  assert.equal(parity.fleets[0]!.category, 'exact');
  assert.equal(draft[0]!.category, 'exact');
});

test('an SCP boat tied on her recorded place scores 7.5 + 2 = 9.5; the parity report names Sailwave\'s 9 as a rules difference', () => {
  // 9 boats, DNF 10, SCP 20% = 2. Race 1: s7 (SCP) and s8 both recorded 7th: A7 gives each 7.5; s7 7.5 + 2 = 9.5
  // (Sailwave: the tie's first place 7 + 2 = 9). Race 2: s9 9th with a fixed penalty of 2: 9 + 2 = 11 is
  // capped at the DNF score, 10 (Sailwave: 11).
  // Sailwave's totals: s7 9 + 7 = 16, s8 7.5 + 8 = 15.5, s9 9 + 11 = 20; the platform's 16.5, 15.5, 19: the ranks agree.
  const text = tiedPenaltySeries();
  const { points, parity, draft, built } = run(text);
  assert.deepEqual([points.s7, points.s8, points.s9], [[9.5, 7], [7.5, 8], [9, 10]]);
  // Stored as places, not as times: race 1 holds places 1 to 9 with 7 twice (the tie), no finish time invented.
  const race1 = built.races.find((r) => r.number === 1)!;
  assert.equal(race1.actualStart, null);
  assert.deepEqual(race1.entries.map((e) => e.recordedPlace).sort((a, b) => a! - b!), [1, 2, 3, 4, 5, 6, 7, 7, 9]);
  assert.ok(race1.entries.every((e) => e.finishTime === null));
  const fleet = parity.fleets[0]!;
  assert.equal(fleet.category, 'rules_differences');
  assert.deepEqual(
    fleet.rulesDifferences.map((d) => [d.boatId, d.race, d.sailwave, d.rules, d.rule]),
    [['s7', 1, 9, 9.5, 'RRS 44.3(c), A7'], ['s9', 2, 11, 10, 'RRS 44.3(c)']],
  );
  assert.match(fleet.rulesDifferences[0]!.reason, /first place of the tie \(7 \+ 2 = 9\).*\(7\.5 \+ 2 = 9\.5\)/);
  assert.match(fleet.rulesDifferences[1]!.reason, /DNF score \(10\)/);
  // The import's report (the platform's scoring of the stored draft): the same two cells, by race number.
  const report = draft[0]!;
  assert.equal(report.category, 'rules_differences');
  assert.equal(report.exact, false);
  assert.deepEqual(report.rulesDifferences.map((d) => [d.sailNumber, d.race, d.sailwave, d.rules, d.rule]), [['IRL s7', 1, 9, 9.5, 'RRS 44.3(c), A7'], ['IRL s9', 2, 11, 10, 'RRS 44.3(c)']]);
  assert.deepEqual(report.differences.find((d) => d.sailNumber === 'IRL s7')!.races, [{ race: 1, sailwave: 9, platform: 9.5, rule: 'RRS 44.3(c), A7' }]);
  // Another difference the rules do not explain (s1's race 1 stored as 2) makes it a mismatch.
  const tampered = text.replace('"rpts","1","s1","r1"', '"rpts","2","s1","r1"');
  assert.equal(run(tampered).parity.fleets[0]!.category, 'mismatch');
});

test('an SCP cell with neither place nor time: she finished after the recorded finishers, plus the penalty; never dropped', () => {
  // A5.3 (DNF = boats that came to the start + 1). p1–p3 recorded 1–3; p4 SCP with no rrecpos (her rpos 1 is
  // Sailwave's, not her place); p5 DNF. Five came to the start: DNF 6; p4 4th + 20% of 6 = 1.2 → 5.2; p5 6.
  // Dropping p4 made her DNC (6) and four came: p5's DNF 5.
  const text = file({
    dnf: 'Boats in race +',
    boats: ['p1', 'p2', 'p3', 'p4', 'p5'].map((h, i) => ({ h, fleet: 'Mirror', rank: i + 1, total: [1, 2, 3, 5.2, 6][i]! })),
    races: [{ h: 'r1' }],
    cells: { r1: { p1: placed(1, 1, 1), p2: placed(2, 2, 2), p3: placed(3, 3, 3), p4: { rrestyp: 3, rcod: 'SCP', rpos: 1, rpts: 5.2 }, p5: { rrestyp: 3, rcod: 'DNF', rpos: 5, rpts: 6 } } },
  });
  const { points, mapped, parity } = run(text);
  assert.deepEqual(['p1', 'p2', 'p3', 'p4', 'p5'].map((h) => points[h]), [[1], [2], [3], [5.2], [6]]);
  assert.ok(mapped.warnings.some((w) => w.setting === 'rcod' && /without a recorded place or time: scored as finishing after the recorded finishers/.test(w.message)));
  assert.equal(parity.fleets[0]!.category, 'exact');

  // Handicap (PY): corrected d2 3300 × 1000 / 1200 = 2750, d1 3000 × 1000 / 1000 = 3000; d3 (SCP, no time) after them:
  // 3rd + 20% of DNF 4 (three came) = 0.8 → 3.8.
  const py = file({
    rating: 'PY',
    dnf: 'Boats in race +',
    boats: [
      { h: 'd1', fleet: 'PY', rating: 1000, rank: 2, total: 2 },
      { h: 'd2', fleet: 'PY', rating: 1200, rank: 1, total: 1 },
      { h: 'd3', fleet: 'PY', rating: 900, rank: 3, total: 3.8 },
    ],
    races: [{ h: 'r1', start: '100000' }],
    cells: { r1: { d1: { rrestyp: 4, rst: '100000', rft: '10:50:00', rele: '0:50:00', rpts: 2 }, d2: { rrestyp: 4, rst: '100000', rft: '10:55:00', rele: '0:55:00', rpts: 1 }, d3: { rrestyp: 3, rcod: 'SCP', rpos: 2, rpts: 3.8 } } },
  });
  const out = run(py);
  assert.deepEqual(['d1', 'd2', 'd3'].map((h) => out.points[h]), [[2], [1], [3.8]]);
  assert.equal(out.draft[0]!.category, 'exact');
});
