import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boatsOf, raceLabel, raceOfFleet, startsOfOthers, type Context } from './context';
import type { StoredStart } from './store/db';

const notStarted = { status: 'scheduled' as const, startAt: null, startId: null };
const context = {
  event: { id: 'e', slug: 'harbour-week', name: 'Harbour Week', timeZone: 'Europe/Berlin', startDate: '2026-07-11T08:00:00Z', endDate: '2026-07-13T18:00:00Z' },
  fleets: [{ id: 'f1', name: 'ILCA 7' }, { id: 'f2', name: 'ILCA 6' }],
  races: [
    { id: 'r1', fleetId: 'f1', name: 'Race 1', raceNumber: 1, scheduledStart: null, status: 'started', start: { status: 'started' as const, startAt: '2026-07-12T10:05:00.000Z', startId: 's1' } },
    { id: 'r2', fleetId: 'f2', name: 'Race 1', raceNumber: 1, scheduledStart: null, status: 'started', start: { status: 'started' as const, startAt: '2026-07-12T10:05:00.000Z', startId: 's1' } },
    { id: 'r3', fleetId: 'f1', name: 'Race 2', raceNumber: 2, scheduledStart: null, status: 'scheduled', start: notStarted },
  ],
  entries: [
    { registrationId: 'a', fleetId: 'f1', sailNumber: 'GER 1', boatName: 'Alpha' },
    { registrationId: 'b', fleetId: 'f2', sailNumber: 'GER 2', boatName: null },
  ],
  signals: [],
  recorder: { kind: 'member' as const, id: 'u', label: 'Rita' },
  serverTime: '2026-07-12T10:00:00.000Z',
} as unknown as Context;

const start: StoredStart = { id: 's1', slug: 'harbour-week', raceIds: ['r1', 'r2'], sequence: [5, 4, 1, 0], warningAt: 0, startAt: 300_000, after: null, recalled: false, createdAt: 0 };
const t = (key: string, options?: Record<string, unknown>) => `${options?.['race']} of ${options?.['fleet']}`;

test('a start of two fleets: each fleet with its race, the boats of both', () => {
  assert.deepEqual([...raceOfFleet(context, start)], [['f1', 'r1'], ['f2', 'r2']]);
  assert.deepEqual(boatsOf(context, start).map((b) => [b.sailNumber, b.boatName]), [['GER 1', 'Alpha'], ['GER 2', '']]);
  assert.equal(raceLabel(context, 'r2', t), 'Race 1 of ILCA 6');
});

test('another recorder\'s start, once per start id, with its races', () => {
  assert.deepEqual(startsOfOthers(context), [{ startId: 's1', raceIds: ['r1', 'r2'], startAt: '2026-07-12T10:05:00.000Z' }]);
});
