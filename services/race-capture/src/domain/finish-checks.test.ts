import assert from 'node:assert/strict';
import { test } from 'node:test';
import { finishShapeRefusal, finishTimeRefusal, signalRefusal } from './finish-checks.js';

const now = new Date('2026-07-12T15:00:00.000Z');
const start = new Date('2026-07-12T14:00:00.000Z');
const id = '00000000-0000-4000-8000-000000000001';
const raceId = '00000000-0000-4000-8000-000000000002';

test('a finish at or before the start is refused; one millisecond after is taken', () => {
  assert.equal(finishTimeRefusal({ kind: 'finish', at: new Date('2026-07-12T14:00:00.000Z') }, now, start)?.code, 'finish_before_start');
  assert.equal(finishTimeRefusal({ kind: 'finish', at: new Date('2026-07-12T13:59:59.999Z') }, now, start)?.code, 'finish_before_start');
  assert.equal(finishTimeRefusal({ kind: 'finish', at: new Date('2026-07-12T14:00:00.001Z') }, now, start), undefined);
  assert.equal(finishTimeRefusal({ kind: 'finish', at: new Date('2026-07-12T13:00:00.000Z') }, now, null), undefined, 'no start recorded yet: kept');
});

test('times more than 5 minutes ahead of the server are refused: 15:05:00.000 is taken, 15:05:00.001 is not', () => {
  assert.equal(finishTimeRefusal({ kind: 'finish', at: new Date('2026-07-12T15:05:00.000Z') }, now, start), undefined);
  assert.equal(finishTimeRefusal({ kind: 'finish', at: new Date('2026-07-12T15:05:00.001Z') }, now, start)?.code, 'time_in_future');
  assert.equal(signalRefusal({ id, startId: id, raceIds: [raceId], kind: 'start', at: new Date('2026-07-13T15:00:00Z') }, now)?.code, 'time_in_future');
});

test('each kind states what it needs', () => {
  assert.equal(finishShapeRefusal({ id, raceId, kind: 'finish' })?.field, 'at');
  assert.equal(finishShapeRefusal({ id, raceId, kind: 'finish', at: now }), undefined, 'an unidentified boat');
  assert.equal(finishShapeRefusal({ id, raceId, kind: 'code', code: 'OCS' })?.field, 'sailNumber');
  assert.equal(finishShapeRefusal({ id, raceId, kind: 'code', sailNumber: '7' })?.field, 'code');
  assert.equal(finishShapeRefusal({ id, raceId, kind: 'deletion' })?.field, 'replaces');
  assert.equal(finishShapeRefusal({ id, raceId, kind: 'deletion', replaces: id, sailNumber: '7' })?.code, 'validation_failed');
  assert.equal(signalRefusal({ id, startId: id, raceIds: [raceId], kind: 'individual_recall', at: now }, now)?.field, 'sailNumbers');
  assert.equal(signalRefusal({ id, startId: id, raceIds: [raceId], kind: 'start', at: now, sailNumbers: ['7'] }, now)?.field, 'sailNumbers');
});
