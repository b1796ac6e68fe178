import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RATING_FOR_SYSTEM } from './rules';
import {
  addEntrySchema,
  boatEditSchema,
  boatEditValues,
  boatRequest,
  detailsRequest,
  EMPTY_ENTRY,
  entryDetailsSchema,
  ratingChangeSchema,
  registrationRequest,
  sailorLanguageOf,
  type AddEntryValues,
} from './schemas';

const irc = RATING_FOR_SYSTEM.irc;
const schema = addEntrySchema((fleetId) => (fleetId === 'irc-fleet' ? irc : undefined));

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  // The form shows the first message of each field (zodResolver's firstError).
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const valid: AddEntryValues = { ...EMPTY_ENTRY, fleetId: 'one-design', sailorName: 'Ann Sailor', sailorEmail: 'ann@example.org', boatName: 'Kestrel' };

describe('add-entry form', () => {
  test('needs a fleet, the sailor by name and e-mail, and a boat name', () => {
    const result = schema.safeParse({ ...EMPTY_ENTRY });
    assert.deepEqual(issues(result), {
      fleetId: 'validation.required',
      sailorName: 'validation.required',
      sailorEmail: 'validation.required',
      boatName: 'validation.required',
    });
    assert.equal(schema.safeParse(valid).success, true);
  });

  test("checks the API's limits and e-mail subset", () => {
    const result = schema.safeParse({ ...valid, sailorEmail: 'ann@localhost', boatName: 'x'.repeat(101), sailNumber: 'y'.repeat(31), model: 'z'.repeat(101) });
    assert.deepEqual(issues(result), { sailorEmail: 'validation.email', boatName: 'validation.tooLong', sailNumber: 'validation.tooLong', model: 'validation.tooLong' });
    assert.equal(schema.safeParse({ ...valid, boatName: 'x'.repeat(100), sailNumber: 'y'.repeat(30) }).success, true);
    assert.equal(issues(schema.safeParse({ ...valid, sailorEmail: 'ann.@example.org' })).sailorEmail, 'validation.email');
    assert.equal(schema.safeParse({ ...valid, sailorEmail: "o'neil+race@sub.example.org" }).success, true);
  });

  test('the rating the fleet needs, within its range; none for one-design', () => {
    const ircEntry = { ...valid, fleetId: 'irc-fleet' };
    assert.equal(issues(schema.safeParse(ircEntry)).rating, 'validation.required');
    assert.equal(issues(schema.safeParse({ ...ircEntry, rating: 'fast' })).rating, 'validation.number');
    assert.equal(issues(schema.safeParse({ ...ircEntry, rating: '0.29' })).rating, 'validation.min');
    assert.equal(issues(schema.safeParse({ ...ircEntry, rating: '3.01' })).rating, 'validation.max');
    assert.equal(schema.safeParse({ ...ircEntry, rating: '1,012' }).success, true);
    assert.equal(schema.safeParse({ ...valid, rating: 'ignored' }).success, true);
  });

  test('crew: at most 50 names of at most 200 characters', () => {
    assert.equal(issues(schema.safeParse({ ...valid, crew: Array.from({ length: 51 }, (_, i) => `Crew ${i}`).join('\n') })).crew, 'entries:validation.crewTooMany');
    assert.equal(issues(schema.safeParse({ ...valid, crew: `Ann\n${'b'.repeat(201)}` })).crew, 'entries:validation.crewNameTooLong');
    assert.equal(schema.safeParse({ ...valid, crew: Array.from({ length: 50 }, (_, i) => `Crew ${i}`).join('\n') }).success, true);
  });

  test('the registerForEvent body names the sailor, the boat with her rating, and leaves empty fields null', () => {
    const body = registrationRequest(
      { ...valid, fleetId: 'irc-fleet', sailorName: ' Ann Sailor ', sailorLanguage: 'de', sailNumber: ' GBR 7 ', rating: '1,05', crew: 'Bob\n\nCleo', emergencyContact: '  ' },
      irc,
    );
    assert.deepEqual(body, {
      fleet: 'irc-fleet',
      sailor: { name: 'Ann Sailor', email: 'ann@example.org', language: 'de' },
      boat: { name: 'Kestrel', sailNumber: 'GBR 7', model: null, ratings: { irc: 1.05 } },
      crew: ['Bob', 'Cleo'],
      emergencyContact: null,
      specialRequirements: null,
    });
    assert.equal('ratings' in registrationRequest(valid, undefined).boat, false);
    assert.deepEqual(registrationRequest(valid, undefined).sailor, { name: 'Ann Sailor', email: 'ann@example.org', language: 'en' });
    assert.equal(sailorLanguageOf('de-DE'), 'de');
    assert.equal(sailorLanguageOf('fr'), 'en');
  });
});

describe('rating change form', () => {
  const rating = ratingChangeSchema(irc);
  test('a value in the range from a race 1-10000 on', () => {
    assert.equal(rating.safeParse({ value: '1.02', fromRace: '1' }).success, true);
    assert.deepEqual(issues(rating.safeParse({ value: '', fromRace: '' })), { value: 'validation.required', fromRace: 'validation.required' });
    assert.deepEqual(issues(rating.safeParse({ value: '5', fromRace: '0' })), { value: 'validation.max', fromRace: 'validation.min' });
    assert.equal(issues(rating.safeParse({ value: '1', fromRace: '10001' })).fromRace, 'validation.max');
    assert.equal(issues(rating.safeParse({ value: '1', fromRace: '2.5' })).fromRace, 'validation.number');
  });
});

describe('crew and contacts form', () => {
  test('limits and the updateRegistration body', () => {
    assert.equal(issues(entryDetailsSchema.safeParse({ crew: '', emergencyContact: 'x'.repeat(501), specialRequirements: '' })).emergencyContact, 'validation.tooLong');
    assert.equal(issues(entryDetailsSchema.safeParse({ crew: '', emergencyContact: '', specialRequirements: 'x'.repeat(2001) })).specialRequirements, 'validation.tooLong');
    assert.deepEqual(detailsRequest({ crew: 'Ann\nBob', emergencyContact: '', specialRequirements: ' Vegan ' }), {
      crew: ['Ann', 'Bob'],
      emergencyContact: null,
      specialRequirements: 'Vegan',
    });
  });
});

describe('edit-boat form (the boat as entered in this regatta)', () => {
  test('a name is needed; the limits are the API\'s: name 100, sail number 30, model 100', () => {
    assert.deepEqual(issues(boatEditSchema.safeParse({ boatName: '  ', sailNumber: '', model: '' })), { boatName: 'validation.required' });
    const tooLong = boatEditSchema.safeParse({ boatName: 'x'.repeat(101), sailNumber: 'y'.repeat(31), model: 'z'.repeat(101) });
    assert.deepEqual(issues(tooLong), { boatName: 'validation.tooLong', sailNumber: 'validation.tooLong', model: 'validation.tooLong' });
    assert.equal(boatEditSchema.safeParse({ boatName: 'x'.repeat(100), sailNumber: 'y'.repeat(30), model: 'z'.repeat(100) }).success, true);
  });

  test('starts from the boat as entered; sends trimmed values, an emptied sail number or model as null', () => {
    const values = boatEditValues({ name: 'Kestrel', sailNumber: 'GBR 7', model: null });
    assert.deepEqual(values, { boatName: 'Kestrel', sailNumber: 'GBR 7', model: '' });
    assert.deepEqual(boatRequest({ boatName: ' Kestrel II ', sailNumber: ' GBR 8 ', model: '' }), { boat: { name: 'Kestrel II', sailNumber: 'GBR 8', model: null } });
    assert.deepEqual(boatRequest({ boatName: 'Kestrel', sailNumber: '   ', model: 'ILCA 7' }), { boat: { name: 'Kestrel', sailNumber: null, model: 'ILCA 7' } });
  });
});
