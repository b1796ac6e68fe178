import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineOfField, lineProblems, matchBoats, parseClock, parseTyped, resolveBoat, toSubmission, type Boat, type SheetLine } from './sheet';

const boats: Boat[] = [
  { id: 'a', sail: 'GBR 105', name: 'Alpha' },
  { id: 'b', sail: 'GBR 1057', name: 'Bravo' },
  { id: 'c', sail: 'GER 7', name: 'Charlie' },
  { id: 'd', sail: 'ITA 2105', name: 'Delta' },
];

const line = (key: string, boatId: string | null, extra: Partial<SheetLine> = {}): SheetLine => ({ key, typed: key, boatId, time: '', code: null, redressMethod: '', value: '', ...extra });

test('a typed sail number: exact first, then prefixes, then digits; one candidate resolves', () => {
  assert.deepEqual(matchBoats(boats, 'gbr-105').map((b) => b.id), ['a']);
  assert.deepEqual(matchBoats(boats, 'GBR 10').map((b) => b.id), ['a', 'b']);
  assert.deepEqual(matchBoats(boats, '105').map((b) => b.id), ['a', 'b'], 'digits "105" are GBR 105 exactly and GBR 1057 by prefix');
  assert.equal(resolveBoat(boats, '105')?.id, 'a', 'the digits equal to a sail number decide');
  assert.equal(resolveBoat(boats, 'GER')?.id, 'c');
  assert.equal(resolveBoat(boats, 'GBR 10'), null, 'two candidates: none chosen');
  assert.equal(resolveBoat(boats, '999'), null);
});

test('"105 ocs" is a sail number and a code; a last word that is no code stays in the sail number', () => {
  assert.deepEqual(parseTyped('105 ocs'), { sail: '105', code: 'ocs' });
  assert.deepEqual(parseTyped(' GBR 105 DNF '), { sail: 'GBR 105', code: 'dnf' });
  assert.deepEqual(parseTyped('GBR 105'), { sail: 'GBR 105', code: null });
  assert.deepEqual(parseTyped('DNF'), { sail: 'DNF', code: null }, 'a code alone names no boat');
});

test('clock times: 14:05:09, 14.05, 140509; 25:00 is none', () => {
  assert.equal(parseClock('14:05:09'), '14:05:09');
  assert.equal(parseClock('9.05'), '09:05:00');
  assert.equal(parseClock('140509'), '14:05:09');
  assert.equal(parseClock('25:00'), null);
  assert.equal(parseClock('abc'), null);
});

test('flags: the second line of a boat, a boat not entered, a finisher without the time the fleet needs', () => {
  const lines = [line('1', 'a', { time: '12:00:00' }), line('2', null), line('3', 'a', { time: '12:01:00' }), line('4', 'b'), line('5', 'c', { code: 'dnf' }), line('6', 'd', { code: 'dpi' })];
  const problems = lineProblems(lines, true);
  assert.deepEqual([...problems.entries()], [['2', 'notEntered'], ['3', 'duplicate'], ['4', 'missingTime'], ['6', 'missingTime']]);
  assert.deepEqual([...lineProblems([line('6', 'd', { code: 'dpi' })], false).entries()], [['6', 'missingValue']], 'DPI needs its points');
  assert.equal(lineProblems([line('1', 'a'), line('5', 'c', { code: 'dnf' })], false).size, 0, 'one-design: the order is enough');
});

test('submission: finishers without a typed time are sent without one (no time invented), in the order typed; codes with their status, RDG by points', () => {
  const clock = { start: '2026-07-12T10:00:00.000Z', toInstant: (time: string) => `2026-07-12T${time}.000Z` };
  const sheet = [line('1', 'a'), line('2', 'c', { code: 'ocs' }), line('3', 'b'), line('4', 'd', { code: 'rdg', redressMethod: 'points', value: '2,5' })];
  const body = toSubmission(sheet, clock, 'Race 1 as finished');
  assert.equal(body.actualStart, clock.start);
  assert.equal(body.reason, 'Race 1 as finished');
  assert.deepEqual(body.results, [
    { boat: 'a', status: 'finished' },
    { boat: 'c', status: 'dns', code: 'ocs' },
    { boat: 'b', status: 'finished' },
    { boat: 'd', status: 'finished', code: 'rdg', redress: { method: 'points', points: 2.5 } },
  ]);
});

test('submission: typed times are sent as typed, a finisher left untimed stays untimed', () => {
  const clock = { start: '2026-07-12T10:00:00.000Z', toInstant: (time: string) => `2026-07-12T${time}.000Z` };
  const sheet = [line('1', 'a', { time: '10:44:00' }), line('2', 'c', { code: 'dnf' }), line('3', 'b', { time: '10:45:00' }), line('4', 'd')];
  assert.deepEqual(toSubmission(sheet, clock, '').results, [
    { boat: 'a', status: 'finished', finishTime: '2026-07-12T10:44:00.000Z' },
    { boat: 'c', status: 'dnf', code: 'dnf' },
    { boat: 'b', status: 'finished', finishTime: '2026-07-12T10:45:00.000Z' },
    { boat: 'd', status: 'finished' },
  ]);
});

test('a refusal naming results.3.boat concerns line 4', () => {
  assert.equal(lineOfField('results.3.boat'), 4);
  assert.equal(lineOfField('body.results[0].finishTime'), 1);
  assert.equal(lineOfField('actualStart'), null);
});
