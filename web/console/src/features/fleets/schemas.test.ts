import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  changedFleetFields,
  defaultFleetValues,
  fleetFormSchema,
  fleetToValues,
  moveRaceSchema,
  parseThresholds,
  raceFormSchema,
  racesOfFleet,
  splitFormSchema,
  splitToValues,
  toFleetRequest,
  toRaceRequest,
  toSplitRequest,
  type Fleet,
  type FleetValues,
  type Race,
} from './schemas';

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

test('discard thresholds: a comma list of increasing race counts from 1 to 200, at most 20', () => {
  assert.deepEqual(parseThresholds('4, 8'), { values: [4, 8] });
  assert.deepEqual(parseThresholds(' 3,6 ; 9 '), { values: [3, 6, 9] });
  assert.deepEqual(parseThresholds(''), { values: [] });
  assert.deepEqual(parseThresholds('4, 4'), { problem: 'fleets:validation.thresholdOrder' });
  assert.deepEqual(parseThresholds('8, 4'), { problem: 'fleets:validation.thresholdOrder' });
  assert.deepEqual(parseThresholds('0'), { problem: 'fleets:validation.thresholdRange' });
  assert.deepEqual(parseThresholds('201'), { problem: 'fleets:validation.thresholdRange' });
  assert.deepEqual(parseThresholds('4, eight'), { problem: 'fleets:validation.thresholdList' });
  assert.deepEqual(parseThresholds('2.5'), { problem: 'fleets:validation.thresholdList' });
  const twentyOne = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
  assert.deepEqual(parseThresholds(twentyOne), { problem: 'fleets:validation.thresholdCount' });
});

test('a one-design fleet with defaults becomes the API body the OpenAPI example names', () => {
  const values: FleetValues = { ...defaultFleetValues(), name: '  ILCA 7 ', discardThresholds: '4, 8' };
  assert.equal(fleetFormSchema.safeParse(values).success, true);
  assert.deepEqual(toFleetRequest(values), {
    name: 'ILCA 7',
    scoringSystem: 'low_point',
    penaltyBasis: 'series_entries',
    finishersPlus: null,
    handicap: { system: 'one_design' },
    dropRaces: 0,
    discardThresholds: [4, 8],
    proportionalDiscards: null,
    redress: null,
  });
});

test('PHRF time-on-time sends only its own parameters, read with a decimal comma', () => {
  const values = defaultFleetValues();
  values.name = 'PHRF A';
  values.handicap = { system: 'phrf_tot', params: { ...values.handicap.params, a: '600', b: '480,5' } };
  values.penaltyBasis = 'finishers_plus';
  values.finishersPlus = { dnf: '1', dnc: '3' };
  values.redress = { defaultMethod: 'average_all', excludeDnc: true };
  assert.equal(fleetFormSchema.safeParse(values).success, true);
  const body = toFleetRequest(values);
  assert.deepEqual(body.handicap, { system: 'phrf_tot', params: { a: 600, b: 480.5 } });
  assert.deepEqual(body.finishersPlus, { dnf: 1, dnc: 3 });
  assert.deepEqual(body.redress, { defaultMethod: 'average_all', excludeDnc: true });
});

test('the form refuses what the API refuses, on the field concerned', () => {
  const values = defaultFleetValues();
  values.name = ' ';
  values.handicap = { system: 'nhc', params: { ...values.handicap.params, alphaP: '1.5', minFin: '2.5' } };
  values.dropRaces = '51';
  values.discardThresholds = '8, 4';
  values.penaltyBasis = 'finishers_plus';
  values.finishersPlus = { dnf: 'x', dnc: '' };
  assert.deepEqual(issues(fleetFormSchema.safeParse(values)), {
    name: 'validation.required',
    'finishersPlus.dnf': 'validation.number',
    'finishersPlus.dnc': 'validation.required',
    'handicap.params.alphaP': 'validation.max',
    'handicap.params.minFin': 'fleets:validation.wholeNumber',
    dropRaces: 'validation.max',
    discardThresholds: 'fleets:validation.thresholdOrder',
  });
  // Parameters of a system not chosen are not checked, and proportional discards replace the others.
  const other = { ...defaultFleetValues(), name: 'IRC 1', dropRaces: 'many', proportional: true, proportionalDiscards: { firstAt: '0', everyRaces: '4' } };
  other.handicap = { system: 'irc', params: { ...other.handicap.params, a: 'nonsense' } };
  assert.deepEqual(issues(fleetFormSchema.safeParse(other)), { 'proportionalDiscards.firstAt': 'validation.min' });
});

test('a stored fleet round-trips through the form, and an edit sends only what changed', () => {
  const fleet: Fleet = {
    id: '2483c0f1-a98e-49f7-990b-e8c4df00ba82',
    eventId: '5bd43a93-9ae3-4509-94d5-c84df82d4303',
    name: 'PHRF A',
    scoringSystem: 'low_point',
    dropRaces: 1,
    handicap: { system: 'phrf_tot', params: { a: 650, b: 550 } },
    penaltyBasis: 'series_entries',
    discardThresholds: [],
    finishersPlus: null,
    proportionalDiscards: null,
    redress: null,
  };
  const values = fleetToValues(fleet);
  assert.equal(values.handicap.params['a'], '650');
  assert.equal(values.handicap.params['alpha'], '0.25', 'the other systems show their defaults');
  assert.equal(values.dropRaces, '1');
  const before = toFleetRequest(values);
  assert.deepEqual(changedFleetFields(before, toFleetRequest(values)), {});
  const edited = { ...values, dropRaces: '0', discardThresholds: '3, 6' };
  assert.deepEqual(changedFleetFields(before, toFleetRequest(edited)), { dropRaces: 0, discardThresholds: [3, 6] });
  const proportional = { ...values, proportional: true };
  assert.deepEqual(changedFleetFields(before, toFleetRequest(proportional)), { dropRaces: 0, proportionalDiscards: { firstAt: 4, everyRaces: 4 } });
});

test('a race: optional name and number, the start on the regatta clock, a distance for time-on-distance fleets', () => {
  const plain = raceFormSchema(false);
  assert.equal(plain.safeParse({ name: '', raceNumber: '', scheduledStart: '', courseDistanceNm: '' }).success, true);
  assert.deepEqual(issues(plain.safeParse({ name: 'x'.repeat(101), raceNumber: '0', scheduledStart: 'tomorrow', courseDistanceNm: '0' })), {
    name: 'validation.tooLong',
    raceNumber: 'validation.min',
    scheduledStart: 'fleets:validation.dateTime',
    courseDistanceNm: 'validation.min',
  });
  assert.deepEqual(issues(raceFormSchema(true).safeParse({ name: '', raceNumber: '', scheduledStart: '', courseDistanceNm: '' })), { courseDistanceNm: 'validation.required' });
  assert.deepEqual(toRaceRequest({ name: ' Practice ', raceNumber: '3', scheduledStart: '2026-07-12T10:00', courseDistanceNm: '4,5' }, 'fleet-1', 'Europe/Berlin'), {
    fleetId: 'fleet-1',
    name: 'Practice',
    raceNumber: 3,
    scheduledStart: '2026-07-12T08:00:00.000Z',
    courseDistanceNm: 4.5,
  });
  assert.deepEqual(toRaceRequest({ name: '', raceNumber: '', scheduledStart: '', courseDistanceNm: '' }, 'fleet-1', 'Europe/Berlin'), { fleetId: 'fleet-1' });
  assert.deepEqual(issues(moveRaceSchema.safeParse({ scheduledStart: '' })), { scheduledStart: 'validation.required' });
  assert.equal(moveRaceSchema.safeParse({ scheduledStart: '2026-07-12T11:00' }).success, true);
});

test('races of a fleet in sailing order: by start, unscheduled last, then by number', () => {
  const race = (id: string, fleetId: string, raceNumber: number, scheduledStart: string | null): Race => ({
    id, eventId: 'e', fleetId, name: `Race ${raceNumber}`, raceNumber, scheduledStart, status: 'scheduled', weight: 1, mustCount: false, discardFirst: false,
  });
  const races = [
    race('a', 'f1', 1, '2026-07-12T12:00:00Z'),
    race('b', 'f1', 2, '2026-07-12T10:00:00Z'),
    race('c', 'f2', 1, '2026-07-12T09:00:00Z'),
    race('d', 'f1', 4, null),
    race('e', 'f1', 3, null),
  ];
  assert.deepEqual(racesOfFleet(races, 'f1').map((r) => r.id), ['b', 'a', 'e', 'd']);
});

test('split series: each fleet one part, finals in order, a medal race with its size', () => {
  const values = splitToValues(['q1', 'q2', 'gold', 'silver', 'medal', 'other'], null);
  assert.deepEqual(values.roles, { q1: '', q2: '', gold: '', silver: '', medal: '', other: '' });
  assert.deepEqual(issues(splitFormSchema.safeParse(values)), { roles: 'fleets:validation.splitQualifying' });
  values.roles = { q1: 'qualifying', q2: 'qualifying', gold: 'final-1', silver: 'final-1', medal: 'medal', other: 'medal' };
  values.medalSize = '1';
  assert.deepEqual(issues(splitFormSchema.safeParse(values)), {
    'roles.silver': 'fleets:validation.splitFinalTwice',
    'roles.other': 'fleets:validation.splitMedalTwice',
    medalSize: 'validation.min',
  });
  values.roles = { q1: 'qualifying', q2: 'qualifying', gold: 'final-2', silver: 'final-3', medal: 'medal', other: '' };
  values.medalSize = '10';
  values.discardThresholds = '4, 9';
  values.maxFinalDiscards = '1';
  assert.equal(splitFormSchema.safeParse(values).success, true);
  const body = toSplitRequest(values);
  assert.deepEqual(body, {
    qualifyingFleets: ['q1', 'q2'],
    finalFleets: ['gold', 'silver'],
    carry: 'continuous',
    discardThresholds: [4, 9],
    maxFinalDiscards: 1,
    medal: { fleetId: 'medal', size: 10, multiplier: 2 },
  });
  const back = splitToValues(['q1', 'q2', 'gold', 'silver', 'medal', 'other'], { event: 'x', updatedAt: '2026-06-20T07:45:12.000Z', ...body, maxFinalDiscards: 1, medal: { fleetId: 'medal', size: 10, multiplier: 2 } });
  assert.deepEqual(back.roles, { q1: 'qualifying', q2: 'qualifying', gold: 'final-1', silver: 'final-2', medal: 'medal', other: '' });
});
