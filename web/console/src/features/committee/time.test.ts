import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock, formatSeconds } from './time';

test('a finish time on the regatta clock to the tenth: 12:32:07.412 UTC is 14:32:07.4 in Berlin in July', () => {
  const at = Date.UTC(2026, 6, 12, 12, 32, 7, 412);
  assert.equal(formatClock(at, 'Europe/Berlin', 'en'), '14:32:07.4');
  assert.equal(formatClock(at, 'Europe/Berlin', 'de'), '14:32:07,4');
});

test('offsets with their sign, in the reader\'s language', () => {
  assert.equal(formatSeconds(4_000, 'en'), '+4.0');
  assert.equal(formatSeconds(-3_050, 'de'), '−3,1');
  assert.equal(formatSeconds(200, 'en', false), '0.2');
  assert.equal(formatSeconds(-20, 'en'), '±0.0', 'no minus zero');
});
