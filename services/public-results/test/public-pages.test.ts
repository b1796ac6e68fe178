/**
 * The public face end to end through the gateway: pages and JSON twins without credentials, drafts
 * hidden, caching validators, the live feed (public twin, API key, embed token) with resumption, the
 * widget's files, the per-address limit and embed-token refusals a widget can read.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, checkLiveMessage, eventually, gatewayUrl, startStack, type RunningStack } from '@regatta/testing';
import { buildRegatta, ok, type TestRegatta } from './regatta.js';
import { openSse, type SseStream } from './sse.js';

const api = apiClient();
const base = gatewayUrl();
const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: 'manual' });

describe('public regatta pages', () => {
  let regatta: TestRegatta;
  let draft: TestRegatta;
  let embedToken: string;
  const streams: SseStream[] = [];

  before(async () => {
    regatta = await buildRegatta(api, { places: 3, boats: 4, races: 3 });
    draft = await buildRegatta(api, { status: 'draft', organizer: regatta.organizer, org: regatta.org, boats: 0, races: 1 });
    const created = await ok(
      api.post('/api/v1/embed-tokens', { organizationId: regatta.org.id, name: 'club site', allowedOrigins: ['https://club.example.org'] }, { cookie: regatta.organizer.cookie }),
      201,
    );
    embedToken = created.data.token;
    // The public read model follows the facts; wait until the regatta's entries are all there.
    await eventually(async () => {
      const response = await get(`/regattas/${regatta.slug}/entries.json`);
      if (response.status !== 200) return undefined;
      const body = (await response.json()) as any;
      return body.data.fleets[0]?.entries.length === 3 && body.data.fleets[0]?.waitlist.length === 1 ? true : undefined;
    }, 15_000, 'entries projected');
  });

  after(() => {
    for (const stream of streams) stream.close();
  });

  test('the regatta page needs no credentials and shows details, fleets and the race schedule', async () => {
    const response = await get(`/regattas/${regatta.slug}`, { accept: 'text/html' });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const page = await response.text();
    assert.ok(page.includes(regatta.name));
    assert.ok(page.includes('North Bay'));
    assert.ok(page.includes('Race schedule'));
    assert.equal((page.match(/<td class="num">\d<\/td><td>Lasers<\/td>/g) ?? []).length, 3, 'three races scheduled');
  });

  test('entries list per fleet with the waitlist apart, as HTML and as the JSON twin', async () => {
    const json = (await (await get(`/regattas/${regatta.slug}/entries.json`)).json()) as any;
    assert.deepEqual(json.data.fleets[0].entries.map((e: any) => e.sailNumber), ['ITA 101', 'ITA 102', 'ITA 103']);
    assert.deepEqual(json.data.fleets[0].waitlist.map((e: any) => e.sailNumber), ['ITA 104']);
    assert.equal(JSON.stringify(json).includes('@example.org'), false, 'no e-mail addresses on public pages');
    const page = await (await get(`/regattas/${regatta.slug}/entries`)).text();
    assert.match(page, /waitlist \(1, in order of places offered\)/);
  });

  test('a draft regatta is 404 on every public page, its JSON twins and its live feed', async () => {
    for (const path of ['', '/entries', '/results', '/standings', '.json', '/standings.json', '/live']) {
      const response = await get(`/regattas/${draft.slug}${path}`);
      assert.equal(response.status, 404, path);
      await response.body?.cancel();
    }
    const list = (await (await get(`/regattas.json?q=${encodeURIComponent(draft.name)}`)).json()) as any;
    assert.equal([...list.data.upcoming, ...list.data.past].length, 0);
  });

  test('pages carry ETag and short public caching, and answer 304 to a matching If-None-Match', async () => {
    const first = await get(`/regattas/${regatta.slug}/standings`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    assert.match(first.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    await first.text();
    const again = await get(`/regattas/${regatta.slug}/standings`, { 'if-none-match': etag });
    assert.equal(again.status, 304);
    const other = await get(`/regattas/${regatta.slug}/standings`, { 'if-none-match': '"something-else"' });
    assert.equal(other.status, 200);
    await other.text();
  });

  test('results posted through the API reach the live feeds, the results page and the standings (provisional, then official)', async () => {
    const publicFeed = await openSse(`${base}/regattas/${regatta.slug}/live`);
    const keyFeed = await openSse(`${base}/api/v1/events/${regatta.slug}/live`, { authorization: `Bearer ${regatta.organizer.key}` });
    const embedFeed = await openSse(`${base}/api/v1/events/${regatta.slug}/live?embed_token=${embedToken}`, { origin: 'https://club.example.org' });
    streams.push(publicFeed, keyFeed, embedFeed);
    for (const feed of [publicFeed, keyFeed, embedFeed]) {
      assert.equal(feed.status, 200, feed.body);
      assert.match(feed.headers.get('content-type') ?? '', /^text\/event-stream/);
      await feed.next((m) => m.event === 'ready');
    }
    assert.equal(embedFeed.headers.get('access-control-allow-origin'), 'https://club.example.org');
    const etagBefore = (await get(`/regattas/${regatta.slug}/standings`)).headers.get('etag');

    // Race 1: boat 2 first (1800 s), boat 1 second (1815 s), boat 3 third (1830 s).
    await regatta.submit(1, [[1, 1815], [2, 1800], [3, 1830]]);
    for (const feed of [publicFeed, keyFeed, embedFeed]) {
      const results = await feed.next((m) => m.event === 'results.updated');
      assert.ok(Number(results.id) > 0);
      assert.deepEqual(results.data.results.map((r: any) => [r.sailNumber, r.position, r.points]), [['ITA 102', 1, 1], ['ITA 101', 2, 2], ['ITA 103', 3, 3]]);
      const standings = await feed.next((m) => m.event === 'standings.updated');
      assert.deepEqual(standings.data.entries.map((e: any) => e.sailNumber), ['ITA 102', 'ITA 101', 'ITA 103']);
    }
    // The feed told us; the very next page request shows it (no stale cache anywhere).
    const page = await get(`/regattas/${regatta.slug}/standings`, { 'if-none-match': etagBefore ?? '' });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Provisional/);
    assert.ok(html.indexOf('ITA 102') < html.indexOf('ITA 101'));
    const results = (await (await get(`/regattas/${regatta.slug}/results.json`)).json()) as any;
    const race = results.data.fleets[0].races[0];
    assert.equal(race.published, false);
    assert.deepEqual(race.results.map((r: any) => [r.position, r.sailNumber, r.elapsedSeconds, r.points]), [[1, 'ITA 102', 1800, 1], [2, 'ITA 101', 1815, 2], [3, 'ITA 103', 1830, 3]]);
    const resultsPage = await (await get(`/regattas/${regatta.slug}/results`)).text();
    assert.ok(resultsPage.includes('0:30:00'), 'elapsed time h:mm:ss');

    await ok(api.post(`/api/v1/events/${regatta.slug}/results/publish`, undefined, { key: regatta.organizer.key }));
    await publicFeed.next((m) => m.event === 'results.published');
    const official = (await (await get(`/regattas/${regatta.slug}/standings.json`)).json()) as any;
    assert.equal(official.data.fleets[0].status, 'official');
    assert.match(await (await get(`/regattas/${regatta.slug}/standings`)).text(), /Official/);
    // Every message any feed received is what the OpenAPI document says (x-live-messages).
    for (const feed of [publicFeed, keyFeed, embedFeed]) {
      assert.ok(feed.messages.length >= 4);
      for (const message of feed.messages) {
        const check = checkLiveMessage(message.event, message.data);
        assert.ok(check.ok, `${message.event}: ${check.problems.join('; ')}`);
      }
    }
  });

  test('discards are shown in brackets and ties name the rule that broke them', async () => {
    const feed = await openSse(`${base}/regattas/${regatta.slug}/live`);
    streams.push(feed);
    await feed.next((m) => m.event === 'ready');
    // R1 (above): boat 2, boat 1, boat 3. R2: boat 1, boat 2, boat 3. R3: boat 3, boat 1, boat 2.
    // boat 1: 2 + 1 + 2 = 5, one discard (2) -> 3; boat 2: 1 + 2 + 3 = 6, discard (3) -> 3;
    // boat 3: 3 + 3 + 1 = 7, discard (3) -> 4. Boats 1 and 2 tie on 3: A8.1 compares kept scores
    // 1,2 v 1,2 (equal), so A8.2 decides on the last race: boat 1 2nd beats boat 2 3rd.
    await regatta.submit(2, [[1, 1700], [2, 1710], [3, 1720]]);
    await regatta.submit(3, [[3, 1700], [1, 1710], [2, 1720]]);
    await feed.next((m) => m.event === 'standings.updated' && m.data.entries[0]?.racesCompleted === 3);
    const json = (await (await get(`/regattas/${regatta.slug}/standings.json`)).json()) as any;
    const fleet = json.data.fleets[0];
    assert.deepEqual(fleet.entries.map((e: any) => [e.sailNumber, e.netPoints]), [['ITA 101', 3], ['ITA 102', 3], ['ITA 103', 4]]);
    assert.deepEqual(fleet.entries.map((e: any) => e.tie?.rule ?? null), ['A8.2', 'A8.2', null]);
    assert.deepEqual(fleet.entries[0].tie.tiedWith, ['ITA 102']);
    assert.equal(fleet.status, 'provisional', 'new races after publication are provisional');
    const html = await (await get(`/regattas/${regatta.slug}/standings`)).text();
    assert.match(html, /<td class="num dropped">\(3\)<\/td>/);
    assert.match(html, /tied with ITA 102; broken by A8.2/);
  });

  test('a client reconnecting with Last-Event-ID gets exactly what it missed', async () => {
    const first = await openSse(`${base}/regattas/${regatta.slug}/live`);
    const ready = await first.next((m) => m.event === 'ready');
    first.close();
    await regatta.submit(3, [[1, 1700], [2, 1710], [3, 1720]]);
    // Wait until the change is in the read model (a fresh stream's ready id moves past it).
    await eventually(async () => {
      const probe = await openSse(`${base}/regattas/${regatta.slug}/live`);
      const r = await probe.next((m) => m.event === 'ready');
      probe.close();
      return Number(r.id) > Number(ready.id) + 1 ? true : undefined;
    }, 10_000, 'messages after the disconnect');
    const resumed = await openSse(`${base}/regattas/${regatta.slug}/live`, { 'last-event-id': ready.id! });
    streams.push(resumed);
    const missed = await resumed.next((m) => m.event === 'standings.updated');
    assert.equal(Number(resumed.messages[0]!.id), Number(ready.id) + 1, 'replay starts right after the last seen id');
    const replayed = resumed.messages.filter((m) => m.event !== 'ready');
    assert.ok(replayed.every((m, i, all) => i === 0 || Number(m.id) === Number(all[i - 1]!.id) + 1), 'no gap, no duplicate');
    // R3 now 1, 2, 3: boat 1 2+1+1 = 4 - 2 = 2; boat 2 1+2+2 = 5 - 2 = 3; boat 3 3+3+3 = 9 - 3 = 6.
    assert.deepEqual(missed.data.entries.map((e: any) => [e.sailNumber, e.netPoints]), [['ITA 101', 2], ['ITA 102', 3], ['ITA 103', 6]]);
    const tooOld = await openSse(`${base}/regattas/${regatta.slug}/live`, { 'last-event-id': '999999' });
    streams.push(tooOld);
    await tooOld.next((m) => m.event === 'reload');
  });

  test('the API live feed needs a credential, and an embed token only for its own organization', async () => {
    const anonymous = await openSse(`${base}/api/v1/events/${regatta.slug}/live`);
    assert.equal(anonymous.status, 401);
    const other = await buildRegatta(api, { boats: 1, races: 1 });
    const foreign = await openSse(`${base}/api/v1/events/${other.slug}/live?embed_token=${embedToken}`);
    assert.equal(foreign.status, 404);
  });

  test('listing and club pages find the regatta by name and by club', async () => {
    const byName = (await (await get(`/regattas.json?q=${encodeURIComponent(regatta.name)}`)).json()) as any;
    assert.deepEqual([...byName.data.upcoming, ...byName.data.past].map((e: any) => e.slug), [regatta.slug]);
    const byClub = (await (await get(`/regattas.json?q=${encodeURIComponent(regatta.org.name)}`)).json()) as any;
    assert.ok([...byClub.data.upcoming, ...byClub.data.past].some((e: any) => e.slug === regatta.slug));
    const club = await get(`/clubs/${regatta.org.slug}`);
    assert.equal(club.status, 200);
    const html = await club.text();
    assert.ok(html.includes(regatta.name));
    assert.equal(html.includes(draft.name), false, 'drafts are not listed');
    assert.equal((await get('/clubs/no-such-club-here')).status, 404);
  });

  test('the widget script and demo are served with validators and long caching', async () => {
    const script = await get('/embed/v1/regatta-widget.js', { 'accept-encoding': 'gzip' });
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(script.headers.get('cache-control') ?? '', /max-age=86400/);
    assert.ok((await script.text()).includes('regatta-results'));
    const again = await get('/embed/v1/regatta-widget.js', { 'if-none-match': script.headers.get('etag')! });
    assert.equal(again.status, 304);
    assert.equal((await get('/embed/v1/demo')).status, 200);
  });

  test('an embed token refused on another origin is a readable problem for the widget', async () => {
    const response = await get(`/api/v1/events/${regatta.slug}/standings`, { 'x-embed-token': embedToken, origin: 'https://elsewhere.example.net' });
    assert.equal(response.status, 403);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://elsewhere.example.net');
    assert.equal(((await response.json()) as any).code, 'origin_not_allowed');
    const unknown = await get(`/api/v1/events/${regatta.slug}/standings`, { 'x-embed-token': `rgt_embed_${'A'.repeat(40)}`, origin: 'https://club.example.org' });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.headers.get('access-control-allow-origin'), 'https://club.example.org');
    assert.equal(((await unknown.json()) as any).code, 'invalid_embed_token');
  });

  test('non-GET methods on public paths are 405', async () => {
    const response = await fetch(`${base}/regattas/${regatta.slug}`, { method: 'POST' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, HEAD');
  });
});

describe('the per-address limit of the public pages', () => {
  let gateway: RunningStack;

  before(async () => {
    const urls = JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>;
    // A second gateway with a small limit, in front of the shared stack's public-results.
    gateway = await startStack({ slot: 9, only: ['gateway'], processEnv: { gateway: { PUBLIC_RATE_LIMIT_PER_MINUTE: '5', PUBLIC_RESULTS_URL: urls['public-results']!, PUBLIC_RATE_LIMIT_KEY_PREFIX: `test-addr-${Date.now()}` } } });
    // Until its Redis connection is ready a gateway counts in its in-process stand-in; the test counts
    // the shared Redis window, so it starts once the gateway says Redis is ready.
    await eventually(async () => ((await fetch(`${gateway.gatewayUrl}/health/ready`)).status === 200 ? true : undefined), 15_000, 'the gateway ready (Redis connected)');
  });

  after(async () => {
    await gateway?.stop();
  });

  test('the limit+1st request from one address is 429 with Retry-After, as problem+json or as a small page', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${gateway.gatewayUrl}/regattas.json`);
      statuses.push(response.status);
      await response.text();
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200]);
    const refused = await fetch(`${gateway.gatewayUrl}/regattas.json`);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.match(refused.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.equal(((await refused.json()) as any).code, 'rate_limit_exceeded');
    const page = await fetch(`${gateway.gatewayUrl}/regattas`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 429);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await page.text(), /<html lang="en">.*Too many requests/);
    assert.equal(page.headers.get('content-language'), 'en');
    // In the reader's language, with the public pages' words (public-results' rate-limit.json).
    const german = await fetch(`${gateway.gatewayUrl}/regattas`, { headers: { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    assert.equal(german.status, 429);
    assert.equal(german.headers.get('content-language'), 'de');
    assert.match(german.headers.get('vary') ?? '', /Accept-Language/);
    const text = await german.text();
    assert.match(text, /<html lang="de">.*<h1>Zu viele Anfragen<\/h1>/);
    assert.match(text, new RegExp(`Bitte versuchen Sie es in ${german.headers.get('retry-after')} Sekunden? erneut\\.`));
    const chosen = await fetch(`${gateway.gatewayUrl}/regattas?lang=de`, { headers: { accept: 'text/html' } });
    assert.equal(chosen.headers.get('content-language'), 'de');
  });
});
