import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryOrderOf } from './snapshots.js';

test("the events service's order of entries is read from the fact; a fact without it ('0') has none", () => {
  assert.equal(entryOrderOf({ entryOrder: '42' }), 42);
  assert.equal(entryOrderOf({ entryOrder: '0' }), null);
  assert.equal(entryOrderOf({ entryOrder: '' }), null);
});
