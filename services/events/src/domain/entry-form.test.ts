import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  acceptanceProblems,
  ageOn,
  answerProblems,
  birthDateProblem,
  certificateProblems,
  entryState,
  isMinor,
  mergeAcceptances,
  nextWaiverVersion,
  pendingWaivers,
  questionProblems,
  type Question,
  type Waiver,
  type WaiverAcceptance,
} from './entry-form.js';

const questions: Question[] = [
  { id: 'q-shirt', kind: 'choice', label: 'Shirt size', choices: ['S', 'M', 'L'], required: true },
  { id: 'q-dinner', kind: 'yes_no', label: 'Dinner?', choices: [], required: true },
  { id: 'q-note', kind: 'text', label: 'Anything else', choices: [], required: false },
];
const waiver: Waiver = { id: 'w-1', title: 'Risk', body: 'I race at my own risk.', version: 2 };

test('age on the regatta day: 17 the day before the 18th birthday, 18 on it', () => {
  assert.equal(ageOn('2009-06-15', new Date('2027-06-14T00:00:00Z')), 17);
  assert.equal(ageOn('2009-06-15', new Date('2027-06-15T00:00:00Z')), 18);
  assert.equal(isMinor('2009-06-15', new Date('2027-06-14T00:00:00Z')), true);
  assert.equal(isMinor('2009-06-15', new Date('2027-06-15T00:00:00Z')), false);
  assert.equal(isMinor(null, new Date()), false);
});

test('a date of birth is a real past day', () => {
  const today = new Date('2026-11-27T12:00:00Z');
  assert.equal(birthDateProblem('2010-02-30', today), 'must be a real day (YYYY-MM-DD)');
  assert.equal(birthDateProblem('2027-01-01', today), 'must not be in the future');
  assert.equal(birthDateProblem('1900-01-01', today), 'must be within the last 120 years');
  assert.equal(birthDateProblem('2010-02-28', today), undefined);
});

test('answers: required ones missing, wrong kinds and unknown questions name their fields', () => {
  const problems = answerProblems(questions, { 'q-shirt': 'XL', 'q-other': 'x' }, true);
  assert.deepEqual(problems, [
    { field: 'answers.q-other', message: 'no such question in this regatta' },
    { field: 'answers.q-shirt', message: 'must be one of: S, M, L' },
    { field: 'answers.q-dinner', message: 'an answer is required' },
  ]);
  // "No" is an answer to a yes/no question; the optional text may be left out.
  assert.deepEqual(answerProblems(questions, { 'q-shirt': 'M', 'q-dinner': false }, true), []);
  assert.deepEqual(answerProblems(questions, { 'q-dinner': 'yes' }, true).map((p) => p.field), ['answers.q-shirt', 'answers.q-dinner']);
  // An organizer entering for someone may leave required answers out, not give wrong ones.
  assert.deepEqual(answerProblems(questions, {}, false), []);
  assert.deepEqual(answerProblems(questions, { 'q-dinner': 'yes' }, false).map((p) => p.message), ['must be true (yes) or false (no)']);
});

test('acceptances: the current version, a guardian for a minor, every waiver when complete', () => {
  assert.deepEqual(acceptanceProblems([waiver], {}, [], { complete: true, minor: false }), [{ field: 'waivers.w-1', message: 'must be accepted' }]);
  assert.deepEqual(acceptanceProblems([waiver], { 'w-1': { version: 1 } }, [], { complete: true, minor: false })[0]?.field, 'waivers.w-1.version');
  assert.deepEqual(acceptanceProblems([waiver], { 'w-1': { version: 2 } }, [], { complete: true, minor: true })[0]?.field, 'waivers.w-1.guardianName');
  assert.deepEqual(acceptanceProblems([waiver], { 'w-1': { version: 2, guardianName: 'Ann Parent' } }, [], { complete: true, minor: true }), []);
  assert.deepEqual(acceptanceProblems([waiver], {}, [], { complete: false, minor: false }), []);
});

test('a changed waiver (version 2) is pending for an entry that accepted version 1', () => {
  const held: WaiverAcceptance[] = [{ waiverId: 'w-1', version: 1, acceptedBy: 'u', name: 'Sam', acceptedAt: '2026-01-01T00:00:00.000Z', guardian: null }];
  assert.deepEqual(pendingWaivers([waiver], held).map((w) => w.id), ['w-1']);
  const merged = mergeAcceptances(held, { 'w-1': { version: 2, guardianName: 'Ann Parent' } }, { userId: 'u', name: 'Sam', minor: true }, new Date('2026-02-01T10:00:00Z'));
  assert.deepEqual(merged, [
    { waiverId: 'w-1', version: 2, acceptedBy: 'u', name: 'Sam', acceptedAt: '2026-02-01T10:00:00.000Z', guardian: { name: 'Ann Parent', acceptedAt: '2026-02-01T10:00:00.000Z' } },
  ]);
  assert.deepEqual(pendingWaivers([waiver], merged), []);
});

test('a waiver is a new version only when its title or text changes', () => {
  assert.equal(nextWaiverVersion(waiver, { title: 'Risk' }), 2);
  assert.equal(nextWaiverVersion(waiver, { body: 'I race at my own risk, and I wear a buoyancy aid.' }), 3);
});

test('a certificate expiring before the last day is refused; on the last day it holds', () => {
  const last = new Date('2027-06-20T16:00:00Z');
  assert.deepEqual(certificateProblems({ orc: { number: 'GER 1', expires: '2027-06-19' }, irc: { number: 'I-9', expires: '2027-06-20' } }, last), [
    { field: 'certificates.orc.expires', message: 'the certificate expires before the regatta ends (2027-06-20)' },
  ]);
});

test('questions: a choice needs two different choices, the others none', () => {
  assert.deepEqual(questionProblems('choice', ['S', 'S']).length, 1);
  assert.deepEqual(questionProblems('choice', ['S', 'M']), []);
  assert.deepEqual(questionProblems('yes_no', ['a']).length, 1);
});

test('entry state: not yet open, closed, full when every fleet is at its limit, else open', () => {
  const now = new Date('2027-05-01T12:00:00Z');
  const open = { status: 'published', registrationOpen: new Date('2027-04-01T00:00:00Z'), registrationClose: new Date('2027-06-01T00:00:00Z'), maxParticipants: null };
  assert.equal(entryState({ ...open, status: 'draft' }, [], now), 'not_published');
  assert.equal(entryState({ ...open, registrationOpen: new Date('2027-05-02T00:00:00Z') }, [], now), 'not_yet_open');
  assert.equal(entryState({ ...open, registrationClose: new Date('2027-04-30T00:00:00Z') }, [], now), 'closed');
  assert.equal(entryState(open, [{ maxBoats: 2, registered: 2 }, { maxBoats: 3, registered: 2 }], now), 'open');
  assert.equal(entryState(open, [{ maxBoats: 2, registered: 2 }, { maxBoats: 3, registered: 3 }], now), 'full');
  assert.equal(entryState({ ...open, maxParticipants: 4 }, [{ maxBoats: null, registered: 4 }], now), 'full');
});
