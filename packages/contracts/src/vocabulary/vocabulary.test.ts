import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDuration, HANDICAP_SYSTEMS, isPubliclyVisible, isTimeZone, needsCourseDistance, RATING_FOR_SYSTEM, RATING_KEYS } from './index.js';

test('formatDuration rounds half up to the second, keeps the sign and lets hours pass 24', () => {
  assert.equal(formatDuration(0), '00:00:00');
  assert.equal(formatDuration(3661.4), '01:01:01');
  assert.equal(formatDuration(3661.5), '01:01:02');
  assert.equal(formatDuration(0.49999999999), '00:00:01');
  assert.equal(formatDuration(-90), '-00:01:30');
  assert.equal(formatDuration(90_000), '25:00:00');
  assert.equal(formatDuration(null), null);
  assert.equal(formatDuration(Number.NaN), null);
});

test('every handicap system but one-design names a rating key that boats can carry', () => {
  for (const system of HANDICAP_SYSTEMS) {
    const spec = RATING_FOR_SYSTEM[system];
    if (system === 'one_design') assert.equal(spec, undefined);
    else assert.ok(spec && (RATING_KEYS as readonly string[]).includes(spec.key), system);
  }
});

test('course distances are needed by time-on-distance systems only, and not in a pursuit race', () => {
  assert.deepEqual(HANDICAP_SYSTEMS.filter((system) => needsCourseDistance(system)), ['phrf_tod', 'orc_tod']);
  assert.equal(needsCourseDistance('phrf_tod', 'pursuit'), false);
});

test('only drafts are hidden from people outside the organization', () => {
  assert.equal(isPubliclyVisible('draft'), false);
  assert.equal(isPubliclyVisible('cancelled'), true);
});

test('isTimeZone knows IANA names (any case) and nothing else', () => {
  assert.deepEqual(
    ['America/New_York', 'Europe/Rome', 'UTC', 'america/new_york', 'Mars/Olympus_Mons', '', 'New York'].map(isTimeZone),
    [true, true, true, true, false, false, false],
  );
});
