/**
 * The notice board's worked example: Lasers, races 1 and 2; case 1 is ITA 101 (Ada) v ITA 102 (Bo) in
 * race 1, lodged in time, heard in the jury room, decided DSQ; case 2 is a request for redress by
 * ITA 103 in race 2, lodged late, decided RDG A9(a); case 3 is only lodged (not public yet).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factPayload, newFact, timestampFromDate } from '@regatta/contracts';
import {
  caseDecision,
  caseHearing,
  caseLodging,
  caseLookups,
  consequenceSummary,
  decisionOutcome,
  hearingSchedule,
  lodgingFromHearing,
  onNoticeBoard,
  publicCase,
  publicCases,
  type CaseRecord,
} from './notice-board.js';

const EVENT = 'e0000000-0000-4000-8000-000000000001';
const [R1, R2] = ['r1', 'r2'];
const [A, B, C] = ['boat-a', 'boat-b', 'boat-c'];
const ts = (text: string) => timestampFromDate(new Date(text));
const meta = { producer: 'results-scoring', eventId: EVENT, organizationId: 'org', occurredAt: new Date('2025-06-01T18:00:00Z') };
const lodgedFact = (init: Parameters<typeof newFact<'protest.lodged'>>[2]) => factPayload(newFact('protest.lodged', 'protestLodged', init, meta), 'protestLodged')!;
const hearingFact = (init: Parameters<typeof newFact<'hearing.scheduled'>>[2]) => factPayload(newFact('hearing.scheduled', 'hearingScheduled', init, meta), 'hearingScheduled')!;
const decisionFact = (init: Parameters<typeof newFact<'decision.published'>>[2]) => factPayload(newFact('decision.published', 'decisionPublished', init, meta), 'decisionPublished')!;

const lodged1 = lodgedFact({ protestId: 'p1', eventId: EVENT, number: 1, type: 'boat', raceIds: [R1], protestorParty: 'boat', protestorBoatId: A, protesteeBoatIds: [B], rulesAlleged: ['10'], lodgedAt: ts('2025-06-01T16:00:00Z'), deadline: ts('2025-06-01T17:00:00Z'), late: false });
const hearing1 = hearingFact({ protestId: 'p1', eventId: EVENT, number: 1, type: 'boat', raceIds: [R1], startsAt: ts('2025-06-01T19:30:00Z'), room: 'Jury room', partyBoatIds: [A, B] });
const decision1 = decisionFact({
  decisionId: 'd1',
  protestId: 'p1',
  eventId: EVENT,
  number: 1,
  type: 'boat',
  raceIds: [R1],
  factsFound: 'A on starboard, B on port; A bore away to avoid contact.',
  conclusions: 'B failed to keep clear.',
  rulesApplied: ['10'],
  consequences: [{ boatId: B, raceId: R1, action: 'dsq' }],
  revisionIds: ['rev-1'],
  decidedAt: ts('2025-06-01T20:05:00Z'),
});
const hearing2 = hearingFact({ protestId: 'p2', eventId: EVENT, number: 2, type: 'redress', raceIds: [R2], startsAt: ts('2025-06-01T19:00:00Z'), room: 'Room B', partyBoatIds: [C] });

const lookups = caseLookups(
  [{ id: R1, raceNumber: 1, fleetId: 'lasers' }, { id: R2, raceNumber: 2, fleetId: 'lasers' }],
  [{ id: 'lasers', name: 'Lasers' }],
  [
    { id: A, sailNumber: 'ITA 101', boatName: 'Blue Heron' },
    { id: B, sailNumber: 'ITA 102', boatName: 'Red Kite' },
    { id: C, sailNumber: 'ITA 103', boatName: 'Grey Gull' },
    // A later source naming a boat again does not override the first (registrations come first).
    { id: B, sailNumber: 'XXX', boatName: 'stale' },
  ],
);

const case1: CaseRecord = { ...caseLodging(lodged1), hearing: caseHearing(hearing1, new Date('2025-06-01T18:00:00Z')), decision: caseDecision(decision1), withdrawal: null };

test('a decided case shows parties by sail number and name, the hearing, and the decision in words', () => {
  const shown = publicCase(case1, lookups);
  assert.deepEqual(shown, {
    number: 1,
    type: 'boat',
    status: 'decided',
    races: [{ raceNumber: 1, fleetName: 'Lasers' }],
    protestor: { party: 'boat', boat: { sailNumber: 'ITA 101', boatName: 'Blue Heron' } },
    protestees: [{ sailNumber: 'ITA 102', boatName: 'Red Kite' }],
    rulesAlleged: ['10'],
    late: false,
    lodgedAt: '2025-06-01T16:00:00.000Z',
    hearing: { startsAt: '2025-06-01T19:30:00.000Z', room: 'Jury room', parties: [{ sailNumber: 'ITA 101', boatName: 'Blue Heron' }, { sailNumber: 'ITA 102', boatName: 'Red Kite' }] },
    decision: {
      decidedAt: '2025-06-01T20:05:00.000Z',
      outcome: 'Penalty',
      factsFound: 'A on starboard, B on port; A bore away to avoid contact.',
      conclusions: 'B failed to keep clear.',
      rulesApplied: ['10'],
      consequences: [{ boat: { sailNumber: 'ITA 102', boatName: 'Red Kite' }, raceNumber: 1, action: 'dsq', points: null, percent: null, method: null, code: null, summary: 'Disqualified (DSQ)' }],
    },
  });
  // No ids of boats, protests, decisions or revisions reach the public case.
  const text = JSON.stringify(shown);
  for (const id of [A, B, C, 'p1', 'd1', 'rev-1', EVENT]) assert.equal(text.includes(`"${id}"`), false, id);
});

test('a hearing fact alone makes the case public with what it carries; a lodged case is not on the board', () => {
  const onlyLodged: CaseRecord = { ...caseLodging(lodgedFact({ protestId: 'p3', eventId: EVENT, number: 3, type: 'scoring_inquiry', raceIds: [R2], protestorParty: 'boat', protestorBoatId: C, late: true })), hearing: null, decision: null, withdrawal: null };
  assert.equal(onNoticeBoard(onlyLodged), false);
  const case2: CaseRecord = { ...lodgingFromHearing(hearing2), hearing: caseHearing(hearing2, new Date('2025-06-01T18:30:00Z')), decision: null, withdrawal: null };
  assert.equal(onNoticeBoard(case2), true);
  const cases = publicCases([case1, onlyLodged, case2], lookups);
  assert.deepEqual(cases.map((c) => [c.number, c.status]), [[1, 'decided'], [2, 'scheduled']]);
  assert.deepEqual(cases[1]!.protestor, { party: null, boat: null });
  assert.deepEqual(cases[1]!.hearing!.parties, [{ sailNumber: 'ITA 103', boatName: 'Grey Gull' }]);
  // The schedule runs by hearing time: case 2 at 19:00 before case 1 at 19:30.
  assert.deepEqual(hearingSchedule(cases).map((c) => c.number), [2, 1]);
});

test('a withdrawn case (rule 63.1) shows as withdrawn once it was on the board; a withdrawn bare lodging stays private', () => {
  const heard: CaseRecord = { ...lodgingFromHearing(hearing2), hearing: caseHearing(hearing2, new Date('2025-06-01T18:30:00Z')), decision: null, withdrawal: { withdrawnAt: '2025-06-01T18:45:00.000Z' } };
  const bare: CaseRecord = { ...caseLodging(lodgedFact({ protestId: 'p4', eventId: EVENT, number: 4, type: 'boat', raceIds: [R2], protestorParty: 'boat', protestorBoatId: C, late: false })), hearing: null, decision: null, withdrawal: { withdrawnAt: '2025-06-01T18:50:00.000Z' } };
  assert.deepEqual(publicCases([heard, bare], lookups).map((c) => [c.number, c.status, c.decision]), [[2, 'withdrawn', null]]);
});

test('unknown races and boats are shown as unknown, never by id', () => {
  const shown = publicCase({ ...case1, raceIds: ['gone'], protesteeBoatIds: ['ghost'] }, lookups);
  assert.deepEqual(shown.races, [{ raceNumber: null, fleetName: null }]);
  assert.deepEqual(shown.protestees, [{ sailNumber: null, boatName: null }]);
});

test('each consequence in words, with its worked numbers', () => {
  const c = (action: string, extra: { points?: number; percent?: number; method?: string; code?: string } = {}) =>
    consequenceSummary({ action, points: extra.points ?? null, percent: extra.percent ?? null, method: extra.method ?? null, code: extra.code ?? null });
  assert.equal(c('dsq'), 'Disqualified (DSQ)');
  assert.equal(c('dne'), 'Disqualified, not excludable (DNE)');
  assert.equal(c('dpi', { points: 2 }), 'Discretionary penalty (DPI): 2 points added');
  assert.equal(c('dpi', { points: 1 }), 'Discretionary penalty (DPI): 1 point added');
  assert.equal(c('scp', { percent: 20 }), 'Scoring penalty (SCP): 20% of the DNF score added (points)');
  assert.equal(c('rdg', { method: 'average_all' }), 'Redress (RDG): average of her other races, A9(a)');
  assert.equal(c('rdg', { method: 'average_before' }), 'Redress (RDG): average of her races before the incident, A9(b)');
  assert.equal(c('rdg', { method: 'points', points: 3.5 }), 'Redress (RDG): 3.5 points stated');
  assert.equal(c('correct', { code: 'DNF' }), 'Score corrected (DNF)');
  assert.equal(decisionOutcome([]), 'No action');
  assert.equal(decisionOutcome([{ action: 'rdg' }]), 'Redress');
  assert.equal(decisionOutcome([{ action: 'dsq' }, { action: 'dpi' }, { action: 'rdg' }]), 'Penalty and redress');
});
