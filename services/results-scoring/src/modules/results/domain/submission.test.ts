/** The stored entries of a submission (entriesOf): redress given without a method is stored without one. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entriesOf } from './submission.js';

test('entriesOf: RDG without a method stores no method (the fleet default is looked up when scoring); a given method is kept', () => {
  const entries = entriesOf({
    results: [
      { boat: 'A', status: 'dnf', code: 'rdg' },
      { boat: 'B', status: 'finished', code: 'rdg', finishTime: '2026-06-01T12:10:00Z', redress: { method: 'average_before' } },
      { boat: 'C', status: 'dns', code: 'rdg', redress: { method: 'points', points: 2.5 } },
      { boat: 'D', status: 'finished', finishTime: '2026-06-01T12:11:00Z' },
    ],
  });
  assert.deepEqual(
    entries.map((e) => [e.boatId, e.seq, e.code, e.redressMethod, e.redressPoints]),
    [
      ['A', 0, 'RDG', null, null],
      ['B', 1, 'RDG', 'average_before', null],
      ['C', 2, 'RDG', 'points', 2.5],
      ['D', 3, null, null, null],
    ],
  );
});
