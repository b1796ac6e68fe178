import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reconcile, type ReconcilableRecord } from './reconcile.js';

const base = Date.parse('2026-07-12T14:30:00.000Z');
let counter = 0;
function finish(recorder: string, sailNumber: string | null, secondsAfter: number, extra: Partial<ReconcilableRecord> = {}): ReconcilableRecord {
  counter += 1;
  return {
    id: `r${counter}`,
    kind: 'finish',
    sailNumber,
    registrationId: null,
    code: null,
    at: new Date(base + secondsAfter * 1000),
    supersededBy: null,
    recorder: { id: recorder },
    ...extra,
  };
}

test('two recorders who agree within the tolerance: one order, every boat agreed, spread kept', () => {
  // A: GBR1 at +10.0 s, GBR2 at +12.5 s; B: GBR1 at +10.4 s, GBR2 at +12.9 s. Spreads 400 ms each (<= 2000).
  const result = reconcile([finish('A', 'GBR1', 10), finish('A', 'GBR2', 12.5), finish('B', 'gbr 1', 10.4), finish('B', 'GBR2', 12.9)]);
  assert.deepEqual(result.recorders, ['A', 'B']);
  assert.deepEqual(
    result.order.map((boat) => [boat.position, boat.sailNumber, boat.at.toISOString(), boat.spreadMs, boat.seenBy, boat.agreed]),
    [
      [1, 'GBR1', '2026-07-12T14:30:10.000Z', 400, ['A', 'B'], true],
      [2, 'GBR2', '2026-07-12T14:30:12.500Z', 400, ['A', 'B'], true],
    ],
  );
  assert.deepEqual(result.disagreements, []);
});

test('order swapped, a boat seen by one only, and times further apart than the tolerance', () => {
  // A: 11 at +20, 22 at +21, 33 at +30, 44 at +40.  B: 22 at +20.5, 11 at +21.2, 33 at +33.
  // 11/22 swapped; 33's times are 3000 ms apart (> 2000); 44 seen by A only.
  const result = reconcile([
    finish('A', '11', 20),
    finish('A', '22', 21),
    finish('A', '33', 30),
    finish('A', '44', 40),
    finish('B', '22', 20.5),
    finish('B', '11', 21.2),
    finish('B', '33', 33),
  ]);
  assert.deepEqual(
    result.order.map((boat) => [boat.position, boat.sailNumber, boat.spreadMs, boat.agreed]),
    [
      [1, '11', 1200, false],
      [2, '22', 500, false],
      [3, '33', 3000, false],
      [4, '44', 0, false],
    ],
  );
  assert.deepEqual(
    result.disagreements.map((d) => [d.kind, d.sailNumbers, d.recorders]),
    [
      ['order_swapped', ['11', '22'], ['A', 'B']],
      ['times_apart', ['33'], ['A', 'B']],
      ['seen_by_one', ['44'], ['A']],
    ],
  );
});

test('replaced and deleted records do not count; an unknown boat stays apart until resolved', () => {
  const wrong = finish('A', '55', 50, { supersededBy: 'fix' });
  const unknown = finish('A', null, 52);
  const taken = finish('A', '66', 60, { supersededBy: 'del' });
  const result = reconcile([wrong, finish('A', '56', 50, { id: 'fix' }), unknown, taken, { ...finish('A', null, 0), kind: 'deletion', at: null, id: 'del' }]);
  assert.deepEqual(result.order.map((boat) => boat.sailNumber), ['56']);
  assert.deepEqual(result.unknowns, [{ recordId: unknown.id, at: new Date(base + 52_000), recorder: 'A' }]);
  const resolved = reconcile([{ ...unknown, supersededBy: 'named' }, finish('A', '77', 52, { id: 'named' })]);
  assert.deepEqual(resolved.unknowns, []);
  assert.deepEqual(resolved.order.map((boat) => boat.sailNumber), ['77']);
});

test('codes seen on the water are listed per boat with who saw them; a tolerance of 0 flags any difference', () => {
  const code: ReconcilableRecord = { ...finish('B', '88', 0), kind: 'code', code: 'OCS', at: null };
  const result = reconcile([code, finish('A', '99', 10), finish('B', '99', 10.001)], 0);
  assert.deepEqual(result.codes, [{ sailNumber: '88', code: 'OCS', recorders: ['B'] }]);
  assert.deepEqual(result.disagreements.map((d) => [d.kind, d.detail]), [['times_apart', 'The times of 99 are 1 ms apart (more than 0 ms).']]);
});
