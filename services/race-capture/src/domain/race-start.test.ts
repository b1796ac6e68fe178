import assert from 'node:assert/strict';
import { test } from 'node:test';
import { raceStart, type StartSignal } from './race-start.js';

const at = (clock: string) => new Date(`2026-07-12T${clock}Z`);
const signal = (startId: string, kind: StartSignal['kind'], clock: string, sailNumbers: string[] = []): StartSignal => ({ startId, kind, at: at(clock), sailNumbers });

test('5-4-1-0: warning 13:55, preparatory 13:56, start 14:00:00.000 starts the race then', () => {
  const start = raceStart([signal('s1', 'start', '14:00:00.000'), signal('s1', 'warning', '13:55:00.000'), signal('s1', 'preparatory', '13:56:00.000')]);
  assert.deepEqual(start, { status: 'started', startAt: at('14:00:00.000'), startId: 's1', shortened: false, recalled: [] });
});

test('a sequence under way before the start signal', () => {
  assert.equal(raceStart([signal('s1', 'warning', '13:55:00.000')]).status, 'in_sequence');
  assert.equal(raceStart([]).status, 'scheduled');
});

test('individual recall names boats at the start in force; a general recall voids the start until a new one', () => {
  const recalled = raceStart([signal('s1', 'start', '14:00:00.000'), signal('s1', 'individual_recall', '14:00:02.000', ['GBR 1', 'ITA 7']), signal('s1', 'individual_recall', '14:00:03.000', ['gbr1'])]);
  assert.deepEqual(recalled.recalled, ['GBR 1', 'ITA 7']);
  const general = [signal('s1', 'start', '14:00:00.000'), signal('s1', 'general_recall', '14:00:05.000')];
  assert.deepEqual(raceStart(general), { status: 'scheduled', startAt: null, startId: null, shortened: false, recalled: [] });
  // The new sequence: warning 14:06, start 14:11 under s2.
  const restarted = raceStart([...general, signal('s2', 'warning', '14:06:00.000'), signal('s2', 'start', '14:11:00.000')]);
  assert.deepEqual([restarted.status, restarted.startAt, restarted.startId], ['started', at('14:11:00.000'), 's2']);
});

test('postponement stops a sequence; abandonment ends a started race; shortened course is noted', () => {
  assert.equal(raceStart([signal('s1', 'warning', '13:55:00.000'), signal('s1', 'postponement', '13:57:00.000')]).status, 'postponed');
  const abandoned = raceStart([signal('s1', 'start', '14:00:00.000'), signal('s1', 'shortened_course', '14:40:00.000'), signal('s1', 'abandonment', '14:50:00.000')]);
  assert.deepEqual([abandoned.status, abandoned.shortened], ['abandoned', true]);
  // A recall signal of an older start changes nothing.
  assert.equal(raceStart([signal('s2', 'start', '14:11:00.000'), signal('s1', 'general_recall', '14:12:00.000')]).status, 'started');
});
