/** Series end to end through the gateway. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { createEvent, newClub, setStatus, type Club } from './helpers.js';

let club: Club;
let member: Actor;
let stranger: Actor;
let events: { id: string; slug: string }[];

before(async () => {
  club = await newClub('Chesapeake Bay Yacht Racing Association');
  member = await newActor(club.api);
  stranger = await newActor(club.api);
  const grant = await club.api.post(`/api/v1/organizations/${club.org.slug}/members`, { email: member.email, role: 'member' }, { key: club.organizer.key, contract: false });
  assert.ok([200, 201].includes(grant.status), grant.text);
  events = [];
  for (let index = 0; index < 3; index += 1) events.push(await createEvent(club, { name: `Bay Series Act ${index + 1} ${uniqueSuffix()}`, startInDays: 20 + index * 14 }));
  await setStatus(club, events[0]!.slug, 'published');
  await setStatus(club, events[1]!.slug, 'published');
  // events[2] stays a draft.
});

describe('POST /series', () => {
  test('an organization admin creates a series spanning events, in order', async () => {
    const name = `Bay Championship ${uniqueSuffix()}`;
    const response = await club.api.post(
      '/api/v1/series',
      { organization: club.org.slug, name, year: 2031, events: [events[1]!.slug, events[0]!.id, events[2]!.slug], scoringRule: 'event_places', bestOf: 2 },
      { key: club.organizer.key },
    );
    assert.equal(response.status, 201, response.text);
    const data = response.body.data;
    assert.equal(data.slug, `${name.toLowerCase().replace(/ /g, '-')}-2031`);
    assert.equal(data.year, 2031);
    assert.equal(data.scoringRule, 'event_places');
    assert.equal(data.bestOf, 2);
    assert.equal(data.eventCount, 3);
    assert.deepEqual(data.events.map((event: { id: string }) => event.id), [events[1]!.id, events[0]!.id, events[2]!.id]);
    assert.deepEqual(data.organization, { id: club.org.id, name: club.org.name, slug: club.org.slug });

    // Strangers see the published events only.
    const seen = await club.api.get(`/api/v1/series/${data.slug}`, { key: stranger.key });
    assert.equal(seen.status, 200);
    assert.equal(seen.body.data.eventCount, 2);
    assert.deepEqual(seen.body.data.events.map((event: { id: string }) => event.id), [events[1]!.id, events[0]!.id]);
  });

  test('400 for bad bodies, unknown events and bestOf rules', async () => {
    const base = { organization: club.org.slug, name: 'Bad Series', year: 2031 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, events: [] }, 'events', 'validation_failed'],
      [{ ...base, events: [`no-such-event-${uniqueSuffix()}`] }, 'events.0', 'unknown_event'],
      [{ ...base, events: [events[0]!.slug, events[0]!.id] }, 'events.1', 'unknown_event'],
      [{ ...base, events: [events[0]!.slug], scoringRule: 'best_of' }, 'scoringRule', 'validation_failed'],
      [{ ...base, events: [events[0]!.slug], scoringRule: 'sum_of_net', bestOf: 2 }, 'bestOf', 'validation_failed'],
      [{ ...base, events: [events[0]!.slug], year: 'next' }, 'year', 'validation_failed'],
      [{ ...base, events: [events[0]!.slug], scoringRule: 'average' }, 'scoringRule', 'validation_failed'],
    ];
    for (const [body, field, code] of cases) {
      const response = await club.api.post('/api/v1/series', body, { key: club.organizer.key });
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      assert.equal(response.body.code, code);
      assert.equal(response.body.errors[0].field, field);
    }
    const unknownOrg = await club.api.post('/api/v1/series', { ...base, organization: `nope-${uniqueSuffix()}`, events: [events[0]!.slug] }, { key: club.organizer.key });
    assert.equal(unknownOrg.status, 400);
    assert.equal(unknownOrg.body.code, 'unknown_organization');
  });

  test('401 without credentials, 403 for members who are not admins and for strangers', async () => {
    const body = { organization: club.org.slug, name: `Members Cup ${uniqueSuffix()}`, year: 2031, events: [events[0]!.slug] };
    assert.equal((await club.api.post('/api/v1/series', body)).status, 401);
    const asMember = await eventually(async () => {
      const response = await club.api.post('/api/v1/series', body, { key: member.key });
      return response.body.code === 'organization_admin_required' ? response : undefined;
    }, 5_000, 'the membership to reach the gateway');
    assert.equal(asMember.status, 403);
    assert.match(asMember.body.detail, new RegExp(club.org.slug));
    const asStranger = await club.api.post('/api/v1/series', body, { key: stranger.key });
    assert.equal(asStranger.status, 403);
    assert.equal(asStranger.body.code, 'organization_admin_required');
  });
});

describe('GET /series', () => {
  test('lists by year with exact pagination; 400 for bad parameters; 404 for unknown slugs', async () => {
    const year = 2100 + Math.floor(Math.random() * 90);
    const made: string[] = [];
    for (const name of ['Alpha Series', 'Bravo Series', 'Charlie Series']) {
      const response = await club.api.post('/api/v1/series', { organization: club.org.id, name: `${name} ${uniqueSuffix()}`, year, events: [events[0]!.slug] }, { key: club.organizer.key });
      assert.equal(response.status, 201, response.text);
      made.push(response.body.data.slug);
    }
    const page = await club.api.get('/api/v1/series', { key: stranger.key, query: { year, limit: 2 } });
    assert.equal(page.status, 200);
    assert.deepEqual(page.body.pagination, { limit: 2, offset: 0, hasMore: true });
    assert.deepEqual(page.body.data.map((series: { slug: string }) => series.slug), made.slice(0, 2));
    const rest = await club.api.get('/api/v1/series', { key: stranger.key, query: { year, limit: 2, offset: 2 } });
    assert.deepEqual(rest.body.pagination, { limit: 2, offset: 2, hasMore: false });
    assert.deepEqual(rest.body.data.map((series: { slug: string }) => series.slug), [made[2]]);
    assert.equal(rest.body.data[0].eventCount, 1);
    assert.equal(rest.body.data[0].startDate, (await club.api.get(`/api/v1/events/${events[0]!.slug}`, { key: stranger.key })).body.data.startDate);

    for (const query of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { year: 'soon' }]) {
      assert.equal((await club.api.get('/api/v1/series', { key: stranger.key, query })).status, 400, JSON.stringify(query));
    }
    assert.equal((await club.api.get('/api/v1/series')).status, 401);
    assert.equal((await club.api.get(`/api/v1/series/no-such-series-${uniqueSuffix()}`, { key: stranger.key })).status, 404);
    assert.equal((await club.api.get(`/api/v1/series/${made[0]}`)).status, 401);
  });
});
