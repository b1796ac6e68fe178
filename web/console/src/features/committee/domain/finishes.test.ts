import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CaptureRecord } from './records';
import { codesInForce, finishedEntryIds, finishesInForce, lastUndoable } from './finishes';

const base = { slug: 's', startId: 'st', deviceAt: 0, clockOffsetMs: null, state: 'pending' as const };
const finish = (id: string, registrationId?: string): CaptureRecord => ({ ...base, id, type: 'finish', kind: 'finish', raceId: 'r1', ...(registrationId ? { registrationId } : {}) });
const deletion = (id: string, replaces: string): CaptureRecord => ({ ...base, id, type: 'finish', kind: 'deletion', raceId: 'r1', replaces });
const signal: CaptureRecord = { ...base, id: 'sig', type: 'signal', kind: 'start', raceIds: ['r1'] };

test('three taps, the second taken back: two finishes in force, the boat taken back expected again', () => {
  const records = [signal, finish('f1', 'A'), finish('f2', 'B'), deletion('d1', 'f2'), finish('f3', 'C')];
  assert.deepEqual(finishesInForce(records).map((r) => r.id), ['f1', 'f3']);
  assert.deepEqual([...finishedEntryIds(records)], ['A', 'C']);
  assert.equal(lastUndoable(records)?.id, 'f3');
});

test('an unknown boat counts as a finish in force and can be undone', () => {
  const records = [finish('f1', 'A'), finish('u1')];
  assert.equal(lastUndoable(records)?.id, 'u1');
  assert.deepEqual([...finishedEntryIds(records)], ['A']);
  assert.equal(lastUndoable([...records, deletion('d1', 'u1'), deletion('d2', 'f1')]), undefined);
});

test('a code (DNF) takes a boat off the line without a finish; undo takes the code back', () => {
  const dnf: CaptureRecord = { ...base, id: 'c1', type: 'finish', kind: 'code', raceId: 'r1', registrationId: 'B', code: 'DNF' };
  const records = [finish('f1', 'A'), dnf];
  assert.deepEqual(finishesInForce(records).map((r) => r.id), ['f1']);
  assert.deepEqual(codesInForce(records).map((r) => r.code), ['DNF']);
  assert.deepEqual([...finishedEntryIds(records)].sort(), ['A', 'B']);
  assert.equal(lastUndoable(records)?.id, 'c1');
  assert.deepEqual([...finishedEntryIds([...records, deletion('d1', 'c1')])], ['A'], 'B is expected again');
});

test('an unknown boat resolved: the finish naming it stands instead of it', () => {
  const resolved: CaptureRecord = { ...base, id: 'f9', type: 'finish', kind: 'finish', raceId: 'r1', registrationId: 'Z', replaces: 'u1' };
  const records = [finish('f1', 'A'), finish('u1'), finish('f2', 'B'), resolved];
  assert.deepEqual(finishesInForce(records).map((r) => r.id), ['f1', 'f2', 'f9']);
  assert.deepEqual([...finishedEntryIds(records)].sort(), ['A', 'B', 'Z']);
});
