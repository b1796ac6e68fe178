import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { entryRatings } from './entry-ratings.js';

describe("an entry's ratings: the boat's stored ratings with those given on the entry over them", () => {
  test('a new certificate given on the entry replaces that rating only; the others come from the boat', () => {
    // Entered in regatta A with PHRF 120 and IRC 1.020; entered in B with PHRF 90: B's entry is 90 / 1.020.
    assert.deepEqual(entryRatings({ phrf: 120, irc: 1.02 }, { phrf: 90 }), { phrf: 90, irc: 1.02 });
  });

  test('nothing given: the entry takes the boat’s ratings as they are (her newest, the default)', () => {
    assert.deepEqual(entryRatings({ phrf: 90 }, {}), { phrf: 90 });
  });

  test('a new boat: the ratings given; a key given without a value is left out', () => {
    assert.deepEqual(entryRatings({}, { phrf: 120, irc: undefined }), { phrf: 120 });
    assert.deepEqual(entryRatings({ irc: 1.02 }, { irc: undefined }), { irc: 1.02 });
  });

  test('the boat’s stored ratings are not changed (an earlier entry keeps the copy it took)', () => {
    const stored = { phrf: 120 };
    const entered = entryRatings(stored, { phrf: 90 });
    assert.deepEqual([stored, entered], [{ phrf: 120 }, { phrf: 90 }]);
  });
});
