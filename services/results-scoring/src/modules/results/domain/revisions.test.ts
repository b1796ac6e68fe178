import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResultRow } from '../../shared/domain/records.js';
import { changesBetween, entriesFromSnapshot, snapshotOf } from './revisions.js';

const row = (boatId: string, seq: number, extra: Partial<ResultRow> = {}): ResultRow => ({
  id: `id-${boatId}`,
  raceId: 'r1',
  eventId: 'e1',
  fleetId: 'f1',
  boatId,
  seq,
  status: 'finished',
  code: null,
  finishTime: new Date(Date.UTC(2025, 5, 1, 12, 0, seq)),
  penaltyPercent: null,
  penaltyPoints: null,
  redressMethod: null,
  redressPoints: null,
  notes: null,
  position: seq + 1,
  elapsedSeconds: null,
  correctedSeconds: null,
  points: seq + 1,
  ...extra,
});

test('a DSQ of the winner: she goes 1 → 4 points (DSQ), the boats behind move up 2 → 1 and 3 → 2', () => {
  const before = [row('A', 0), row('B', 1), row('C', 2)];
  const after = [
    row('A', 0, { status: 'dsq', code: 'DSQ', position: null, points: 4 }),
    row('B', 1, { position: 1, points: 1 }),
    row('C', 2, { position: 2, points: 2 }),
  ];
  const changes = changesBetween(before, after);
  assert.deepEqual(
    changes.map((c) => [c.boatId, c.before?.points, c.after?.points, c.after?.code]),
    [
      ['A', 1, 4, 'DSQ'],
      ['B', 2, 1, null],
      ['C', 3, 2, null],
    ],
  );
});

test('unchanged boats are left out; added and removed boats have no before / no after', () => {
  const before = [row('A', 0), row('B', 1)];
  const after = [row('A', 0), row('C', 1, { points: 2 })];
  const changes = changesBetween(before, after);
  assert.deepEqual(
    changes.map((c) => [c.boatId, c.before === null, c.after === null]),
    [
      ['C', true, false],
      ['B', false, true],
    ],
  );
});

test('a snapshot restores the entries exactly (what a revert stores again)', () => {
  const entries = [row('A', 0, { code: 'RDG', redressMethod: 'points', redressPoints: 2.5 }), row('B', 1, { finishTime: null, status: 'dnf', code: 'DNF' })].map(
    ({ boatId, seq, status, code, finishTime, penaltyPercent, penaltyPoints, redressMethod, redressPoints, notes }) => ({
      boatId, seq, status, code, finishTime, penaltyPercent, penaltyPoints, redressMethod, redressPoints, notes,
    }),
  );
  assert.deepEqual(entriesFromSnapshot(JSON.parse(JSON.stringify(snapshotOf(entries)))), entries);
});
