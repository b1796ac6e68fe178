import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placePoints, resultPoints, round2, windowStart } from './formula.js';

test('linear place points: 100 × (N − P + 1) / N', () => {
  // Fleet of 4: 100, 75, 50, 25.
  assert.deepEqual([1, 2, 3, 4].map((place) => placePoints('linear', place, 4)), [100, 75, 50, 25]);
  // Fleet of 5: 100, 80, 60, 40, 20.
  assert.deepEqual([1, 2, 3, 4, 5].map((place) => placePoints('linear', place, 5)), [100, 80, 60, 40, 20]);
  // Outside the fleet, or no place: nothing.
  assert.equal(placePoints('linear', 5, 4), 0);
  assert.equal(placePoints('linear', 0, 4), 0);
});

test('ranking points: factor × place points rounded to 2 decimals', () => {
  // 1.2 × 80 = 96; 0.8 × 200/3 = 53.333… → 53.33; 0.8 × 100/3 = 26.666… → 26.67.
  assert.equal(resultPoints('linear', 2, 5, 1.2), 96);
  assert.equal(resultPoints('linear', 2, 3, 0.8), 53.33);
  assert.equal(resultPoints('linear', 3, 3, 0.8), 26.67);
  assert.equal(round2(0.125), 0.13);
  assert.equal(round2(1.005), 1.01);
});

test('class-association table: place P scores table[P − 1], beyond the table 0', () => {
  const table = [100, 80, 60, 50, 40];
  assert.equal(resultPoints(table, 1, 30, 1.5), 150);
  assert.equal(resultPoints(table, 4, 30, 1), 50);
  assert.equal(resultPoints(table, 6, 30, 1), 0);
});

test('window start: calendar months back, clamped to the month end', () => {
  assert.equal(windowStart(new Date('2026-11-24T12:00:00Z'), 12).toISOString(), '2025-11-24T00:00:00.000Z');
  assert.equal(windowStart(new Date('2026-03-31T00:00:00Z'), 1).toISOString(), '2026-02-28T00:00:00.000Z');
  assert.equal(windowStart(new Date('2026-01-15T00:00:00Z'), 2).toISOString(), '2025-11-15T00:00:00.000Z');
});
