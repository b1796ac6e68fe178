import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentKind, formatDateRange, formatDuration, formatPoints } from './format.js';

test('durations are h:mm:ss, rounded to the second', () => {
  assert.equal(formatDuration(2713.4), '0:45:13');
  assert.equal(formatDuration(3600), '1:00:00');
  assert.equal(formatDuration(null), '');
});

test('points print as the rules do: whole numbers bare, otherwise one decimal', () => {
  assert.equal(formatPoints(7), '7');
  assert.equal(formatPoints(5.8), '5.8');
});

test('a date range collapses to one day when it starts and ends the same day (UTC)', () => {
  assert.equal(formatDateRange('2026-11-03T09:00:00Z', '2026-11-05T18:00:00Z'), '3 Nov 2026 – 5 Nov 2026');
  assert.equal(formatDateRange('2026-11-03T09:00:00Z', '2026-11-03T18:00:00Z'), '3 Nov 2026');
});

test('notice-board kinds read as words, unknown ones humanized', () => {
  assert.equal(documentKind('si'), 'sailing instructions');
  assert.equal(documentKind('nor'), 'notice of race');
  assert.equal(documentKind('race_committee_note'), 'race committee note');
});
