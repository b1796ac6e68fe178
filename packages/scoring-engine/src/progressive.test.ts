import { test } from 'node:test';
import assert from 'node:assert/strict';
import { echoUpdate, nhcUpdate } from './progressive.js';

const near = (a: number, b: number, eps = 1e-9): void => assert.ok(Math.abs(a - b) < eps, `${a} ≠ ${b}`);

test('NHC (SWNHC2015): four boats, one extreme-slow', () => {
  const u = nhcUpdate([
    { boatId: 'A', rating: 0.95, elapsedSeconds: 3000 },
    { boatId: 'B', rating: 1.0, elapsedSeconds: 3600 },
    { boatId: 'C', rating: 1.05, elapsedSeconds: 4200 },
    { boatId: 'D', rating: 1.1, elapsedSeconds: 4800 },
  ]);
  assert.equal(u.suppressed, false);
  near(u.p50!, 0.6461538462, 1e-9);
  near(u.w51!, 0.5887850467, 1e-9);
  near(u.sStdev!, 0.2346998003, 1e-9);
  near(u.realignmentFactor, 0.9970302028, 1e-9);
  const a = u.boats.get('A')!;
  near(a.fairTcf, 1.2923076923, 1e-9);
  near(a.compScore, 1.3603238866, 1e-9);
  assert.equal(a.isExtreme, false);
  assert.equal(a.alphaApplied, 0.3);
  assert.equal(a.newRating, 1.015);
  assert.equal(u.boats.get('B')!.alphaApplied, 0.15); // X = O × W51 < L
  assert.equal(u.boats.get('B')!.newRating, 0.994);
  assert.equal(u.boats.get('C')!.newRating, 1.016);
  const d = u.boats.get('D')!;
  assert.equal(d.isExtreme, true);
  assert.equal(d.extremeDirection, 'slow');
  assert.equal(d.alphaApplied, 0.075);
  assert.equal(d.newRating, 1.075);
});

test('NHC: realignment anchors to the base ratings', () => {
  const fin = [
    { boatId: 'A', rating: 1.0, baseRating: 1.1, elapsedSeconds: 3600 },
    { boatId: 'B', rating: 1.0, baseRating: 1.1, elapsedSeconds: 3600 },
    { boatId: 'C', rating: 1.0, baseRating: 1.1, elapsedSeconds: 3600 },
  ];
  const u = nhcUpdate(fin);
  // Everyone equal: Z = L = 1.0, Z51 = 3.3 / 3.0 = 1.1
  near(u.realignmentFactor, 1.1, 1e-12);
  assert.equal(u.boats.get('A')!.newRating, 1.1);
});

test('NHC: fewer than MinFin finishers suppresses the update', () => {
  const u = nhcUpdate([
    { boatId: 'A', rating: 1, elapsedSeconds: 3000 },
    { boatId: 'B', rating: 1, elapsedSeconds: 3600 },
  ]);
  assert.equal(u.suppressed, true);
  assert.equal(u.boats.size, 0);
});

test('ECHO: IS 2022 guide, boat 1 and boat 6 (α 0.25)', () => {
  const et = [60, 61, 66, 59, 56, 70, 56, 59, 61, 57];
  const h = [1.001, 1.015, 1.02, 1.02, 1.115, 1.0, 1.02, 1.01, 1.005, 1.015];
  const u = echoUpdate(et.map((m, i) => ({ boatId: String(i + 1), rating: h[i]!, elapsedSeconds: m * 60 })), 0.25);
  near(u.sumH, 10.221, 1e-12);
  near(u.boats.get('1')!.performanceIndex, 1.025913, 1e-6);
  assert.equal(u.boats.get('1')!.newRating, 1.007);
  near(u.boats.get('6')!.performanceIndex, 0.879354, 1e-6);
  assert.equal(u.boats.get('6')!.newRating, 0.97); // the guide's printed 0.952 is a typo
});

test('ECHO: two or fewer finishers → no adjustment', () => {
  const u = echoUpdate([
    { boatId: 'A', rating: 1, elapsedSeconds: 3600 },
    { boatId: 'B', rating: 1.02, elapsedSeconds: 3900 },
  ]);
  assert.equal(u.suppressed, true);
});
