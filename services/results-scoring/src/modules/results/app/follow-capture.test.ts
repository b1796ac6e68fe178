import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entriesOf } from '../domain/submission.js';
import { capturedResults } from './follow-capture.js';

test('finishes recorded on the water as a submission: places with their times, codes as their statuses', () => {
  // B1 and B2 seen finishing at 10:15:00.250 and 10:15:01; B2 also seen OCS (the code wins); B3 RET; B4 UFD; B5 an unknown code is ignored.
  const results = capturedResults({
    places: [
      { boatId: 'B1', at: new Date('2026-07-12T10:15:00.250Z') },
      { boatId: 'B2', at: new Date('2026-07-12T10:15:01.000Z') },
    ],
    codes: [
      { boatId: 'B2', code: 'OCS' },
      { boatId: 'B3', code: 'RET' },
      { boatId: 'B4', code: 'UFD' },
      { boatId: 'B5', code: 'XYZ' },
    ],
  });
  assert.deepEqual(results, [
    { boat: 'B1', status: 'finished', finishTime: '2026-07-12T10:15:00.250Z' },
    { boat: 'B2', status: 'dns', code: 'ocs' },
    { boat: 'B3', status: 'dnf', code: 'ret' },
    { boat: 'B4', status: 'dsq', code: 'ufd' },
  ]);
  assert.deepEqual(
    entriesOf({ results }).map((entry) => [entry.boatId, entry.status, entry.code, entry.finishTime?.toISOString() ?? null]),
    [
      ['B1', 'finished', null, '2026-07-12T10:15:00.250Z'],
      ['B2', 'dns', 'OCS', null],
      ['B3', 'dnf', 'RET', null],
      ['B4', 'dsq', 'UFD', null],
    ],
  );
});
