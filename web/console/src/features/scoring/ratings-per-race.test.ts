import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ratingInRace, ratingsPerRace, type RatingChange } from './ratings-per-race';

const change = (value: number, fromRace: number, key = 'irc'): RatingChange => ({ system: key, key, value, fromRace, recordedAt: '2026-11-27T10:00:00Z' });

test('IRC 1.1 from entry, a new certificate 1.05 from race 2 and 1.012 from race 4: races 1-5 sail 1.1, 1.05, 1.05, 1.012, 1.012', () => {
  const rows = ratingsPerRace({ irc: 1.1 }, [change(1.012, 4), change(1.05, 2)], 'irc', [5, 1, 2, 3, 4]);
  assert.deepEqual(rows.map((row) => row.value), [1.1, 1.05, 1.05, 1.012, 1.012]);
  assert.deepEqual(rows.map((row) => row.changed), [false, true, false, true, false]);
});

test('a change of another rating key does not apply; no rating at all is null', () => {
  assert.equal(ratingInRace({ phrf: 126 }, [change(1.05, 1)], 'phrf', 3), 126);
  assert.equal(ratingInRace({}, [], 'irc', 1), null);
});
