/**
 * GET /organizations/{slug}/events end to end through the gateway: every regatta of an organization
 * (drafts and cancelled ones too) for its members, filtered by status, text and upcoming/past, in the
 * documented order, paged, conditional (ETag/304); 404 for an unknown organization, 403 for others.
 * The public calendar (GET /events) still lists published, ongoing and completed regattas only.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { DAY, newClub, ok, setStatus, type Club } from './helpers.js';

let club: Club;
let stranger: Actor;
let memberReader: Actor;
const word = `Marblehead${uniqueSuffix()}`;
const slugs: Record<string, string> = {};

/** 00:00 UTC today, and days from it. */
const today = Math.floor(Date.now() / DAY) * DAY;
const at = (days: number) => new Date(today + days * DAY + 12 * 3_600_000).toISOString();

async function regatta(name: string, start: string, end: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = { organization: club.org.slug, name: `${name} ${uniqueSuffix()}`, startDate: start, endDate: end, venue: 'Severn River', ...extra };
  const created = await ok(club.api.post('/api/v1/events', body, { key: club.organizer.key }), 201);
  return created.data.slug;
}

before(async () => {
  club = await newClub('Organization Events Yacht Club');
  stranger = await newActor(club.api);
  memberReader = await newActor(club.api, ['read']);
  await ok(club.api.post(`/api/v1/organizations/${club.org.slug}/members`, { email: memberReader.email, role: 'member' }, { key: club.organizer.key }), 201);

  // Start days from today (UTC): a draft in a month, a published one in ten days, one under way
  // since yesterday, a draft that ended one second into today (still upcoming), one completed and one
  // cancelled in the past.
  slugs.draft = await regatta('Autumn Draft', at(30), at(32), { timeZone: 'America/New_York' });
  slugs.published = await regatta('Harbor Cup', at(10), at(11));
  slugs.ongoing = await regatta('Midweek Series', at(-1), at(1));
  slugs.endedToday = await regatta('Night Race', at(-2), new Date(today + 1000).toISOString(), { venue: `${word} Neck` });
  slugs.completed = await regatta('Spring Cup', at(-20), at(-18));
  slugs.cancelled = await regatta('Winter Frostbite', at(-40), at(-39), { description: `Called off: ice at ${word.toUpperCase()}.` });
  await setStatus(club, slugs.published, 'published');
  await setStatus(club, slugs.ongoing, 'published', 'ongoing');
  await setStatus(club, slugs.completed, 'published', 'ongoing', 'completed');
  await setStatus(club, slugs.cancelled, 'cancelled');
});

const list = (query: Record<string, string | number> = {}, as: { key?: string; cookie?: string } = { key: club.organizer.key }) =>
  club.api.get(`/api/v1/organizations/${club.org.slug}/events`, { ...as, query });
const slugsOf = (body: { data: { slug: string }[] }) => body.data.map((event) => event.slug);

describe('GET /organizations/{slug}/events', () => {
  test('every status, latest start first; each item an EventSummary with its time zone', async () => {
    const body = await ok(list({ limit: 100 }));
    assert.deepEqual(slugsOf(body), [slugs.draft, slugs.published, slugs.ongoing, slugs.endedToday, slugs.completed, slugs.cancelled]);
    assert.deepEqual(body.data.map((event: { status: string }) => event.status), ['draft', 'published', 'ongoing', 'draft', 'completed', 'cancelled']);
    assert.equal(body.data[0].timeZone, 'America/New_York');
    assert.equal(body.data[1].timeZone, null);
    assert.deepEqual(body.data[0].organization, { id: club.org.id, name: club.org.name, slug: club.org.slug });
    assert.deepEqual(body.pagination, { limit: 100, offset: 0, hasMore: false });
  });

  test('when=upcoming: ending today or later, soonest first; when=past: ended before today, most recent first', async () => {
    assert.deepEqual(slugsOf(await ok(list({ when: 'upcoming' }))), [slugs.endedToday, slugs.ongoing, slugs.published, slugs.draft]);
    assert.deepEqual(slugsOf(await ok(list({ when: 'past' }))), [slugs.completed, slugs.cancelled]);
  });

  test('status, q (name, venue, description; any case) and the filters together', async () => {
    assert.deepEqual(slugsOf(await ok(list({ status: 'draft' }))), [slugs.draft, slugs.endedToday]);
    assert.deepEqual(slugsOf(await ok(list({ status: 'cancelled' }))), [slugs.cancelled]);
    assert.deepEqual(slugsOf(await ok(list({ q: word.toLowerCase() }))), [slugs.endedToday, slugs.cancelled]);
    assert.deepEqual(slugsOf(await ok(list({ q: 'harbor CUP' }))), [slugs.published]);
    assert.deepEqual(slugsOf(await ok(list({ q: word, when: 'past' }))), [slugs.cancelled]);
    assert.deepEqual(slugsOf(await ok(list({ status: 'draft', when: 'upcoming' }))), [slugs.endedToday, slugs.draft]);
    assert.deepEqual(slugsOf(await ok(list({ q: `nothing-${uniqueSuffix()}` }))), []);
  });

  test('limit and offset page exactly, as GET /events does', async () => {
    const first = await ok(list({ limit: 2 }));
    assert.deepEqual(slugsOf(first), [slugs.draft, slugs.published]);
    assert.deepEqual(first.pagination, { limit: 2, offset: 0, hasMore: true });
    const last = await ok(list({ limit: 2, offset: 4 }));
    assert.deepEqual(slugsOf(last), [slugs.completed, slugs.cancelled]);
    assert.deepEqual(last.pagination, { limit: 2, offset: 4, hasMore: false });
  });

  test('a member with a read-only key and a session read it; the public calendar still hides drafts and cancelled regattas', async () => {
    const asMember = await eventually(async () => {
      const response = await list({ limit: 100 }, { key: memberReader.key });
      return response.status === 200 ? response.body : undefined;
    }, 5_000, 'the membership to reach the gateway');
    assert.equal(asMember.data.length, 6);
    assert.equal((await ok(list({ limit: 100 }, { cookie: club.organizer.cookie }))).data.length, 6);
    const calendar = await ok(club.api.get('/api/v1/events', { key: club.organizer.key, query: { org: club.org.slug, limit: 100 } }));
    assert.deepEqual(slugsOf(calendar).sort(), [slugs.published, slugs.ongoing, slugs.completed].sort());
  });

  test('ETag and 304 while nothing changed, a new body once a regatta changed', async () => {
    const first = await list({ limit: 100 });
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[A-Za-z0-9_-]+"$/);
    const again = await club.api.get(`/api/v1/organizations/${club.org.slug}/events`, { key: club.organizer.key, query: { limit: 100 }, headers: { 'if-none-match': etag! } });
    assert.equal(again.status, 304);
    await ok(club.api.put(`/api/v1/events/${slugs.draft}`, { venue: 'Annapolis Harbor' }, { key: club.organizer.key }));
    const changed = await club.api.get(`/api/v1/organizations/${club.org.slug}/events`, { key: club.organizer.key, query: { limit: 100 }, headers: { 'if-none-match': etag! } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
  });

  test('401 without credentials; 403 not_a_member for others, 403 for a key without read; 404 for an unknown organization; 400 naming the field', async () => {
    assert.equal((await club.api.get(`/api/v1/organizations/${club.org.slug}/events`)).status, 401);
    const foreign = await list({}, { key: stranger.key });
    assert.equal(foreign.status, 403, foreign.text);
    assert.equal(foreign.body.code, 'not_a_member');
    assert.match(foreign.body.detail, new RegExp(club.org.slug));
    const registerOnly = await newActor(club.api, ['register']);
    assert.equal((await list({}, { key: registerOnly.key })).status, 403);
    const unknown = await club.api.get(`/api/v1/organizations/no-such-club-${uniqueSuffix()}/events`, { key: club.organizer.key });
    assert.equal(unknown.status, 404, unknown.text);
    const bad = await club.api.get(`/api/v1/organizations/${club.org.slug}/events`, { key: club.organizer.key, query: { when: 'soon', limit: 0 } });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(bad.body.errors.map((error: { field: string }) => error.field).sort(), ['query.limit', 'query.when']);
  });
});
