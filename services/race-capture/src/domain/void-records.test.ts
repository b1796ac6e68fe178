import assert from 'node:assert/strict';
import { test } from 'node:test';
import { raceStart, type StartSignal } from './race-start.js';
import { reconcile, type ReconcilableRecord } from './reconcile.js';
import { splitVoid } from './void-records.js';

const at = (clock: string) => new Date(`2026-07-12T${clock}Z`);
const signal = (startId: string, kind: StartSignal['kind'], clock: string): StartSignal => ({ startId, kind, at: at(clock), sailNumbers: [] });
let counter = 0;
function record(kind: 'finish' | 'code', sailNumber: string, clock: string | null, code: ReconcilableRecord['code'] = null): ReconcilableRecord {
  counter += 1;
  return { id: `r${counter}`, kind, sailNumber, registrationId: null, code, at: clock ? at(clock) : null, supersededBy: null, recorder: { id: 'A' } };
}
const placed = (records: ReconcilableRecord[], signals: StartSignal[]) => {
  const { counted, voided } = splitVoid(records, raceStart(signals));
  const reconciled = reconcile(counted);
  return {
    order: reconciled.order.map((boat) => [boat.position, boat.sailNumber, boat.at.toISOString().slice(11, 23)]),
    codes: reconciled.codes.map((entry) => [entry.sailNumber, entry.code]),
    voided: voided.map(({ record: r, reason }) => [r.sailNumber, reason]),
  };
};

test('a general recall: finishes and codes before the new start are void, BFD stands, the rest place from the new start', () => {
  // Start s1 at 14:00:00 is recalled at 14:00:40; the new start s2 goes at 14:10:00.
  const signals = [signal('s1', 'start', '14:00:00.000'), signal('s1', 'general_recall', '14:00:40.000'), signal('s2', 'warning', '14:05:00.000'), signal('s2', 'start', '14:10:00.000')];
  const records = [
    record('code', 'GBR 4', '14:00:05.000', 'OCS'), // over the line at the recalled start
    record('code', 'GBR 5', '14:00:03.000', 'BFD'), // black flag: disqualified even though the start was recalled
    record('finish', 'GBR 3', '14:08:15.000'), // before the new start
    record('finish', 'GBR 1', '14:41:10.500'),
    record('finish', 'GBR 2', '14:41:12.000'),
    record('code', 'GBR 6', null, 'DNF'), // no time: cannot be placed before the start, counts
  ];
  assert.deepEqual(placed(records, signals), {
    order: [
      [1, 'GBR 1', '14:41:10.500'],
      [2, 'GBR 2', '14:41:12.000'],
    ],
    codes: [
      ['GBR 5', 'BFD'],
      ['GBR 6', 'DNF'],
    ],
    voided: [
      ['GBR 4', 'before_start'],
      ['GBR 3', 'before_start'],
    ],
  });
});

test('no start in force after a general recall: nothing is void yet, the finishes wait', () => {
  const signals = [signal('s1', 'start', '14:00:00.000'), signal('s1', 'general_recall', '14:00:40.000')];
  const { counted, voided } = splitVoid([record('finish', 'GBR 1', '14:41:10.500')], raceStart(signals));
  assert.deepEqual([counted.length, voided.length], [1, 0]);
});

test('an abandoned race: every finish and code is void; a resail places only what finished after its start', () => {
  // Start 14:00:00; GBR 1 at 14:41:10.5 and GBR 2 at 14:41:12.0; abandoned at 14:45:00.
  const sailed = [signal('s1', 'start', '14:00:00.000'), signal('s1', 'abandonment', '14:45:00.000')];
  const first = [record('finish', 'GBR 1', '14:41:10.500'), record('finish', 'GBR 2', '14:41:12.000'), record('code', 'GBR 3', '14:30:00.000', 'RET')];
  assert.deepEqual(placed(first, sailed), {
    order: [],
    codes: [],
    voided: [
      ['GBR 1', 'abandoned'],
      ['GBR 2', 'abandoned'],
      ['GBR 3', 'abandoned'],
    ],
  });
  // The resail: warning 15:00, start 15:05 under s2; GBR 2 finishes at 15:40:01.
  const resailed = [...sailed, signal('s2', 'warning', '15:00:00.000'), signal('s2', 'start', '15:05:00.000')];
  assert.deepEqual(placed([...first, record('finish', 'GBR 2', '15:40:01.000')], resailed), {
    order: [[1, 'GBR 2', '15:40:01.000']],
    codes: [],
    voided: [
      ['GBR 1', 'before_start'],
      ['GBR 2', 'before_start'],
      ['GBR 3', 'before_start'],
    ],
  });
});

test('a race started once and never recalled: nothing recorded after its start is void, an OCS timed at the start itself counts', () => {
  const signals = [signal('s1', 'start', '14:00:00.000')];
  assert.deepEqual(placed([record('finish', 'GBR 1', '14:41:10.500'), record('code', 'GBR 2', '14:00:00.000', 'OCS')], signals), {
    order: [[1, 'GBR 1', '14:41:10.500']],
    codes: [['GBR 2', 'OCS']],
    voided: [],
  });
});
