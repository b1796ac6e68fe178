import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Revision } from './api';
import type { Reconciliation } from './capture-api';
import { capturedLines, followState } from './capture-lines';
import type { Boat } from './sheet';

const boats: Boat[] = [
  { id: 'b11', sail: 'GER 11', name: 'Eleven' },
  { id: 'b22', sail: 'GER 22', name: 'Twentytwo' },
  { id: 'b33', sail: 'GER 33', name: 'Thirtythree' },
];

// Two recorders: A has 11 at 14:20:20 and 22 at 14:20:21; B has 22 at 14:20:20.5 and 11 at 14:20:21.2.
// Reconciled by earliest time: 11 (14:20:20), 22 (14:20:20.5 shown as 14:20:20); 33 seen OCS only.
const reconciliation: Reconciliation = {
  raceId: 'r1',
  toleranceMs: 2000,
  recorders: [{ kind: 'member', id: 'A', label: 'Anna' }, { kind: 'device', id: 'B', label: 'Phone 2' }],
  order: [
    { position: 1, sailNumber: 'GER 11', registrationId: null, at: '2026-06-01T14:20:20.000Z', spreadMs: 1200, seenBy: ['A', 'B'], agreed: false },
    { position: 2, sailNumber: 'ger-22', registrationId: null, at: '2026-06-01T14:20:20.500Z', spreadMs: 500, seenBy: ['A', 'B'], agreed: false },
  ],
  disagreements: [{ kind: 'order_swapped', sailNumbers: ['GER 11', 'GER 22'], recorders: ['A', 'B'], detail: '' }],
  unknowns: [],
  codes: [{ sailNumber: 'GER 33', code: 'OCS', recorders: ['A'] }, { sailNumber: 'GER 22', code: 'DNF', recorders: ['B'] }],
  voided: [],
};

test('the reconciled order becomes sheet lines: order, earliest time on the clock, codes on their boats, code-only boats after', () => {
  const lines = capturedLines(reconciliation, boats, 'UTC');
  assert.deepEqual(
    lines.map((line) => [line.boatId, line.time, line.code]),
    [['b11', '14:20:20', null], ['b22', '14:20:20', 'dnf'], ['b33', '', 'ocs']],
  );
  assert.equal(new Set(lines.map((line) => line.key)).size, 3, 'every line its own key');
  const unentered = capturedLines({ ...reconciliation, order: [{ ...reconciliation.order[0]!, sailNumber: 'NED 9' }], codes: [] }, boats, 'UTC');
  assert.deepEqual(unentered.map((line) => [line.typed, line.boatId]), [['NED 9', null]], 'a boat not entered stays typed, to be flagged');
});

const revision = (seq: number, via: string, at: string) => ({ seq, at, actor: { userId: null, keyId: null, via } }) as unknown as Revision;

test('the race follows the water while its latest revision came through capture', () => {
  assert.equal(followState([]), 'none');
  assert.equal(followState([revision(1, 'session', '2026-06-01T15:00:00Z')]), 'none');
  assert.equal(followState([revision(2, 'capture', '2026-06-01T14:31:00Z'), revision(1, 'capture', '2026-06-01T14:30:00Z')]), 'following');
  assert.equal(followState([revision(3, 'session', '2026-06-01T15:00:00Z'), revision(2, 'capture', '2026-06-01T14:31:00Z')]), 'scorer');
});
