import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanRatings, isUuid, normalizeSailNumber } from './boats.js';

test('sail numbers compare without case, spaces or punctuation', () => {
  assert.equal(normalizeSailNumber('USA 123'), 'USA123');
  assert.equal(normalizeSailNumber('usa-123'), 'USA123');
  assert.equal(normalizeSailNumber(' GBR/4471 '), 'GBR4471');
  assert.equal(normalizeSailNumber('--'), '');
});

test('ratings keep finite numbers, sorted by system', () => {
  assert.deepEqual(cleanRatings({ phrf: 132, irc: Number.NaN, portsmouth_rya: 1098, '': 1 }), { phrf: 132, portsmouth_rya: 1098 });
});

test('isUuid', () => {
  assert.equal(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e'), true);
  assert.equal(isUuid('not-a-uuid'), false);
  assert.equal(isUuid(''), false);
  assert.equal(isUuid(undefined), false);
});
