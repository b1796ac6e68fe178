/**
 * Revalidation answered at the edge, through the real gateway and results-scoring: a public regatta's
 * standings revalidated with their current tag get their 304 from the gateway (its counter moves,
 * the service's does not); a change made through the gateway is seen by the writer's very next
 * revalidation; a change the gateway did not carry (made straight at the service, as another replica
 * would) is seen once its fact arrives, well before a learned tag's 10 s lifetime; a regatta made
 * draft is not answered at the edge (a stranger's revalidation is refused by the service); the
 * marking header never reaches a client.
 *
 *   STACK_SLOT=2 node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test gateway/test/edge-revalidation.test.ts
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, EDGE_VIEW_HEADER, signAssertion } from '@regatta/http';
import { apiClient, createOrganization, gatewayUrl, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY + 12 * 3_600_000);
const plus = (seconds: number) => new Date(base.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

/** The gateway's count of revalidations answered at the edge. */
async function edgeAnswers(): Promise<number> {
  const text = await (await fetch(`${gatewayUrl()}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('gateway_edge_revalidations_total{outcome="edge"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

interface Read {
  status: number;
  etag: string | null;
  body: string;
  marked: boolean;
}

async function read(url: string, key: string, etag?: string): Promise<Read> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) } });
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text(), marked: response.headers.has(EDGE_VIEW_HEADER) };
}

describe('revalidation answered at the edge', () => {
  let organizer: Actor;
  let org: { slug: string; id: string };
  let slug: string;
  let raceIds: string[] = [];
  const boats: string[] = [];

  const regatta = async () => {
    const created = await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Edge Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() }, { key: organizer.key }),
      201,
    );
    const eventSlug: string = created.data.slug;
    await ok(api.put(`/api/v1/events/${eventSlug}`, { status: 'published' }, { key: organizer.key }));
    const fleet = (await ok(api.post(`/api/v1/events/${eventSlug}/fleets`, { name: 'ILCA 7' }, { key: organizer.key }), 201)).data.id as string;
    const races: string[] = [];
    for (const number of [1, 2]) races.push((await ok(api.post(`/api/v1/events/${eventSlug}/races`, { fleetId: fleet, raceNumber: number, scheduledStart: base.toISOString() }, { key: organizer.key }), 201)).data.id);
    const boatIds: string[] = [];
    for (const name of ['Alpha', 'Bravo']) {
      const body = { fleet, boat: { name, sailNumber: `${name} ${uniqueSuffix()}` }, sailor: { name: `Skipper ${name}`, email: `${name.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      boatIds.push((await ok(api.post(`/api/v1/events/${eventSlug}/register`, body, { key: organizer.key }), 201)).data.boatId);
    }
    return { slug: eventSlug, races, boatIds };
  };

  const submit = (race: string, order: string[]) => ({
    actualStart: base.toISOString(),
    status: 'finished',
    results: order.map((boat, i) => ({ boat, finishTime: plus(600 + 10 * i), status: 'finished' })),
  });

  before(async () => {
    organizer = await newActor(api);
    org = await createOrganization(api, organizer);
    const made = await regatta();
    ({ slug, races: raceIds } = made);
    boats.push(...made.boatIds);
    await ok(api.post(`/api/v1/events/${slug}/races/${raceIds[0]}/results`, submit(raceIds[0]!, boats), { key: organizer.key }));
  });

  test('an unchanged view is revalidated by the gateway without the hop, and the marking never reaches the client', async () => {
    const url = `${gatewayUrl()}/api/v1/events/${slug}/standings`;
    const first = await read(url, organizer.key);
    assert.equal(first.status, 200, first.body);
    assert.ok(first.etag);
    assert.equal(first.marked, false);
    // The change feed joins its consumer group after the gateway starts: wait until the edge answers.
    const deadline = Date.now() + 30_000;
    let answeredAtEdge = false;
    while (!answeredAtEdge && Date.now() < deadline) {
      await read(url, organizer.key);
      const before = await edgeAnswers();
      const again = await read(url, organizer.key, first.etag!);
      assert.equal(again.status, 304);
      assert.equal(again.etag, first.etag);
      assert.equal(again.marked, false);
      answeredAtEdge = (await edgeAnswers()) > before;
      if (!answeredAtEdge) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(answeredAtEdge, 'a revalidation of an unchanged public view is answered at the edge');
  });

  test("the writer's next revalidation after a change through the gateway gets the new view", async () => {
    const url = `${gatewayUrl()}/api/v1/events/${slug}/standings`;
    const current = await read(url, organizer.key);
    assert.equal((await read(url, organizer.key, current.etag!)).status, 304);
    await ok(api.post(`/api/v1/events/${slug}/races/${raceIds[1]}/results`, submit(raceIds[1]!, [...boats].reverse()), { key: organizer.key }));
    const after = await read(url, organizer.key, current.etag!);
    assert.equal(after.status, 200, 'not a 304 of the standings before the change');
    assert.notEqual(after.etag, current.etag);
  });

  test('a change the gateway did not carry is seen once its fact arrives, before a learned tag expires', async () => {
    const url = `${gatewayUrl()}/api/v1/events/${slug}/standings`;
    const current = await read(url, organizer.key);
    assert.equal((await read(url, organizer.key, current.etag!)).status, 304);
    const learnedAt = Date.now();
    // Straight at results-scoring, as a change made through another gateway replica.
    const services = JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>;
    const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion');
    const assertion = signAssertion({ userId: organizer.userId, keyId: organizer.keyId, scopes: ['read', 'write', 'results'], roles: { [org.id]: 'admin' }, via: 'key' }, secret);
    const direct = await fetch(`${services['results-scoring']}/api/v1/events/${slug}/races/${raceIds[1]}/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ASSERTION_HEADER]: assertion },
      body: JSON.stringify(submit(raceIds[1]!, boats)),
    });
    assert.equal(direct.status, 200, await direct.text());
    let seen: Read | undefined;
    while (Date.now() - learnedAt < 9_000) {
      const again = await read(url, organizer.key, current.etag!);
      if (again.status === 200) {
        seen = again;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(seen, 'the new standings within 9 s, before the 10 s lifetime of the learned tag');
    assert.notEqual(seen.etag, current.etag);
  });

  test("a regatta made draft is no longer answered at the edge, and a stranger's revalidation is refused", async () => {
    const url = `${gatewayUrl()}/api/v1/events/${slug}/standings`;
    const stranger = await newActor(api);
    const published = await read(url, stranger.key);
    assert.equal(published.status, 200, 'a published regatta is everyone\'s');
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'draft' }, { key: organizer.key }));
    // results-scoring learns the status from the fact; its views answer members only from then on.
    const deadline = Date.now() + 10_000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      refused = (await read(url, stranger.key, published.etag!)).status === 404;
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(refused, "a stranger's revalidation of the draft's standings is refused, not answered 304");
    const first = await read(url, organizer.key);
    assert.equal(first.status, 200, first.body);
    const before = await edgeAnswers();
    for (let i = 0; i < 3; i += 1) assert.equal((await read(url, organizer.key, first.etag!)).status, 304);
    assert.equal(await edgeAnswers(), before, 'the service answered every revalidation of the draft');
    assert.equal((await read(url, stranger.key, first.etag!)).status, 404);
  });
});
