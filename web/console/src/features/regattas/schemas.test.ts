import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canCancel, canDelete, copySchema, emptyRegatta, suggestCopy, toCopyRequest, nextStatuses, regattaEditSchema, regattaSchema, toCreateRequest, toFormValues, toUpdateRequest, type RegattaFormValues } from './schemas';
import { browserTimeZone, formatDays, instantToLocal, isTimeZone, zoneOf, zonedToInstant } from './dates';

const valid: RegattaFormValues = {
  ...emptyRegatta('Europe/Berlin', 'EUR'),
  name: 'Kiel Spring Cup',
  startDate: '2026-06-12',
  endDate: '2026-06-14',
  registrationOpen: '2026-03-01T09:00',
  registrationClose: '2026-06-01T18:00',
  entryFee: '125.5',
  maxParticipants: '80',
};

function messages(values: Partial<RegattaFormValues>, schema = regattaSchema): Record<string, string> {
  const result = schema.safeParse({ ...valid, ...values });
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('regatta form rules', () => {
  test('a complete regatta passes', () => {
    assert.deepEqual(messages({}), {});
  });

  test('name is required and at most 200 characters', () => {
    assert.equal(messages({ name: '   ' })['name'], 'validation.required');
    assert.equal(messages({ name: 'x'.repeat(201) })['name'], 'validation.tooLong');
    assert.deepEqual(messages({ name: 'x'.repeat(200) }), {});
  });

  test('the end may be the start day but not before it', () => {
    assert.deepEqual(messages({ endDate: '2026-06-12' }), {});
    assert.equal(messages({ endDate: '2026-06-11' })['endDate'], 'validation.endBeforeStart');
    assert.equal(messages({ startDate: '' })['startDate'], 'validation.required');
  });

  test('entries may not close before they open; either may be left empty', () => {
    assert.equal(messages({ registrationClose: '2026-03-01T08:59' })['registrationClose'], 'validation.closeBeforeOpen');
    assert.deepEqual(messages({ registrationClose: '2026-03-01T09:00' }), {});
    assert.deepEqual(messages({ registrationOpen: '', registrationClose: '' }), {});
    assert.deepEqual(messages({ registrationOpen: '' }), {});
  });

  test('money has at most 10 digits and 2 decimals', () => {
    assert.deepEqual(messages({ entryFee: '9999999999.99' }), {});
    assert.equal(messages({ entryFee: '12.345' })['entryFee'], 'validation.money');
    assert.deepEqual(messages({ entryFee: '12,50' }), {});
    assert.equal(messages({ entryFee: '1.234,50' })['entryFee'], 'validation.money');
    assert.equal(messages({ entryFee: '-5' })['entryFee'], 'validation.money');
    assert.equal(messages({ entryFee: '12345678901' })['entryFee'], 'validation.money');
  });

  test('currency is three capital letters', () => {
    assert.equal(messages({ currency: 'eur' })['currency'], 'validation.currency');
    assert.equal(messages({ currency: 'EURO' })['currency'], 'validation.currency');
  });

  test('capacity is a whole number from 1 to 100000', () => {
    assert.equal(messages({ maxParticipants: '0' })['maxParticipants'], 'validation.min');
    assert.equal(messages({ maxParticipants: '100001' })['maxParticipants'], 'validation.max');
    assert.equal(messages({ maxParticipants: '2.5' })['maxParticipants'], 'validation.number');
    assert.deepEqual(messages({ maxParticipants: '100000' }), {});
    assert.deepEqual(messages({ maxParticipants: '' }), {});
  });

  test('the time zone is an IANA name or empty', () => {
    assert.equal(messages({ timeZone: 'Mars/Olympus' })['timeZone'], 'validation.timeZone');
    assert.deepEqual(messages({ timeZone: 'america/new_york' }), {});
    assert.deepEqual(messages({ timeZone: '' }), {});
    assert.equal(isTimeZone('UTC'), true);
  });

  test('editing keeps what the API cannot clear', () => {
    const schema = regattaEditSchema(valid);
    assert.equal(messages({ registrationOpen: '' }, schema)['registrationOpen'], 'regattas:validation.cannotClear');
    assert.equal(messages({ maxParticipants: '' }, schema)['maxParticipants'], 'regattas:validation.cannotClear');
    assert.deepEqual(messages({ maxParticipants: '' }, regattaEditSchema({ ...valid, maxParticipants: '' })), {});
  });
});

describe('regatta clock', () => {
  test('a day is the regatta local midnight, with the zone offset of that day', () => {
    assert.equal(zonedToInstant('2026-06-12', 'Europe/Berlin'), '2026-06-12T00:00:00+02:00');
    assert.equal(zonedToInstant('2026-01-12', 'Europe/Berlin'), '2026-01-12T00:00:00+01:00');
    assert.equal(zonedToInstant('2026-01-12', 'America/New_York'), '2026-01-12T00:00:00-05:00');
    assert.equal(zonedToInstant('2026-01-12T18:30', 'Asia/Kolkata'), '2026-01-12T18:30:00+05:30');
    assert.equal(zonedToInstant('2026-06-12', 'UTC'), '2026-06-12T00:00:00+00:00');
  });

  test('a time the clock skips becomes the instant after the gap', () => {
    // Europe/Berlin springs from 02:00 to 03:00 on 29 March 2026.
    const instant = zonedToInstant('2026-03-29T02:30', 'Europe/Berlin');
    assert.equal(Date.parse(instant), Date.parse('2026-03-29T01:30:00Z'));
    assert.equal(instant, '2026-03-29T03:30:00+02:00');
    // 25 October 2026 02:30 happens twice in Berlin: the first (summer time) is meant.
    assert.equal(zonedToInstant('2026-10-25T02:30', 'Europe/Berlin'), '2026-10-25T02:30:00+02:00');
  });

  test('an instant reads back as the same wall clock', () => {
    assert.equal(instantToLocal('2026-06-12T00:00:00+02:00', 'Europe/Berlin'), '2026-06-12T00:00');
    assert.equal(instantToLocal('2026-06-11T22:00:00Z', 'Europe/Berlin'), '2026-06-12T00:00');
    assert.equal(instantToLocal('2026-06-11T22:00:00Z', 'UTC'), '2026-06-11T22:00');
  });

  test('the days are shown on the regatta clock, in the language', () => {
    const event = { startDate: '2026-06-11T22:00:00Z', endDate: '2026-06-13T22:00:00Z', timeZone: 'Europe/Berlin' };
    assert.equal(formatDays(event, 'de'), '12.–14.06.2026');
    assert.match(formatDays(event, 'en'), /^Jun 12\s*–\s*14, 2026$/);
    assert.equal(zoneOf({ timeZone: null }), browserTimeZone());
    assert.equal(zoneOf({ timeZone: 'Mars/Olympus' }), browserTimeZone());
  });
});

describe('request bodies', () => {
  test('create sends local midnights, the entry window on the regatta clock, and nulls for empty fields', () => {
    assert.equal(toCreateRequest({ ...valid, entryFee: '12,50' }, 'k').entryFee, '12.50');
    const body = toCreateRequest({ ...valid, venue: '  ', description: '' }, 'kiel-yacht-club');
    assert.deepEqual(body, {
      organization: 'kiel-yacht-club',
      name: 'Kiel Spring Cup',
      description: null,
      venue: null,
      timeZone: 'Europe/Berlin',
      startDate: '2026-06-12T00:00:00+02:00',
      endDate: '2026-06-14T00:00:00+02:00',
      registrationOpen: '2026-03-01T09:00:00+01:00',
      registrationClose: '2026-06-01T18:00:00+02:00',
      entryFee: '125.5',
      currency: 'EUR',
      maxParticipants: 80,
    });
  });

  test('update sends only the dates that changed, and all of them when the zone changed', () => {
    const stored = {
      id: 'e1', slug: 'kiel', name: 'Kiel Spring Cup', status: 'draft' as const, currency: 'EUR', createdAt: '', updatedAt: '',
      organization: { id: 'o1', name: 'KYC', slug: 'kyc' },
      startDate: '2026-06-12T07:00:00Z', endDate: '2026-06-14T16:00:00Z', timeZone: 'Europe/Berlin',
      registrationOpen: null, registrationClose: null, entryFee: '125.00', maxParticipants: 80, venue: 'Kiel', description: null,
    };
    const initial = toFormValues(stored);
    assert.equal(initial.startDate, '2026-06-12');
    assert.equal(initial.description, '');
    assert.equal(toUpdateRequest({ ...initial, entryFee: '99,5' }, initial).entryFee, '99.5');
    assert.deepEqual(toUpdateRequest({ ...initial, endDate: '2026-06-15' }, initial), {
      name: 'Kiel Spring Cup', description: '', venue: 'Kiel', timeZone: 'Europe/Berlin', entryFee: '125.00',
      endDate: '2026-06-15T00:00:00+02:00', maxParticipants: 80,
    });
    const moved = toUpdateRequest({ ...initial, timeZone: 'Europe/London' }, initial);
    assert.equal(moved.startDate, '2026-06-12T00:00:00+01:00');
    assert.equal(moved.endDate, '2026-06-14T00:00:00+01:00');
    assert.equal(moved.registrationOpen, undefined);
  });
});

describe('status moves', () => {
  test('as the contract lists them', () => {
    assert.deepEqual(nextStatuses('draft'), ['published']);
    assert.deepEqual(nextStatuses('published'), ['ongoing', 'draft']);
    assert.deepEqual(nextStatuses('ongoing'), ['completed']);
    assert.deepEqual(nextStatuses('completed'), []);
    assert.deepEqual(nextStatuses('cancelled'), []);
    assert.equal(canCancel('ongoing'), true);
    assert.equal(canCancel('completed'), false);
    assert.equal(canDelete('draft'), true);
    assert.equal(canDelete('published'), false);
  });
});

describe('copying a regatta', () => {
  const stored = {
    id: 'e1', slug: 'kiel-2026', name: 'Kiel Spring Cup 2026', status: 'completed' as const, currency: 'EUR', createdAt: '', updatedAt: '',
    organization: { id: 'o1', name: 'KYC', slug: 'kyc' }, startDate: '2026-06-11T22:00:00Z', endDate: '2026-06-13T22:00:00Z', timeZone: 'Europe/Berlin',
  };

  test('suggests the same venue day a year later and the next year in the name', () => {
    assert.deepEqual(suggestCopy(stored), { name: 'Kiel Spring Cup 2027', startDate: '2027-06-12', endDate: '' });
    assert.equal(suggestCopy({ ...stored, name: 'Kiel Spring Cup' }).name, '');
    assert.equal(suggestCopy({ ...stored, name: 'Kiel 20260 Cup' }).name, '');
    assert.equal(suggestCopy({ ...stored, startDate: '2028-02-29T10:00:00Z' }).startDate, '2029-02-28');
  });

  test('the last day is optional and not before the first', () => {
    const parse = (values: object) => copySchema.safeParse({ name: 'Copy', startDate: '2027-06-12', endDate: '', ...values });
    assert.equal(parse({}).success, true);
    assert.equal(parse({ endDate: '2027-06-11' }).error?.issues[0]?.message, 'validation.endBeforeStart');
    assert.equal(parse({ startDate: '' }).error?.issues[0]?.message, 'validation.required');
    assert.deepEqual(toCopyRequest({ name: ' Copy ', startDate: '2027-06-12', endDate: '' }), { name: 'Copy', startDate: '2027-06-12' });
    assert.deepEqual(toCopyRequest({ name: 'Copy', startDate: '2027-06-12', endDate: '2027-06-13' }), { name: 'Copy', startDate: '2027-06-12', endDate: '2027-06-13' });
  });
});
