import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLastEventId, resumePlan, sseFrame } from './live-messages.js';

test('sseFrame writes id, event and one line of JSON data', () => {
  assert.equal(sseFrame({ seq: 7, type: 'standings.updated', data: { a: 'x\ny' } }), 'id: 7\nevent: standings.updated\ndata: {"a":"x\\ny"}\n\n');
});

test('a reload frame carries no id, so the client keeps its position', () => {
  assert.equal(sseFrame({ seq: 9, type: 'reload', data: {} }), 'event: reload\ndata: {}\n\n');
});

test('resumePlan: fresh without Last-Event-ID; replay while history covers it; reload past it', () => {
  assert.deepEqual(resumePlan(undefined, 40, 1), { kind: 'fresh' });
  // history holds 31..40: a client at 30 needs 31 onwards -> replay.
  assert.deepEqual(resumePlan(30, 40, 31), { kind: 'replay', after: 30 });
  // a client at 29 needs 30, which was pruned -> reload.
  assert.deepEqual(resumePlan(29, 40, 31), { kind: 'reload' });
  // up to date: nothing to replay.
  assert.deepEqual(resumePlan(40, 40, 31), { kind: 'replay', after: 40 });
  // an id from the future (another database, a reset): reload.
  assert.deepEqual(resumePlan(41, 40, 31), { kind: 'reload' });
  // no history at all but behind: reload.
  assert.deepEqual(resumePlan(3, 40, undefined), { kind: 'reload' });
});

test('parseLastEventId accepts digits only', () => {
  assert.equal(parseLastEventId('12'), 12);
  assert.equal(parseLastEventId(' 12 '), 12);
  assert.equal(parseLastEventId('-1'), undefined);
  assert.equal(parseLastEventId('1e3'), undefined);
  assert.equal(parseLastEventId(undefined), undefined);
});
