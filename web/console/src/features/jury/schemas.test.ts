import { test } from 'node:test';
import assert from 'node:assert/strict';
import { awaitingHearing, dayAt, hearingsOn } from './board';
import { consequenceError, decisionRequest, decisionSchema, emptyLodging, hearingSchema, lodgeSchema, reopenOf, ruleList, toHearing, toLocalInput, toLodging, type Protest } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

test('a boat protest names the protestor and a protestee, never the same boat, and a race', () => {
  assert.deepEqual(messages(lodgeSchema.safeParse({ ...emptyLodging, incident: 'Port-starboard' })), {
    raceIds: 'jury:validation.race',
    protestorBoat: 'jury:validation.protestor',
    protesteeBoats: 'jury:validation.protestee',
  });
  assert.deepEqual(messages(lodgeSchema.safeParse({ ...emptyLodging, incident: 'x', raceIds: ['r1'], protestorBoat: 'a', protesteeBoats: ['a'] })), { protesteeBoats: 'jury:validation.herself' });
  assert.deepEqual(messages(lodgeSchema.safeParse({ ...emptyLodging, type: 'race_committee', incident: 'x', raceIds: ['r1'], protestorBoat: 'a', protesteeBoats: ['b'] })), { protestorBoat: 'jury:validation.committeeNoProtestor' });
  assert.equal(lodgeSchema.safeParse({ ...emptyLodging, type: 'redress', incident: 'x', raceIds: ['r1'], protestorBoat: 'c' }).success, true, 'redress needs no protestee');
  assert.equal(lodgeSchema.safeParse({ ...emptyLodging, type: 'reopen', incident: 'x', raceIds: ['r1'] }).success, true, 'the committee may ask to reopen: no boat');
  assert.deepEqual(messages(lodgeSchema.safeParse({ ...emptyLodging, type: 'scoring_inquiry', incident: 'x', raceIds: ['r1'] })), { protestorBoat: 'jury:validation.protestor' });
});

test('a lodging carries only what was given: rules as a list, contact only when some is there', () => {
  const values = { ...emptyLodging, type: 'redress' as const, incident: '  Hit by the committee boat ', raceIds: ['r2'], protestorBoat: 'c', rulesAlleged: '62.1(a); 10 ,', contactPhone: '+49 555' };
  assert.deepEqual(toLodging(values), { type: 'redress', raceIds: ['r2'], protestorBoat: 'c', incident: 'Hit by the committee boat', rulesAlleged: ['62.1(a)', '10'], contact: { name: null, email: null, phone: '+49 555' } });
  assert.deepEqual(ruleList(' , '), []);
});

test('each consequence carries the fields of its action only; DPI needs points, a correction a status or code', () => {
  const base = { boat: 'b', race: 'r1', points: '', percent: '', method: 'average_all' as const, status: '', code: '' };
  const values = {
    factsFound: 'f',
    conclusions: 'c',
    rulesApplied: '10, 14',
    consequences: [
      { ...base, action: 'dsq' as const, points: '3' },
      { ...base, action: 'dpi' as const, points: '2,5' },
      { ...base, action: 'scp' as const, percent: '' },
      { ...base, action: 'rdg' as const, method: 'points' as const, points: '3' },
      { ...base, action: 'correct' as const, status: 'dnf', code: 'RET' },
    ],
  };
  assert.equal(decisionSchema.safeParse(values).success, true);
  assert.deepEqual(decisionRequest(values), {
    factsFound: 'f',
    conclusions: 'c',
    rulesApplied: ['10', '14'],
    consequences: [
      { boat: 'b', race: 'r1', action: 'dsq' },
      { boat: 'b', race: 'r1', action: 'dpi', points: 2.5 },
      { boat: 'b', race: 'r1', action: 'scp' },
      { boat: 'b', race: 'r1', action: 'rdg', method: 'points', points: 3 },
      { boat: 'b', race: 'r1', action: 'correct', status: 'dnf', code: 'RET' },
    ],
  });
  assert.deepEqual(messages(decisionSchema.safeParse({ ...values, consequences: [{ ...base, action: 'dpi' }, { ...base, action: 'correct' }] })), {
    'consequences.0.points': 'validation.number',
    'consequences.1.status': 'jury:validation.correction',
  });
});

test("the API's refusal of a consequence is placed on that consequence's field", () => {
  assert.deepEqual(consequenceError('consequences.1.method'), { index: 1, field: 'method' });
  assert.deepEqual(consequenceError('body.consequences[2].boat'), { index: 2, field: 'boat' });
  assert.deepEqual(consequenceError('consequences.0'), { index: 0, field: 'action' });
  assert.deepEqual(consequenceError('consequences.0.finishTime'), { index: 0, field: 'status' });
  assert.equal(consequenceError('factsFound'), null);
});

const protest = (over: Partial<Protest>): Protest => ({
  id: 'p',
  number: 1,
  type: 'boat',
  status: 'lodged',
  raceIds: ['r1'],
  protestor: { party: 'boat', boat: 'a' },
  protestees: ['b'],
  rulesAlleged: ['10'],
  incident: 'x',
  contact: null,
  lodgedAt: '2026-06-01T15:00:00Z',
  deadline: null,
  late: false,
  hearing: null,
  decision: null,
  withdrawal: null,
  ...over,
});

test("the day's hearings at the venue: Sydney's day starts at 13:00Z the day before", () => {
  assert.equal(dayAt('2026-06-01T22:40:00Z', 'Australia/Sydney'), '2026-06-02');
  assert.equal(dayAt('2026-06-01T22:40:00Z', 'UTC'), '2026-06-01');
  const cases = [
    protest({ id: '1', number: 1, status: 'scheduled', hearing: { startsAt: '2026-06-02T03:00:00Z', room: 'Jury room', parties: [] } }),
    protest({ id: '2', number: 2, status: 'decided', hearing: { startsAt: '2026-06-01T22:40:00Z', room: 'Jury room', parties: [] } }),
    protest({ id: '3', number: 3, status: 'scheduled', hearing: { startsAt: '2026-06-02T14:00:00Z', room: 'Bar', parties: [] } }),
    protest({ id: '4', number: 4 }),
  ];
  assert.deepEqual(hearingsOn(cases, '2026-06-02', 'Australia/Sydney').map((h) => h.protest.number), [2, 1]);
  assert.deepEqual(hearingsOn(cases, '2026-06-02', 'UTC').map((h) => h.protest.number), [1, 3]);
  assert.deepEqual(awaitingHearing(cases).map((p) => p.number), [4]);
});

test('a request to reopen names the same races and boats as the decided case', () => {
  const decided = protest({ status: 'decided', raceIds: ['r1', 'r2'], protestor: { party: 'race_committee', boat: null }, protestees: ['b', 'c'] });
  assert.deepEqual(reopenOf(decided), { ...emptyLodging, type: 'reopen', protestorBoat: '', protesteeBoats: ['b', 'c'], raceIds: ['r1', 'r2'] });
});

test('a hearing is set on the regatta\'s clock, whatever the clock of the device typing it', () => {
  // 18:00 in Sydney on 12 January (AEDT, UTC+11) is 07:00 UTC; in Berlin on 12 July (CEST, UTC+2) 16:00 UTC.
  assert.deepEqual(toHearing({ startsAt: '2027-01-12T18:00', room: ' Jury room ' }, 'Australia/Sydney'), { startsAt: '2027-01-12T07:00:00.000Z', room: 'Jury room' });
  assert.equal(toHearing({ startsAt: '2026-07-12T18:00', room: 'A' }, 'Europe/Berlin').startsAt, '2026-07-12T16:00:00.000Z');
  // Moving a hearing shows the time it has on the same clock.
  assert.equal(toLocalInput('2027-01-12T07:00:00.000Z', 'Australia/Sydney'), '2027-01-12T18:00');
  assert.equal(hearingSchema.safeParse({ startsAt: '2027-02-30T18:00', room: 'A' }).success, false);
  assert.equal(hearingSchema.safeParse({ startsAt: '', room: 'A' }).success, false);
});
