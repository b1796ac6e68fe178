/**
 * A whole regatta through @regatta/client only, the typed client generated from the OpenAPI document:
 * sign up, create a key, an organization and a regatta, publish it, add a fleet and races, register
 * boats, submit results, read results and standings (with the key and with an embed token), publish
 * the results and find the regatta in the public list.
 *
 * The request bodies and the response fields used here are checked by the TypeScript compiler against
 * the document (packages/client/src/generated.test.ts runs `tsc --noEmit` on this file in the unit
 * stage), and the answers are checked against the running services here: a drift between the document
 * and the servers breaks the build one way or the other.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { createRegattaClient, sessionCookieOf, type RegattaClient, type Schemas } from '@regatta/client';

const gateway = process.env['E2E_GATEWAY_URL'] ?? '';
const suffix = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;

/** The success body of a call that must answer `status`; otherwise fails with the problem. */
function ok<Data>(result: { data?: Data; error?: unknown; response: Response }, status = 200): Data {
  assert.equal(result.response.status, status, `${result.response.url}: ${JSON.stringify(result.error)}`);
  assert.ok(result.data !== undefined, `${result.response.url}: no body`);
  return result.data;
}

describe('a regatta run end to end with the typed client', () => {
  const start = new Date(Math.floor((Date.now() + 20 * DAY) / DAY) * DAY + 10 * 3_600_000);
  const startOf = (race: number) => new Date(start.getTime() + (race - 1) * 2 * 3_600_000);
  const at = (race: number, seconds: number) => new Date(startOf(race).getTime() + seconds * 1000).toISOString();

  let api: RegattaClient;
  let userId: string;
  let cookie: string;
  let organization: Schemas['OrganizationDetail'];
  let event: Schemas['Event'];
  let fleet: Schemas['Fleet'];
  const races: Schemas['Race'][] = [];
  const boats: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };

  before(() => {
    assert.ok(gateway, 'E2E_GATEWAY_URL is not set: run through scripts/with-stack.ts (npm test does)');
  });

  test('sign up, then create an API key with the session', async () => {
    const anonymous = createRegattaClient(gateway);
    const id = suffix();
    const email = `typed-client-${id}@example.org`;
    const signup = await anonymous.POST('/api/v1/auth/signup', { body: { email, password: `Correct-horse-${id}`, name: `Typed Client ${id}` } });
    const session = ok(signup, 201);
    assert.equal(session.data.user.email, email);
    userId = session.data.user.id;
    cookie = sessionCookieOf(signup.response) ?? '';
    assert.match(cookie, /^regatta_session=/);

    const signedIn = createRegattaClient(gateway, { cookie });
    const me = ok(await signedIn.GET('/api/v1/auth/session'));
    assert.equal(me.data.user.id, userId);
    const created = ok(await signedIn.POST('/api/v1/keys', { body: { name: 'typed client', scopes: ['read', 'write', 'register', 'results', 'admin'] } }), 201);
    assert.match(created.data.apiKey, /^rgt_/);
    assert.deepEqual([...created.data.scopes].sort(), ['admin', 'read', 'register', 'results', 'write']);
    api = createRegattaClient(gateway, { key: created.data.apiKey });
  });

  test('create an organization and a regatta, then publish it', async () => {
    const created = await api.POST('/api/v1/organizations', {
      body: { name: `Typed Yacht Club ${suffix()}`, type: 'yacht-club', address: { city: 'Kiel', country: 'DE' } },
    });
    organization = ok(created, 201).data;
    assert.equal(organization.address.city, 'Kiel');

    const draft = ok(
      await api.POST('/api/v1/events', {
        body: {
          organization: organization.slug,
          name: `Typed Week ${suffix()}`,
          venue: 'Kiel Fjord',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 2 * DAY).toISOString(),
        },
      }),
      201,
    ).data;
    assert.equal(draft.status, 'draft');
    assert.equal(draft.organization.slug, organization.slug);

    event = ok(await api.PUT('/api/v1/events/{slug}', { params: { path: { slug: draft.slug } }, body: { status: 'published' } })).data;
    assert.equal(event.status, 'published');
  });

  test('add a fleet and two races, register three boats', async () => {
    const path = { slug: event.slug };
    fleet = ok(await api.POST('/api/v1/events/{slug}/fleets', { params: { path }, body: { name: 'ILCA 7', scoringSystem: 'low_point', dropRaces: 0 } }), 201).data;
    assert.equal(fleet.scoringSystem, 'low_point');
    for (const raceNumber of [1, 2]) {
      const race = ok(
        await api.POST('/api/v1/events/{slug}/races', { params: { path }, body: { fleetId: fleet.id, raceNumber, scheduledStart: startOf(raceNumber).toISOString() } }),
        201,
      ).data;
      assert.equal(race.raceNumber, raceNumber);
      races.push(race);
    }
    for (const name of ['A', 'B', 'C'] as const) {
      const registration = ok(
        await api.POST('/api/v1/events/{slug}/register', {
          params: { path },
          body: {
            fleet: fleet.id,
            boat: { name: `Boat ${name}`, sailNumber: `GER ${name} ${suffix()}` },
            sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${suffix()}@example.org` },
          },
        }),
        201,
      ).data;
      assert.equal(registration.status, 'registered');
      assert.equal(registration.fleetId, fleet.id);
      boats[name] = registration.boatId;
    }
  });

  test('submit two races, read results and standings', async () => {
    const submit = async (race: Schemas['Race'], finishes: Array<['A' | 'B' | 'C', number]>) =>
      ok(
        await api.POST('/api/v1/events/{slug}/races/{raceId}/results', {
          params: { path: { slug: event.slug, raceId: race.id } },
          body: {
            actualStart: startOf(race.raceNumber).toISOString(),
            status: 'finished',
            results: finishes.map(([boat, seconds]) => ({ boat: boats[boat], finishTime: at(race.raceNumber, seconds), status: 'finished' as const })),
          },
        }),
      ).data;
    const first = await submit(races[0]!, [['B', 1800], ['A', 1830], ['C', 1900]]);
    assert.deepEqual(
      first.map((result) => [result.boatId, result.position, result.points, result.provisional]),
      [
        [boats.B, 1, 1, true],
        [boats.A, 2, 2, true],
        [boats.C, 3, 3, true],
      ],
    );
    await submit(races[1]!, [['A', 1700], ['C', 1750], ['B', 1790]]);

    const results = ok(await api.GET('/api/v1/events/{slug}/results', { params: { path: { slug: event.slug }, query: { race: '2' } } })).data;
    assert.equal(results.event.slug, event.slug);
    assert.deepEqual(
      results.races[0]?.results.map((result) => [result.boat.id, result.position, result.elapsedTime]),
      [
        [boats.A, 1, '00:28:20'],
        [boats.C, 2, '00:29:10'],
        [boats.B, 3, '00:29:50'],
      ],
    );

    // A: 2 + 1 = 3, B: 1 + 3 = 4, C: 3 + 2 = 5.
    const standings = ok(await api.GET('/api/v1/events/{slug}/standings', { params: { path: { slug: event.slug } } })).data;
    assert.deepEqual(
      standings.standings.map((entry) => [entry.boat.id, entry.position, entry.netPoints, entry.raceResults.map((race) => race.points)]),
      [
        [boats.A, 1, 3, [2, 1]],
        [boats.B, 2, 4, [1, 3]],
        [boats.C, 3, 5, [3, 2]],
      ],
    );
    assert.equal(standings.standings[0]?.skipper, 'Skipper A');
  });

  test('a club site reads the standings with an embed token; a refusal is a typed problem', async () => {
    const signedIn = createRegattaClient(gateway, { cookie });
    const token = ok(
      await signedIn.POST('/api/v1/embed-tokens', { body: { organizationId: organization.id, name: 'club site', allowedOrigins: ['https://club.example.org'] } }),
      201,
    ).data.token;
    const widget = createRegattaClient(gateway, { embedToken: token });
    const standings = ok(await widget.GET('/api/v1/events/{slug}/standings', { params: { path: { slug: event.slug } } })).data;
    assert.equal(standings.standings.length, 3);

    const refused = await widget.POST('/api/v1/events/{slug}/results/publish', { params: { path: { slug: event.slug } } });
    assert.equal(refused.response.status, 403);
    assert.equal(refused.error?.code, 'embed_token_not_allowed');
    const missing = await api.GET('/api/v1/events/{slug}', { params: { path: { slug: `no-such-regatta-${suffix()}` } } });
    assert.equal(missing.response.status, 404);
    assert.equal(missing.error?.status, 404);
  });

  test('publish the results, then find the regatta in the list of regattas', async () => {
    const published = ok(await api.POST('/api/v1/events/{slug}/results/publish', { params: { path: { slug: event.slug } } })).data;
    assert.deepEqual([...published.raceIds].sort(), races.map((race) => race.id).sort());
    const official = ok(await api.GET('/api/v1/events/{slug}/results', { params: { path: { slug: event.slug } } })).data;
    assert.deepEqual(
      official.races.map((race) => race.race.provisional),
      [false, false],
    );

    const list = ok(await api.GET('/api/v1/events', { params: { query: { org: organization.slug, limit: 10 } } }));
    assert.deepEqual(
      list.data.map((summary) => [summary.slug, summary.status, summary.organization.slug]),
      [[event.slug, 'published', organization.slug]],
    );
    assert.equal(list.pagination.hasMore, false);
  });
});
