import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canCancel,
  countPlaces,
  entryName,
  entryWindow,
  filterEntries,
  filterFromParams,
  filterToParams,
  matchesSearch,
  NO_FILTER,
  parseCrew,
  parseDecimal,
  paymentMoves,
  ratingSpecOf,
  showsCancelled,
  splitEntries,
  statusMoves,
  type Entry,
  type Fleet,
} from './rules';

function fleet(id: string, name: string, maxBoats: number | null = null, system: Fleet['handicap']['system'] = 'one_design'): Fleet {
  return { id, eventId: 'e', name, maxBoats, scoringSystem: 'low_point', dropRaces: 0, handicap: { system, params: {} }, penaltyBasis: 'series_entries', discardThresholds: [] } as Fleet;
}

let sequence = 0;
function entry(fields: Omit<Partial<Entry>, 'boat' | 'sailor'> & { boat?: Partial<Entry['boat']>; sailor?: Partial<Entry['sailor']> } = {}): Entry {
  sequence += 1;
  const { boat, sailor, ...rest } = fields;
  return {
    id: `r${sequence}`,
    status: 'registered',
    fleetId: 'f1',
    registrationTime: `2026-05-0${(sequence % 9) + 1}T10:00:00Z`,
    paymentStatus: 'pending',
    crew: [],
    ...rest,
    sailor: { userId: `u${sequence}`, name: `Sailor ${sequence}`, ...sailor },
    boat: { id: `b${sequence}`, name: `Boat ${sequence}`, sailNumber: null, model: null, ratings: {}, ...boat },
  } as Entry;
}

describe('entry rules', () => {
  test('organizers are offered only the status moves the API allows', () => {
    assert.deepEqual(statusMoves('registered'), ['no_show']);
    assert.deepEqual(statusMoves('waitlisted'), ['registered']);
    assert.deepEqual(statusMoves('no_show'), ['registered']);
    assert.deepEqual(statusMoves('cancelled'), []);
    assert.equal(canCancel('waitlisted'), true);
    assert.equal(canCancel('cancelled'), false);
  });

  test('payment moves: pending → paid; paid → refunded | pending; refunded is final', () => {
    assert.deepEqual(paymentMoves('pending'), ['paid']);
    assert.deepEqual(paymentMoves('paid'), ['refunded', 'pending']);
    assert.deepEqual(paymentMoves('refunded'), []);
    assert.deepEqual(paymentMoves(undefined), []);
  });

  test('the rating a fleet needs and its range', () => {
    assert.equal(ratingSpecOf(fleet('f', 'Lasers')), undefined);
    assert.deepEqual(ratingSpecOf(fleet('f', 'IRC 1', null, 'irc')), { key: 'irc', min: 0.3, max: 3 });
    assert.equal(ratingSpecOf(fleet('f', 'PHRF', null, 'phrf_tot'))?.key, 'phrf');
    assert.equal(ratingSpecOf(undefined), undefined);
  });

  test('decimals typed in English or German; crew one per line', () => {
    assert.equal(parseDecimal('1.05'), 1.05);
    assert.equal(parseDecimal(' 1,05 '), 1.05);
    assert.equal(parseDecimal('-12'), -12);
    assert.equal(parseDecimal('1.0.5'), undefined);
    assert.equal(parseDecimal('abc'), undefined);
    assert.equal(parseDecimal(''), undefined);
    assert.deepEqual(parseCrew(' Ann \n\n Bob\r\nCleo  '), ['Ann', 'Bob', 'Cleo']);
  });

  test('search finds by sail number however it is spaced, boat, skipper and crew, ignoring case and accents', () => {
    const kestrel = entry({ boat: { name: 'Kestrel', sailNumber: 'GBR 1234', model: 'J/70' }, sailor: { name: 'Zoë Brontë' }, crew: ['Ivo Ng'] });
    assert.equal(matchesSearch(kestrel, 'gbr1234'), true);
    assert.equal(matchesSearch(kestrel, 'GBR-1234'), true);
    assert.equal(matchesSearch(kestrel, '1234'), true);
    assert.equal(matchesSearch(kestrel, 'kestrel'), true);
    assert.equal(matchesSearch(kestrel, 'zoe'), true);
    assert.equal(matchesSearch(kestrel, 'bronte kestrel'), true);
    assert.equal(matchesSearch(kestrel, 'ivo'), true);
    assert.equal(matchesSearch(kestrel, 'j70'), true);
    assert.equal(matchesSearch(kestrel, '4321'), false);
    assert.equal(matchesSearch(kestrel, 'kestrel osprey'), false);
    assert.equal(matchesSearch(kestrel, '   '), true);
  });

  test('filters by fleet, status and payment together with the search', () => {
    const a = entry({ fleetId: 'f1', paymentStatus: 'paid', boat: { name: 'Alpha' } });
    const b = entry({ fleetId: 'f2', status: 'waitlisted', boat: { name: 'Bravo' } });
    const c = entry({ fleetId: 'f1', status: 'no_show', boat: { name: 'Charlie' } });
    const all = [a, b, c];
    assert.deepEqual(filterEntries(all, NO_FILTER), all);
    assert.deepEqual(filterEntries(all, { ...NO_FILTER, fleet: 'f1' }), [a, c]);
    assert.deepEqual(filterEntries(all, { ...NO_FILTER, status: 'waitlisted' }), [b]);
    assert.deepEqual(filterEntries(all, { ...NO_FILTER, payment: 'pending' }), [b, c]);
    assert.deepEqual(filterEntries(all, { ...NO_FILTER, fleet: 'f1', payment: 'pending', q: 'char' }), [c]);
  });

  test('the filter is read from the URL and written back, unknown values ignored', () => {
    const filter = filterFromParams(new URLSearchParams('q=GBR 1&fleet=f1&status=waitlisted&payment=paid&cancelled=1'));
    assert.deepEqual(filter, { q: 'GBR 1', fleet: 'f1', status: 'waitlisted', payment: 'paid', cancelled: true });
    assert.equal(filterToParams(filter).toString(), 'q=GBR+1&fleet=f1&status=waitlisted&payment=paid&cancelled=1');
    assert.deepEqual(filterFromParams(new URLSearchParams('status=gone&payment=free&cancelled=yes')), NO_FILTER);
    assert.equal(filterToParams(NO_FILTER).toString(), '');
  });

  test('cancelled entries are shown when asked for or picked by the status filter', () => {
    assert.equal(showsCancelled(NO_FILTER), false);
    assert.equal(showsCancelled({ ...NO_FILTER, cancelled: true }), true);
    assert.equal(showsCancelled({ ...NO_FILTER, status: 'cancelled' }), true);
  });

  test('places: only registered entries take one; per fleet and in the regatta', () => {
    const fleets = [fleet('f1', 'IRC', 3), fleet('f2', 'Lasers')];
    const entries = [
      entry({ fleetId: 'f1' }),
      entry({ fleetId: 'f1' }),
      entry({ fleetId: 'f1', status: 'no_show' }),
      entry({ fleetId: 'f2' }),
      entry({ fleetId: 'f2', status: 'waitlisted', waitlistPosition: 1 }),
    ];
    const places = countPlaces(fleets, entries, 5);
    assert.equal(places.registered, 3);
    assert.equal(places.waitlisted, 1);
    assert.equal(places.free, 2);
    assert.deepEqual(
      places.fleets.map((row) => [row.fleet.name, row.registered, row.noShow, row.waitlisted, row.maxBoats]),
      [
        ['IRC', 2, 1, 0, 3],
        ['Lasers', 1, 0, 1, null],
      ],
    );
    assert.equal(countPlaces(fleets, entries, null).free, null);
    assert.equal(countPlaces(fleets, [...entries, entry(), entry(), entry()], 5).free, 0);
  });

  test('the waitlist apart in its order, entered boats in registration order', () => {
    const first = entry({ boat: { name: 'First' } });
    const second = entry({ status: 'waitlisted', waitlistPosition: 2, boat: { name: 'Second waiting' } });
    const third = entry({ status: 'no_show', boat: { name: 'No-show' } });
    const fourth = entry({ status: 'waitlisted', waitlistPosition: 1, boat: { name: 'First waiting' } });
    const { entered, waitlist } = splitEntries([first, second, third, fourth]);
    assert.deepEqual(entered.map((e) => e.boat.name), ['First', 'No-show']);
    assert.deepEqual(waitlist.map((e) => e.boat.name), ['First waiting', 'Second waiting']);
  });

  test('an entry is named by boat and sail number', () => {
    assert.equal(entryName(entry({ boat: { name: 'Kestrel', sailNumber: 'GBR 1' } })), 'Kestrel (GBR 1)');
    assert.equal(entryName(entry({ boat: { name: 'Kestrel', sailNumber: null } })), 'Kestrel');
  });

  test('the entry window: published, between registrationOpen and registrationClose', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    assert.deepEqual(entryWindow({ status: 'draft' }, now), { state: 'notPublished', status: 'draft' });
    assert.deepEqual(entryWindow({ status: 'published', registrationOpen: '2026-06-11T00:00:00Z' }, now), { state: 'notYet', opens: '2026-06-11T00:00:00Z' });
    assert.deepEqual(entryWindow({ status: 'published', registrationClose: '2026-06-10T11:59:59Z' }, now), { state: 'closed', closed: '2026-06-10T11:59:59Z' });
    assert.deepEqual(entryWindow({ status: 'published', registrationOpen: '2026-06-01T00:00:00Z', registrationClose: '2026-06-20T00:00:00Z' }, now), {
      state: 'open',
      closes: '2026-06-20T00:00:00Z',
    });
    assert.deepEqual(entryWindow({ status: 'published', registrationClose: null }, now), { state: 'open', closes: null });
  });
});
