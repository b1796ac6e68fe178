import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instantToWallTime, wallTimeToInstant, zoneOffset } from './zoned-time';

test('a start typed on the venue clock becomes the UTC instant of that clock time', () => {
  assert.equal(wallTimeToInstant('2026-07-12T10:00', 'Europe/Berlin'), '2026-07-12T08:00:00.000Z');
  assert.equal(wallTimeToInstant('2026-01-10T09:30', 'Europe/Berlin'), '2026-01-10T08:30:00.000Z');
  assert.equal(wallTimeToInstant('2026-07-12T10:00', 'America/New_York'), '2026-07-12T14:00:00.000Z');
  assert.equal(wallTimeToInstant('2026-07-12T10:00', 'Asia/Kolkata'), '2026-07-12T04:30:00.000Z');
  assert.equal(wallTimeToInstant('2026-07-12T10:00:30', 'UTC'), '2026-07-12T10:00:30.000Z');
});

test('a clock time skipped in spring moves on by the gap; one shown twice in autumn is the first', () => {
  // New York springs forward at 02:00 on 9 March 2025: 02:30 does not exist, 03:30 EDT is meant.
  assert.equal(wallTimeToInstant('2025-03-09T02:30', 'America/New_York'), '2025-03-09T07:30:00.000Z');
  // New York falls back at 02:00 on 2 November 2025: 01:30 happens at 05:30Z (EDT) and 06:30Z (EST).
  assert.equal(wallTimeToInstant('2025-11-02T01:30', 'America/New_York'), '2025-11-02T05:30:00.000Z');
  // Berlin: 26 October 2025 02:30 happens twice, the first (CEST) is 00:30Z.
  assert.equal(wallTimeToInstant('2025-10-26T02:30', 'Europe/Berlin'), '2025-10-26T00:30:00.000Z');
});

test('what is not a date and time is refused', () => {
  assert.equal(wallTimeToInstant('', 'Europe/Berlin'), null);
  assert.equal(wallTimeToInstant('12.07.2026 10:00', 'Europe/Berlin'), null);
  assert.equal(wallTimeToInstant('2026-02-30T10:00', 'Europe/Berlin'), null);
  assert.equal(wallTimeToInstant('2026-07-12T24:00', 'Europe/Berlin'), null);
});

test('an instant shown on the venue clock, for a datetime-local field', () => {
  assert.equal(instantToWallTime('2026-07-12T08:00:00.000Z', 'Europe/Berlin'), '2026-07-12T10:00');
  assert.equal(instantToWallTime('2026-07-12T23:30:00Z', 'Europe/Berlin'), '2026-07-13T01:30');
  assert.equal(instantToWallTime('2026-07-12T14:00:00Z', 'America/New_York'), '2026-07-12T10:00');
  assert.equal(instantToWallTime(null, 'Europe/Berlin'), '');
  assert.equal(instantToWallTime('not a time', 'Europe/Berlin'), '');
  // Round trip through the clock.
  assert.equal(wallTimeToInstant(instantToWallTime('2026-03-29T05:15:00.000Z', 'Europe/Berlin'), 'Europe/Berlin'), '2026-03-29T05:15:00.000Z');
});

test('the zone offset is the clock ahead of UTC', () => {
  assert.equal(zoneOffset(Date.UTC(2026, 6, 12, 8), 'Europe/Berlin'), 2 * 3600_000);
  assert.equal(zoneOffset(Date.UTC(2026, 0, 12, 8), 'Europe/Berlin'), 3600_000);
  assert.equal(zoneOffset(Date.UTC(2026, 0, 12, 8), 'America/New_York'), -5 * 3600_000);
});
