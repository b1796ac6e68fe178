import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entriesOf } from '../domain/submission.js';
import { captureChange, capturedResults } from './follow-capture.js';

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

test('what the water asks of the results: follow once started, void when abandoned or every finish was before a new start', () => {
  const startAt = new Date('2026-07-12T14:10:00.000Z');
  const places = [
    { boatId: 'B1', at: new Date('2026-07-12T14:41:10.500Z') },
    { boatId: 'B2', at: new Date('2026-07-12T14:41:12.000Z') },
  ];
  // Started at 14:10 with two finishes: they are the results (B1 14:41:10.5, B2 14:41:12).
  const followed = captureChange({ waterStatus: 'started', startAt, places, codes: [] }, { hasResults: false });
  assert.deepEqual(followed, {
    kind: 'follow',
    results: [
      { boat: 'B1', status: 'finished', finishTime: '2026-07-12T14:41:10.500Z' },
      { boat: 'B2', status: 'finished', finishTime: '2026-07-12T14:41:12.000Z' },
    ],
  });
  // Abandoned at 14:45: race capture leaves no finish standing; the followed results go, the race is abandoned.
  assert.deepEqual(captureChange({ waterStatus: 'abandoned', startAt: null, places: [], codes: [] }, { hasResults: true }), {
    kind: 'void',
    status: 'abandoned',
    reason: 'Race abandoned on the water: the finishes recorded are void and the race is not scored (RRS 32).',
  });
  // Nothing followed yet: an abandonment has nothing to void.
  assert.deepEqual(captureChange({ waterStatus: 'abandoned', startAt: null, places: [], codes: [] }, { hasResults: false }), { kind: 'none' });
  // A general recall and a new start at 14:10: the only finishes (under the recalled start) are gone from the snapshot.
  assert.deepEqual(captureChange({ waterStatus: 'started', startAt, places: [], codes: [] }, { hasResults: true }), {
    kind: 'void',
    status: 'started',
    reason: 'New start at 14:10:00.000 after a general recall: the finishes recorded before it are void (RRS 29.2).',
  });
  // Recalled, the new start not yet given: nothing changes until it is.
  assert.deepEqual(captureChange({ waterStatus: 'scheduled', startAt: null, places, codes: [] }, { hasResults: true }), { kind: 'none' });
  assert.deepEqual(captureChange({ waterStatus: 'in_sequence', startAt: null, places, codes: [] }, { hasResults: true }), { kind: 'none' });
});
