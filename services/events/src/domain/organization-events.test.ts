import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventWindow, startOfUtcDay, type EventWindow } from './organization-events.js';

// 23:30 UTC on 10 June 2025 (already 11 June in Sydney, still 10 June in New York): today is 10 June, UTC.
const now = new Date('2025-06-10T23:30:00Z');
const today = new Date('2025-06-10T00:00:00Z');

test('today starts at 00:00 UTC whatever the time of day', () => {
  assert.deepEqual(startOfUtcDay(now), today);
  assert.deepEqual(startOfUtcDay(new Date('2025-06-10T00:00:00Z')), today);
  assert.deepEqual(startOfUtcDay(new Date('2025-01-01T00:00:00.001Z')), new Date('2025-01-01T00:00:00Z'));
});

test('upcoming: ends today or later, soonest start first; past: ended before today, most recently ended first', () => {
  assert.deepEqual(eventWindow('upcoming', now), { endFrom: today, order: 'soonest_start' });
  assert.deepEqual(eventWindow('past', now), { endBefore: today, order: 'latest_end' });
  assert.deepEqual(eventWindow(undefined, now), { order: 'latest_start' });
});

/** Whether a window keeps a regatta ending at `end` (what the SQL does with endFrom / endBefore). */
const keeps = (window: EventWindow, end: string) =>
  (window.endFrom === undefined || Date.parse(end) >= window.endFrom.getTime()) && (window.endBefore === undefined || Date.parse(end) < window.endBefore.getTime());

test('a regatta that ended this morning is still upcoming; one that ended a minute before midnight is past', () => {
  const upcoming = eventWindow('upcoming', now);
  const past = eventWindow('past', now);
  const ends = ['2025-06-10T08:00:00Z', '2025-06-10T00:00:00Z', '2025-06-09T23:59:00Z', '2025-07-01T12:00:00Z', '2024-09-01T12:00:00Z'];
  assert.deepEqual(ends.map((end) => keeps(upcoming, end)), [true, true, false, true, false]);
  assert.deepEqual(ends.map((end) => keeps(past, end)), [false, false, true, false, true]);
  assert.ok(ends.every((end) => keeps(eventWindow(undefined, now), end)));
});
