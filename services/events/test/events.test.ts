/**
 * Events, fleets, races and documents end to end through the gateway. Every response is checked
 * against the OpenAPI document by the ApiClient.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kafka, logLevel } from 'kafkajs';
import { decodeFact } from '@regatta/contracts';
import { newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { DAY, createEvent, newClub, setStatus, type Club } from './helpers.js';

let club: Club;
let stranger: Actor;
let reader: Actor;

before(async () => {
  club = await newClub('Severn Sailing Association');
  stranger = await newActor(club.api);
  reader = await newActor(club.api, ['read']);
});

describe('POST /events', () => {
  test('creates a draft with a unique slug, usable by the very next request', async () => {
    const name = `Annapolis Race Week ${uniqueSuffix()}`;
    const first = await createEvent(club, { name, extra: { entryFee: '125', maxParticipants: 80, settings: { flag: 'blue' } } });
    assert.equal(first.status, 'draft');
    const year = new Date(first.startDate).getUTCFullYear();
    assert.equal(first.slug, `${name.toLowerCase().replace(/ /g, '-')}-${year}`);
    const second = await createEvent(club, { name });
    assert.equal(second.slug, `${first.slug}-2`);

    const detail = await club.api.get(`/api/v1/events/${first.slug}`, { key: club.organizer.key });
    assert.equal(detail.status, 200);
    assert.equal(detail.body.data.entryFee, '125.00');
    assert.equal(detail.body.data.currency, 'USD');
    assert.equal(detail.body.data.maxParticipants, 80);
    assert.deepEqual(detail.body.data.settings, { flag: 'blue' });
    assert.deepEqual(detail.body.data.organization, { id: club.org.id, name: club.org.name, slug: club.org.slug });
  });

  test('401 without credentials, 403 without write scope or membership', async () => {
    const body = { organization: club.org.slug, name: 'X', startDate: '2030-06-01T10:00:00Z', endDate: '2030-06-02T10:00:00Z' };
    assert.equal((await club.api.post('/api/v1/events', body)).status, 401);
    const readOnly = await club.api.post('/api/v1/events', body, { key: reader.key });
    assert.equal(readOnly.status, 403);
    const foreign = await club.api.post('/api/v1/events', body, { key: stranger.key });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.code, 'not_a_member');
    assert.match(foreign.body.detail, new RegExp(club.org.slug));
  });

  test('400 for bad input, unknown organization and inconsistent dates; 409 for a taken slug', async () => {
    const missing = await club.api.post('/api/v1/events', { organization: club.org.slug }, { key: club.organizer.key });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body.errors.map((e: { field: string }) => e.field).sort(), ['endDate', 'name', 'startDate']);
    const unknown = await club.api.post(
      '/api/v1/events',
      { organization: `no-such-club-${uniqueSuffix()}`, name: 'X', startDate: '2030-06-01T10:00:00Z', endDate: '2030-06-02T10:00:00Z' },
      { key: club.organizer.key },
    );
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'unknown_organization');
    const backwards = await club.api.post(
      '/api/v1/events',
      {
        organization: club.org.id,
        name: 'Backwards',
        startDate: '2030-06-02T10:00:00Z',
        endDate: '2030-06-01T10:00:00Z',
        registrationOpen: '2030-05-10T00:00:00Z',
        registrationClose: '2030-05-01T00:00:00Z',
      },
      { key: club.organizer.key },
    );
    assert.equal(backwards.status, 400);
    assert.deepEqual(backwards.body.errors.map((e: { field: string }) => e.field), ['endDate', 'registrationClose']);
    const slug = `fixed-${uniqueSuffix()}`;
    await createEvent(club, { extra: { slug } });
    const taken = await club.api.post(
      '/api/v1/events',
      { organization: club.org.slug, name: 'Other', slug, startDate: '2030-06-01T10:00:00Z', endDate: '2030-06-02T10:00:00Z' },
      { key: club.organizer.key },
    );
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'slug_taken');
  });
});

describe('GET /events/{slug} and drafts', () => {
  test('a draft is visible to members only; unknown slugs are 404', async () => {
    const event = await createEvent(club);
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}`, { key: stranger.key })).status, 404);
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}`, { key: club.organizer.key })).status, 200);
    assert.equal((await club.api.get(`/api/v1/events/no-such-event-${uniqueSuffix()}`, { key: club.organizer.key })).status, 404);
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}`)).status, 401);
    await setStatus(club, event.slug, 'published');
    assert.equal((await club.api.get(`/api/v1/events/${event.slug}`, { key: stranger.key })).status, 200);
  });

  test('include: every part, and 400 for unknown names', async () => {
    const event = await createEvent(club);
    const fleet = await club.api.post(
      `/api/v1/events/${event.slug}/fleets`,
      { name: 'PHRF A', handicap: { system: 'phrf_tot' }, maxBoats: 20, dropRaces: 1 },
      { key: club.organizer.key },
    );
    assert.equal(fleet.status, 201, fleet.text);
    const race = await club.api.post(
      `/api/v1/events/${event.slug}/races`,
      { fleetId: 'phrf a', scheduledStart: new Date(Date.now() + 31 * DAY).toISOString(), courseDescription: 'W/L x2' },
      { key: club.organizer.key },
    );
    assert.equal(race.status, 201, race.text);
    const doc = await club.api.post(
      `/api/v1/events/${event.slug}/documents`,
      { kind: 'nor', title: 'Notice of Race', url: 'https://example.org/nor.pdf' },
      { key: club.organizer.key },
    );
    assert.equal(doc.status, 201, doc.text);

    const full = await club.api.get(`/api/v1/events/${event.slug}`, {
      key: club.organizer.key,
      query: { include: 'fleets,races,documents,registrations,results' },
    });
    assert.equal(full.status, 200);
    assert.equal(full.body.data.fleets.length, 1);
    assert.deepEqual(full.body.data.fleets[0].handicap, { system: 'phrf_tot', params: { a: 650, b: 550 } });
    assert.equal(full.body.data.races[0].raceNumber, 1);
    assert.equal(full.body.data.races[0].name, 'Race 1');
    assert.equal(full.body.data.races[0].status, 'scheduled');
    assert.equal(full.body.data.documents[0].kind, 'nor');
    assert.deepEqual(full.body.data.registrations, []);
    assert.deepEqual(full.body.data.results, []);

    const plain = await club.api.get(`/api/v1/events/${event.slug}`, { key: club.organizer.key });
    assert.equal(plain.body.data.fleets, undefined);

    const bad = await club.api.get(`/api/v1/events/${event.slug}`, { key: club.organizer.key, query: { include: 'fleets,boats' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].field, 'query.include');
    assert.match(bad.body.errors[0].message, /boats/);
  });
});

describe('PUT /events/{slug}', () => {
  test('status moves are limited, and a refused move says which are allowed', async () => {
    const event = await createEvent(club);
    const skip = await club.api.put(`/api/v1/events/${event.slug}`, { status: 'completed' }, { key: club.organizer.key });
    assert.equal(skip.status, 400);
    assert.equal(skip.body.code, 'invalid_status_transition');
    assert.match(skip.body.detail, /published, cancelled/);
    assert.deepEqual(skip.body.allowedStatuses, ['published', 'cancelled']);

    const published = await club.api.put(`/api/v1/events/${event.slug}`, { status: 'published', name: 'Renamed Regatta' }, { key: club.organizer.key });
    assert.equal(published.status, 200);
    assert.equal(published.body.data.status, 'published');
    assert.equal(published.body.data.name, 'Renamed Regatta');
    assert.equal(published.body.data.slug, event.slug);
    await setStatus(club, event.slug, 'ongoing', 'completed');
    const reopen = await club.api.put(`/api/v1/events/${event.slug}`, { status: 'cancelled' }, { key: club.organizer.key });
    assert.equal(reopen.status, 400);
    assert.match(reopen.body.detail, /completed event cannot change status/);
  });

  test('every constraint of the contract is checked', async () => {
    const event = await createEvent(club);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ maxParticipants: 0 }, 'maxParticipants'],
      [{ maxParticipants: 2.5 }, 'maxParticipants'],
      [{ status: 'archived' }, 'status'],
      [{ startDate: 'tomorrow' }, 'startDate'],
      [{ endDate: new Date(Date.parse(event.startDate) - DAY).toISOString() }, 'endDate'],
      [{ registrationOpen: '2030-05-10T00:00:00Z', registrationClose: '2030-05-01T00:00:00Z' }, 'registrationClose'],
      [{ slug: 'new-slug' }, 'slug'],
    ];
    for (const [body, field] of cases) {
      const response = await club.api.put(`/api/v1/events/${event.slug}`, body, { key: club.organizer.key });
      assert.equal(response.status, 400, `${JSON.stringify(body)} -> ${response.status}`);
      assert.ok(
        response.body.errors.some((error: { field: string }) => error.field === field),
        `${JSON.stringify(body)} should name ${field}: ${JSON.stringify(response.body.errors)}`,
      );
    }
    const ok = await club.api.put(
      `/api/v1/events/${event.slug}`,
      { maxParticipants: 1, entryFee: '80.5', nor: null, venue: 'Spa Creek', registrationOpen: new Date().toISOString() },
      { key: club.organizer.key },
    );
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.data.maxParticipants, 1);
    assert.equal(ok.body.data.entryFee, '80.50');
    assert.equal(ok.body.data.venue, 'Spa Creek');
  });

  test('401, 403 for non-members and read-only keys, 404 for unknown events', async () => {
    const event = await createEvent(club);
    await setStatus(club, event.slug, 'published');
    assert.equal((await club.api.put(`/api/v1/events/${event.slug}`, { name: 'X' })).status, 401);
    const foreign = await club.api.put(`/api/v1/events/${event.slug}`, { name: 'X' }, { key: stranger.key });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.code, 'not_a_member');
    assert.equal((await club.api.put(`/api/v1/events/${event.slug}`, { name: 'X' }, { key: reader.key })).status, 403);
    assert.equal((await club.api.put(`/api/v1/events/nope-${uniqueSuffix()}`, { name: 'X' }, { key: club.organizer.key })).status, 404);
  });
});

describe('GET /events', () => {
  test('filters, public statuses only, exact hasMore', async () => {
    const local = await newClub('Filter Yacht Club');
    const tag = uniqueSuffix();
    const base = Date.UTC(2031, 5, 1, 10);
    const made: { slug: string }[] = [];
    for (let index = 0; index < 5; index += 1) {
      const start = new Date(base + index * 7 * DAY).toISOString();
      const response = await local.api.post(
        '/api/v1/events',
        {
          organization: local.org.slug,
          name: `Series ${tag} Day ${index + 1}`,
          venue: index === 2 ? `Harbour ${tag}` : 'Bay',
          startDate: start,
          endDate: new Date(base + index * 7 * DAY + DAY).toISOString(),
        },
        { key: local.organizer.key },
      );
      assert.equal(response.status, 201);
      made.push(response.body.data);
    }
    // 0: draft, 1: published, 2: ongoing, 3: completed, 4: cancelled
    await setStatus(local, made[1]!.slug, 'published');
    await setStatus(local, made[2]!.slug, 'published', 'ongoing');
    await setStatus(local, made[3]!.slug, 'published', 'ongoing', 'completed');
    await setStatus(local, made[4]!.slug, 'cancelled');

    const all = await local.api.get('/api/v1/events', { key: reader.key, query: { org: local.org.slug } });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.data.map((e: { slug: string }) => e.slug), [made[1]!.slug, made[2]!.slug, made[3]!.slug]);
    assert.deepEqual(all.body.pagination, { limit: 20, offset: 0, hasMore: false });
    assert.deepEqual(all.body.data[0].organization, { id: local.org.id, name: local.org.name, slug: local.org.slug });

    const page1 = await local.api.get('/api/v1/events', { key: reader.key, query: { org: local.org.slug, limit: 2 } });
    assert.deepEqual(page1.body.pagination, { limit: 2, offset: 0, hasMore: true });
    const page2 = await local.api.get('/api/v1/events', { key: reader.key, query: { org: local.org.slug, limit: 2, offset: 2 } });
    assert.deepEqual(page2.body.pagination, { limit: 2, offset: 2, hasMore: false });
    assert.equal(page2.body.data.length, 1);
    const exact = await local.api.get('/api/v1/events', { key: reader.key, query: { org: local.org.slug, limit: 3 } });
    assert.equal(exact.body.pagination.hasMore, false);

    const ongoing = await local.api.get('/api/v1/events', { key: reader.key, query: { org: local.org.slug, status: 'ongoing' } });
    assert.deepEqual(ongoing.body.data.map((e: { slug: string }) => e.slug), [made[2]!.slug]);
    const text = await local.api.get('/api/v1/events', { key: reader.key, query: { q: `harbour ${tag}` } });
    assert.deepEqual(text.body.data.map((e: { slug: string }) => e.slug), [made[2]!.slug]);
    const window = await local.api.get('/api/v1/events', {
      key: reader.key,
      query: { org: local.org.slug, after: new Date(base + 7 * DAY).toISOString().slice(0, 10), before: new Date(base + 20 * DAY).toISOString().slice(0, 10) },
    });
    assert.deepEqual(window.body.data.map((e: { slug: string }) => e.slug), [made[1]!.slug, made[2]!.slug]);
  });

  test('400 for bad parameters, 401 without credentials', async () => {
    for (const [query, field] of [
      [{ status: 'draft' }, 'query.status'],
      [{ status: 'cancelled' }, 'query.status'],
      [{ limit: 0 }, 'query.limit'],
      [{ limit: 101 }, 'query.limit'],
      [{ limit: 'ten' }, 'query.limit'],
      [{ offset: -1 }, 'query.offset'],
      [{ after: '2025-13-01' }, 'query.after'],
      [{ before: 'yesterday' }, 'query.before'],
    ] as const) {
      const response = await club.api.get('/api/v1/events', { key: reader.key, query: query as Record<string, string | number> });
      assert.equal(response.status, 400, JSON.stringify(query));
      assert.equal(response.body.errors[0].field, field);
    }
    assert.equal((await club.api.get('/api/v1/events')).status, 401);
  });
});

describe('fleets, races, documents', () => {
  test('fleet set-up carries what scoring needs; bad set-ups are 400, duplicates 409', async () => {
    const event = await createEvent(club);
    const created = await club.api.post(
      `/api/v1/events/${event.slug}/fleets`,
      {
        name: 'IRC 1',
        scoringSystem: 'low_point',
        dropRaces: 1,
        handicap: { system: 'irc' },
        penaltyBasis: 'starting_area',
        discardThresholds: [4, 8],
        maxBoats: 12,
      },
      { key: club.organizer.key },
    );
    assert.equal(created.status, 201);
    assert.deepEqual(
      { ...created.body.data, id: undefined, createdAt: undefined },
      {
        id: undefined,
        createdAt: undefined,
        eventId: event.id,
        classId: null,
        name: 'IRC 1',
        description: null,
        maxBoats: 12,
        scoringSystem: 'low_point',
        dropRaces: 1,
        handicap: { system: 'irc', params: {} },
        penaltyBasis: 'starting_area',
        discardThresholds: [4, 8],
        // Engine options: null when the fleet does not use them.
        finishersPlus: null,
        proportionalDiscards: null,
        redress: null,
      },
    );
    const tot = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'PHRF ToT', handicap: { system: 'phrf_tot', params: { a: 600 } } }, { key: club.organizer.key });
    assert.deepEqual(tot.body.data.handicap, { system: 'phrf_tot', params: { a: 600, b: 550 } });
    assert.equal(tot.body.data.penaltyBasis, 'series_entries');

    const badParam = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'Bad', handicap: { system: 'irc', params: { a: 1 } } }, { key: club.organizer.key });
    assert.equal(badParam.status, 400);
    assert.equal(badParam.body.errors[0].field, 'handicap.params.a');
    const badSystem = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'Bad', handicap: { system: 'mumble' }, scoringSystem: 'golf' }, { key: club.organizer.key });
    assert.equal(badSystem.status, 400);
    assert.deepEqual(badSystem.body.errors.map((e: { field: string }) => e.field).sort(), ['handicap.system', 'scoringSystem']);
    const dup = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'irc 1' }, { key: club.organizer.key });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'duplicate_fleet_name');
    // A draft is invisible to strangers (404); once published, writing is forbidden (403).
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'X' }, { key: stranger.key })).status, 404);
    await setStatus(club, event.slug, 'published');
    const forbidden = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'X' }, { key: stranger.key });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.code, 'not_a_member');
    assert.equal((await club.api.post(`/api/v1/events/nope-${uniqueSuffix()}/fleets`, { name: 'X' }, { key: club.organizer.key })).status, 404);
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'X' })).status, 401);
  });

  test('races: numbers unique per fleet, distance for time-on-distance fleets', async () => {
    const event = await createEvent(club);
    const tod = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'PHRF ToD', handicap: { system: 'phrf_tod' } }, { key: club.organizer.key });
    const od = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'Lasers' }, { key: club.organizer.key });
    const race = await club.api.post(
      `/api/v1/events/${event.slug}/races`,
      { fleetId: tod.body.data.id, raceNumber: 3, name: 'Around the island', courseDistanceNm: 12.4, weight: 2, mustCount: true },
      { key: club.organizer.key },
    );
    assert.equal(race.status, 201, race.text);
    assert.equal(race.body.data.courseDistanceNm, 12.4);
    assert.equal(race.body.data.weight, 2);
    assert.equal(race.body.data.mustCount, true);
    const next = await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: tod.body.data.id, courseDistanceNm: 5 }, { key: club.organizer.key });
    assert.equal(next.body.data.raceNumber, 4);
    const dup = await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: tod.body.data.id, raceNumber: 3, courseDistanceNm: 5 }, { key: club.organizer.key });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.code, 'duplicate_race_number');
    const otherFleet = await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: od.body.data.id, raceNumber: 3 }, { key: club.organizer.key });
    assert.equal(otherFleet.status, 201);
    const noDistance = await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: tod.body.data.id }, { key: club.organizer.key });
    assert.equal(noDistance.status, 400);
    assert.equal(noDistance.body.code, 'missing_course_distance');
    const unknownFleet = await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: 'Optimists' }, { key: club.organizer.key });
    assert.equal(unknownFleet.status, 400);
    assert.equal(unknownFleet.body.code, 'unknown_fleet');
    const badNumber = await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: od.body.data.id, raceNumber: 0 }, { key: club.organizer.key });
    assert.equal(badNumber.status, 400);
    await setStatus(club, event.slug, 'published');
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: od.body.data.id }, { key: stranger.key })).status, 403);
    assert.equal((await club.api.post(`/api/v1/events/nope-${uniqueSuffix()}/races`, { fleetId: 'x' }, { key: club.organizer.key })).status, 404);
  });

  test('documents need a kind, a title and a url or body', async () => {
    const event = await createEvent(club);
    const si = await club.api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'si', title: 'Sailing Instructions', body: '1. Rules ...' }, { key: club.organizer.key });
    assert.equal(si.status, 201);
    assert.equal(si.body.data.url, null);
    const empty = await club.api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'notice', title: 'Empty' }, { key: club.organizer.key });
    assert.equal(empty.status, 400);
    const badKind = await club.api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'menu', title: 'Dinner', body: 'x' }, { key: club.organizer.key });
    assert.equal(badKind.status, 400);
    assert.equal(badKind.body.errors[0].field, 'kind');
    await setStatus(club, event.slug, 'published');
    assert.equal((await club.api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'si', title: 'x', body: 'x' }, { key: stranger.key })).status, 403);
    assert.equal((await club.api.post(`/api/v1/events/nope-${uniqueSuffix()}/documents`, { kind: 'si', title: 'x', body: 'x' }, { key: club.organizer.key })).status, 404);
  });
});

describe('embed tokens', () => {
  test('read only their organization’s non-draft events', async () => {
    const published = await createEvent(club);
    await setStatus(club, published.slug, 'published');
    const draft = await createEvent(club);
    const other = await newClub('Other Club');
    const foreign = await createEvent(other);
    await setStatus(other, foreign.slug, 'published');
    const token = await club.api.post(
      '/api/v1/embed-tokens',
      { organizationId: club.org.id, name: 'Widget', allowedOrigins: ['https://club.example.org'] },
      { cookie: club.organizer.cookie },
    );
    assert.equal(token.status, 201, token.text);
    const headers = { 'x-embed-token': token.body.data.token as string };
    assert.equal((await club.api.get(`/api/v1/events/${published.slug}`, { headers })).status, 200);
    assert.equal((await club.api.get(`/api/v1/events/${draft.slug}`, { headers })).status, 404);
    assert.equal((await club.api.get(`/api/v1/events/${foreign.slug}`, { headers })).status, 404);
    const list = await club.api.get('/api/v1/events', { headers, query: { limit: 100 } });
    assert.equal(list.status, 200);
    assert.ok(list.body.data.length > 0);
    assert.ok(list.body.data.every((event: { organization: { id: string } }) => event.organization.id === club.org.id));
    assert.equal((await club.api.put(`/api/v1/events/${published.slug}`, { name: 'X' }, { headers })).status, 403);
  });
});

describe('facts', () => {
  test('event.created, event.updated, fleet.created and race.scheduled are published keyed by the event id', async () => {
    const prefix = process.env['E2E_TOPIC_PREFIX'];
    assert.ok(prefix, 'E2E_TOPIC_PREFIX is set by the stack');
    const event = await createEvent(club);
    const fleet = await club.api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'Solings' }, { key: club.organizer.key });
    await club.api.post(`/api/v1/events/${event.slug}/races`, { fleetId: fleet.body.data.id, courseDistanceNm: 3.2 }, { key: club.organizer.key });
    await setStatus(club, event.slug, 'published');

    const kafka = new Kafka({ clientId: 'events-e2e', brokers: (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:59092').split(','), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `events-e2e-${uniqueSuffix()}` });
    await consumer.connect();
    await consumer.subscribe({ topic: `${prefix}events.v1`, fromBeginning: true });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const seen: { type: string; key: string | undefined; payload: any }[] = [];
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          const fact = decodeFact(message.value!);
          if (fact.eventId !== event.id) return;
          seen.push({ type: fact.type, key: message.key?.toString(), payload: fact.payload.value });
          if (seen.length >= 4) resolve();
        },
      });
    });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await consumer.disconnect();
    assert.deepEqual(seen.map((fact) => fact.type), ['event.created', 'fleet.created', 'race.scheduled', 'event.updated']);
    assert.ok(seen.every((fact) => fact.key === event.id));
    const updated = seen[3]!.payload;
    assert.equal(updated.previousStatus, 'draft');
    assert.deepEqual(updated.changedFields, ['status']);
    assert.equal(updated.event.status, 'published');
    assert.equal(updated.event.organization.slug, club.org.slug);
    assert.equal(seen[2]!.payload.race.courseDistanceNm, 3.2);
  });
});
