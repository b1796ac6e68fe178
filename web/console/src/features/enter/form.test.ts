import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editBody, emptyValues, enterSchema, isMinor, registerBody, type EntryForm } from './form';

const form = {
  event: { id: 'e', slug: 'cup', name: 'Cup', startDate: '2027-06-15T09:00:00.000Z', endDate: '2027-06-16T17:00:00.000Z', venue: null, organization: { slug: 'yc', name: 'YC' }, entryFee: '45.00', currency: 'EUR', registrationOpen: null, registrationClose: null, maxParticipants: null },
  entries: 'open',
  fleets: [{ id: 'f-irc', name: 'IRC', handicapSystem: 'irc', ratingKey: 'irc', certificate: true, maxBoats: null, registered: 0 }],
  questions: [
    { id: 'q-shirt', kind: 'choice', label: 'Shirt', choices: ['S', 'M'], required: true, position: 1, updatedAt: null },
    { id: 'q-dinner', kind: 'yes_no', label: 'Dinner', choices: [], required: false, position: 2, updatedAt: null },
  ],
  waivers: [{ id: 'w-risk', title: 'Risk', body: 'At my own risk.', version: 3, position: 1, updatedAt: null }],
  myEntry: null,
} as EntryForm;

test('a sailor born 2009-06-16 is 17 on the first day (2027-06-15): a minor; born 2009-06-15, 18', () => {
  assert.equal(isMinor('2009-06-16', form.event.startDate), true);
  assert.equal(isMinor('2009-06-15', form.event.startDate), false);
  assert.equal(isMinor('', form.event.startDate), false);
});

test('the form asks the required answer, every waiver, and a guardian for a minor', () => {
  const values = { ...emptyValues(form), boatName: 'Nixie', rating: '1.02', emergencyContact: 'Jo +49 40 1', dateOfBirth: '2010-01-01' };
  const result = enterSchema(form, false).safeParse(values);
  assert.equal(result.success, false);
  const paths = result.error!.issues.map((issue) => issue.path.join('.')).sort();
  assert.deepEqual(paths, ['accepted.w-risk', 'answers.q-shirt', 'guardianName']);
});

test('the register body: a new boat with its IRC rating and certificate, answers typed, the waiver at its version with the guardian', () => {
  const values = {
    ...emptyValues(form),
    boatName: 'Nixie',
    sailNumber: 'GER 1',
    rating: '1,02',
    certificateNumber: 'IRC-7',
    certificateExpires: '2027-12-31',
    emergencyContact: 'Jo +49 40 1',
    dateOfBirth: '2010-01-01',
    answers: { 'q-shirt': 'M', 'q-dinner': 'no' },
    accepted: { 'w-risk': true },
    guardianName: 'Ann Parent',
    crew: [{ name: 'Mia', role: 'crew', sailorId: '', dateOfBirth: '', guardianName: '' }],
  };
  assert.deepEqual(registerBody(form, values), {
    fleet: 'f-irc',
    boat: { name: 'Nixie', sailNumber: 'GER 1', model: null, ratings: { irc: 1.02 } },
    crewMembers: [{ name: 'Mia', role: 'crew', sailorId: null, dateOfBirth: null }],
    emergencyContact: 'Jo +49 40 1',
    answers: { 'q-shirt': 'M', 'q-dinner': false },
    waivers: { 'w-risk': { version: 3, guardianName: 'Ann Parent' } },
    dateOfBirth: '2010-01-01',
    certificates: { irc: { number: 'IRC-7', expires: '2027-12-31' } },
  });
  // An edit sends only the waivers still to accept.
  assert.equal('waivers' in editBody(form, values, new Set()), false);
  assert.deepEqual(editBody(form, values, new Set(['w-risk'])).waivers, { 'w-risk': { version: 3, guardianName: 'Ann Parent' } });
  // After entries close only a waiver's new version is sent.
  assert.deepEqual(editBody({ ...form, entries: 'closed' }, values, new Set(['w-risk'])), { waivers: { 'w-risk': { version: 3, guardianName: 'Ann Parent' } } });
});

test('a crew member 17 on the first day (born 2009-06-16) needs a guardian on her row; 18 on the day (born 2009-06-15) does not', () => {
  const base = { ...emptyValues(form), boatName: 'Nixie', rating: '1.02', emergencyContact: 'Jo +49 40 1', answers: { 'q-shirt': 'M', 'q-dinner': '' }, accepted: { 'w-risk': true } };
  const crew = [
    { name: 'Bea', role: '', sailorId: '', dateOfBirth: '2009-06-15', guardianName: '' },
    { name: 'Tim', role: '', sailorId: '', dateOfBirth: '2009-06-16', guardianName: '' },
  ];
  const refused = enterSchema(form, false).safeParse({ ...base, crew });
  assert.deepEqual(refused.error?.issues.map((issue) => issue.path.join('.')), ['crew.1.guardianName']);
  const withGuardian = { ...base, crew: [{ ...crew[0]!, guardianName: 'Not sent' }, { ...crew[1]!, guardianName: ' Ann Teen ' }] };
  assert.equal(enterSchema(form, false).safeParse(withGuardian).success, true);
  assert.deepEqual(registerBody(form, withGuardian).crewMembers, [
    { name: 'Bea', role: null, sailorId: null, dateOfBirth: '2009-06-15' },
    { name: 'Tim', role: null, sailorId: null, dateOfBirth: '2009-06-16', guardianName: 'Ann Teen' },
  ]);
});
