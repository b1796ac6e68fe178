/**
 * Conditional GETs end to end through the gateway: the polled reads (event detail, registrations,
 * results, standings) answer 200 with a strong ETag and `Cache-Control: private, no-cache`, 304 with
 * no body when If-None-Match carries that tag, and 200 with a new tag once the data changed (results
 * submitted, standings moved). A tag never turns into a 304 for a caller who would get another body.
 * Every response is checked against the OpenAPI document (ApiClient), so 304 and its headers must be
 * documented where they occur.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const start = new Date(Math.floor((Date.now() + 20 * DAY) / DAY) * DAY + 12 * 3_600_000);
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('ETag and 304 on polled reads, through the gateway', () => {
  let organizer: Actor;
  let reader: Actor;
  let slug: string;
  let raceId: string;
  const boats: string[] = [];

  before(async () => {
    organizer = await newActor(api);
    reader = await newActor(api, ['read']);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(api.post('/api/v1/events', { organization: org.slug, name: `ETag Cup ${uniqueSuffix()}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + DAY).toISOString() }, { key }), 201);
    slug = created.data.slug;
    const fleet = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers' }, { key }), 201)).data.id as string;
    raceId = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet, raceNumber: 1, scheduledStart: start.toISOString() }, { key }), 201)).data.id;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    for (const name of ['A', 'B']) {
      const body = { fleet, boat: { name: `Boat ${name}`, sailNumber: `ETG ${name} ${uniqueSuffix()}` }, sailor: { name: `Skipper ${name}`, email: `etag-${name.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      boats.push((await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId);
    }
  });

  /** A GET through the gateway with the reader's key, optionally conditional. */
  const read = (path: string, etag?: string) => api.get(path as never, { key: reader.key, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });

  test('200 with a strong ETag, then 304 without a body while nothing changed', async () => {
    for (const path of [`/api/v1/events/${slug}?include=fleets,races,registrations,results`, `/api/v1/events/${slug}/registrations`, `/api/v1/events/${slug}/standings`, '/api/v1/events']) {
      const first = await read(path);
      assert.equal(first.status, 200, `${path}: ${first.text}`);
      const etag = first.headers.get('etag');
      assert.match(etag ?? '', /^"[A-Za-z0-9_-]+"$/, `${path} carries a strong ETag`);
      assert.equal(first.headers.get('cache-control'), 'private, no-cache');

      const again = await read(path, etag!);
      assert.equal(again.status, 304, path);
      assert.equal(again.text, '');
      assert.equal(again.headers.get('etag'), etag);

      const weakForm = await read(path, `"stale", W/${etag}`);
      assert.equal(weakForm.status, 304, `${path}: a list and the weak form match too`);
      const other = await read(path, '"not-the-tag"');
      assert.equal(other.status, 200, `${path}: another tag gets the body`);
      assert.equal(other.headers.get('etag'), etag, `${path}: the same body has the same tag`);
    }
  });

  test('after results are submitted: 200 with a new ETag for results, standings and the event with its results', async () => {
    const resultsPath = `/api/v1/events/${slug}/results`;
    const standingsPath = `/api/v1/events/${slug}/standings`;
    const detailPath = `/api/v1/events/${slug}?include=results`;
    const tags = new Map<string, string>();
    for (const path of [resultsPath, standingsPath, detailPath]) {
      const response = await read(path);
      assert.equal(response.status, 200, response.text);
      tags.set(path, response.headers.get('etag')!);
      assert.equal((await read(path, tags.get(path))).status, 304);
    }

    await ok(
      api.post(
        `/api/v1/events/${slug}/races/${raceId}/results`,
        { actualStart: start.toISOString(), status: 'finished', results: [{ boat: boats[0], finishTime: at(3600), status: 'finished' }, { boat: boats[1], finishTime: at(3700), status: 'finished' }] },
        { key: organizer.key },
      ),
    );

    for (const path of [resultsPath, standingsPath, detailPath]) {
      // Standings and the events service's copy of the results follow through Kafka.
      const changed = await eventually(async () => {
        const response = await read(path, tags.get(path));
        return response.status === 200 ? response : undefined;
      }, 15_000, `${path} to change`);
      const etag = changed.headers.get('etag');
      assert.ok(etag && etag !== tags.get(path), `${path}: a new tag`);
      assert.equal((await read(path, etag)).status, 304, `${path}: the new tag validates`);
    }
    // The change the new tags stand for: both boats are now ranked, A (faster) first.
    const standings = await read(standingsPath);
    assert.deepEqual(
      standings.body.data.standings.map((entry: { boat: { id: string } }) => entry.boat.id),
      boats,
    );
  });

  test('a tag never answers 304 to a caller who would get something else', async () => {
    const draft = await ok(api.post('/api/v1/events', { organization: (await createOrganization(api, organizer)).slug, name: `Hidden ${uniqueSuffix()}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + DAY).toISOString() }, { key: organizer.key }), 201);
    const own = await api.get(`/api/v1/events/${draft.data.slug}` as never, { key: organizer.key });
    assert.equal(own.status, 200);
    const etag = own.headers.get('etag')!;
    assert.equal((await api.get(`/api/v1/events/${draft.data.slug}` as never, { key: organizer.key, headers: { 'if-none-match': etag } })).status, 304);
    // The draft is invisible to the reader: 404, whatever tag they send (even *).
    assert.equal((await read(`/api/v1/events/${draft.data.slug}`, etag)).status, 404);
    assert.equal((await read(`/api/v1/events/${draft.data.slug}`, '*')).status, 404);
  });
});
