/** json_agg rows become the row types the views expect: timestamps as Dates, the rest as sent. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hydrate } from './event-detail.js';

test('no rows (json_agg over nothing is NULL) is an empty list', () => {
  assert.deepEqual(hydrate(null, ['created_at']), []);
  assert.deepEqual(hydrate(undefined, ['created_at']), []);
});

test('timestamp columns in any offset become the same instant; nulls and other columns stay', () => {
  // As PostgreSQL writes timestamptz in JSON: microseconds and the session's offset.
  const rows = hydrate<{ id: string; scheduled_start: Date | null; actual_start: Date | null; weight: number; crew: string[] }>(
    [{ id: 'r1', scheduled_start: '2025-06-01T14:00:00.123456+02:00', actual_start: null, weight: 1.5, crew: ['Ann'] }],
    ['scheduled_start', 'actual_start'],
  );
  assert.ok(rows[0]!.scheduled_start instanceof Date);
  assert.equal(rows[0]!.scheduled_start!.toISOString(), '2025-06-01T12:00:00.123Z');
  assert.equal(rows[0]!.actual_start, null);
  assert.equal(rows[0]!.weight, 1.5);
  assert.deepEqual(rows[0]!.crew, ['Ann']);
});

test('a json column handed over as text is parsed', () => {
  const rows = hydrate<{ published_at: Date }>('[{"published_at":"2025-01-02T03:04:05+00:00"}]', ['published_at']);
  assert.equal(rows[0]!.published_at.toISOString(), '2025-01-02T03:04:05.000Z');
});
