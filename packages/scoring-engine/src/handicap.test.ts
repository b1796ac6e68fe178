import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correctedTime, correctedTimeExact, HandicapError, timeFactor } from './handicap.js';

test('IRC / VPRS / ORC ToT / NHC / ECHO: elapsed × factor', () => {
  assert.equal(correctedTime({ kind: 'irc' }, 4078, 0.88), 3589); // 3588.64
  assert.equal(correctedTime({ kind: 'vprs' }, 4090, 0.855), 3497); // 3496.95
  assert.equal(correctedTime({ kind: 'orc_tot' }, 3600, 0.9631), 3467); // 3467.16
  assert.equal(correctedTime({ kind: 'nhc' }, 3300, 1.075), 3548); // 3547.5 → half up
  assert.equal(correctedTime({ kind: 'echo' }, 3600, 1.001), 3604); // 3603.6
});

test('Portsmouth: RYA elapsed × 1000 / PN, US elapsed × 100 / D-PN', () => {
  assert.equal(correctedTime({ kind: 'portsmouth_rya' }, 3300, 900), 3667); // 3666.67
  assert.equal(correctedTime({ kind: 'portsmouth_rya' }, 4200, 1100), 3818); // 3818.18
  assert.equal(correctedTime({ kind: 'portsmouth_us' }, 3600, 91.5), 3934); // 3934.43
  assert.ok(Math.abs(timeFactor({ kind: 'portsmouth_rya' }, 900)! - 1.1111111) < 1e-6);
});

test('PHRF time-on-distance: elapsed − rating × distance', () => {
  // 2 h elapsed, rating 120 s/nm, 10 nm: 7200 − 1200 = 6000
  assert.equal(correctedTime({ kind: 'phrf_tod' }, 7200, 120, 10), 6000);
  assert.equal(correctedTime({ kind: 'orc_tod' }, 7200, 600.5, 5), 4198); // 7200 − 3002.5 = 4197.5 → 4198
  assert.throws(() => correctedTimeExact({ kind: 'phrf_tod' }, 7200, 120), HandicapError);
});

test('PHRF time-on-time: elapsed × A / (B + rating), default 650 / 550', () => {
  // 3600 × 650 / (550 + 100) = 3600
  assert.equal(correctedTime({ kind: 'phrf_tot' }, 3600, 100), 3600);
  // 3600 × 650 / (550 + 150) = 3342.857 → 3343
  assert.equal(correctedTime({ kind: 'phrf_tot' }, 3600, 150), 3343);
  // custom A/B: 3600 × 566 / (466 + 100) = 3600
  assert.equal(correctedTime({ kind: 'phrf_tot', a: 566, b: 466 }, 3600, 100), 3600);
});

test('one-design: no correction', () => {
  assert.equal(correctedTime({ kind: 'one_design' }, 3600, 1.2), 3600);
});
