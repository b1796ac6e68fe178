import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGLISH, localeOf } from '../../i18n/locale.js';
import { formatDuration } from './format.js';

const GERMAN = localeOf('de');

test('durations are h:mm:ss, rounded to the second', () => {
  assert.equal(formatDuration(2713.4), '0:45:13');
  assert.equal(formatDuration(3600), '1:00:00');
  assert.equal(formatDuration(null), '');
});

test('points print as the rules do: whole numbers bare, otherwise one decimal, in the language', () => {
  assert.equal(ENGLISH.points(7), '7');
  assert.equal(ENGLISH.points(5.8), '5.8');
  assert.equal(ENGLISH.points(1234), '1234');
  assert.equal(GERMAN.points(7), '7');
  assert.equal(GERMAN.points(5.8), '5,8');
  assert.equal(GERMAN.number(12.25), '12,25');
});

test('a date range collapses to one day when it starts and ends the same day (UTC)', () => {
  assert.equal(ENGLISH.dateRange('2026-11-03T09:00:00Z', '2026-11-05T18:00:00Z'), '3 Nov 2026 – 5 Nov 2026');
  assert.equal(ENGLISH.dateRange('2026-11-03T09:00:00Z', '2026-11-03T18:00:00Z'), '3 Nov 2026');
  assert.equal(GERMAN.dateRange('2026-11-03T09:00:00Z', '2026-11-05T18:00:00Z'), '3. Nov. 2026 – 5. Nov. 2026');
  assert.equal(ENGLISH.dateTime('2025-06-01T19:30:00Z'), '1 Jun 2025, 19:30 UTC');
  assert.equal(GERMAN.dateTime('2025-06-01T19:30:00Z'), '1. Juni 2025, 19:30 UTC');
});

test('notice-board kinds read as words, unknown ones humanized', () => {
  assert.equal(ENGLISH.term('documentKind', 'si'), 'sailing instructions');
  assert.equal(ENGLISH.term('documentKind', 'nor'), 'notice of race');
  assert.equal(ENGLISH.term('documentKind', 'race_committee_note'), 'race committee note');
  assert.equal(GERMAN.term('documentKind', 'nor'), 'Ausschreibung');
});
