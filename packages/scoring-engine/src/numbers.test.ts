import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elapsedBetween, parseClock, roundHalfUp, roundTenth, sumPoints } from './numbers.js';

test('roundHalfUp rounds .5 up despite binary representation error', () => {
  assert.equal(roundHalfUp(3810 * 0.95), 3620); // 3619.5
  assert.equal(roundHalfUp(4500 * 1.003), 4514); // 4513.5 exactly in decimal, 4513.4999… in binary
  assert.equal(roundHalfUp(2667 * 0.975), 2600); // 2600.325
  assert.equal(roundHalfUp(2680 * 0.97), 2600); // 2599.6
});

test('roundTenth: 0.05 rounds upward (44.3(c), A9)', () => {
  assert.equal(roundTenth(3.75), 3.8);
  assert.equal(roundTenth(1.65), 1.7);
  assert.equal(roundTenth(1.64), 1.6);
  assert.equal(roundTenth(0.2 * 6), 1.2);
});

test('sumPoints is exact on tenths', () => {
  assert.equal(sumPoints([0.1, 0.2, 0.3]), 0.6);
  assert.equal(sumPoints([2.2, 3.8, 1.5]), 7.5);
});

test('clock parsing and elapsed time', () => {
  assert.equal(parseClock('14:05:00'), 50700);
  assert.equal(parseClock('14:20'), 860);
  assert.equal(parseClock('1:14:20.5'), 4460.5);
  assert.equal(parseClock('x'), null);
  assert.equal(elapsedBetween('14:05:00', '15:12:58'), 4078);
  assert.equal(elapsedBetween('23:30:00', '00:10:00'), 2400); // over midnight
});
