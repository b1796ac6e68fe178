/**
 * Spectators: the public side of a race day. Many anonymous readers refresh the public standings and
 * results pages (HTML and their `.json` twins, half of the time revalidating with If-None-Match),
 * others keep the regattas' live feeds (Server-Sent Events) open, while each regatta's race committee
 * posts its results through the API with a key.
 *
 * Setup: an organizer, an organization, REGATTAS published regattas with one fleet of BOATS boats and
 * RACES + 1 races; a probe submission per regatta waits for results-scoring's projections, then setup
 * waits until public-results serves the regatta's pages with the probe's results; then a key with the
 * `results` scope only (the committee's).
 * Main phase, for DURATION, three scenarios at once:
 *   readers    open model, RATE page reads/s through the gateway's public door, spread over
 *              GET /regattas/{slug}/standings, /results, /standings.json, /results.json; when the VU saw
 *              the page before, half of the reads send its ETag in If-None-Match (200 or 304 expected).
 *   feeds      FEEDS VUs each hold GET /regattas/{slug}/live open for FEED_HOLD seconds, then reconnect
 *              with Last-Event-ID like an EventSource. k6 has no streaming client: the request ends at
 *              its timeout, and what arrived until then (k6 keeps the partial body; the timeout shows
 *              as a "Request Failed ... request timeout" warning in the log) is parsed into frames: a
 *              feed counts as open when the stream began (`retry:`, the replay since Last-Event-ID,
 *              `ready`); resumed streams, the committee's messages (results.updated,
 *              standings.updated, race.*), heartbeats and bytes are counted.
 *   committee  REGATTAS VUs post each regatta's RACES races in order, spaced over the phase (one
 *              regatta's posts never overlap); after each post the VU polls
 *              GET /regattas/{slug}/results.json until the posted finishing times appear there
 *              (freshness: API post to public page, through Kafka and the read model).
 * Thresholds: error rate < 1% (page reads, posts, freshness polls); page reads p95 < 200 ms; checks
 * > 99%; every post accepted; > 99% of feed connections opened; the feeds delivered
 * committee messages; freshness p95 < 15 s.
 *
 * The gateway limits anonymous requests per client address and minute (PUBLIC_RATE_LIMIT_PER_MINUTE,
 * 600 by default) and every k6 request comes from 127.0.0.1: the stack must run with a much higher
 * limit (scripts/load.sh starts its stack with PUBLIC_RATE_LIMIT_PER_MINUTE=1000000).
 */
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import {
  GATEWAY,
  buildRegatta,
  call,
  createKey,
  createOrganization,
  eventually,
  newActor,
  phaseThresholds,
  resultRows,
  submitWhenReady,
  timed,
} from './lib.js';

const RATE = Number(__ENV.SPECTATORS_RATE || 100);
const DURATION = __ENV.SPECTATORS_DURATION || '30s';
const FEEDS = Number(__ENV.SPECTATORS_FEEDS || 40);
const FEED_HOLD = Number(__ENV.SPECTATORS_FEED_HOLD || 10);
const REGATTAS = Number(__ENV.SPECTATORS_REGATTAS || 2);
const BOATS = Number(__ENV.SPECTATORS_BOATS || 12);
const RACES = Number(__ENV.SPECTATORS_RACES || 5);
const FRESHNESS_WAIT = 20;

/** "30s", "2m", "90" -> seconds. */
function seconds(text) {
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(String(text).trim());
  if (!match) throw new Error(`SPECTATORS_DURATION ${text}: use seconds ("30s") or minutes ("2m")`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}
const DURATION_S = seconds(DURATION);

const notModified = new Counter('load_pages_not_modified');
const fullPages = new Counter('load_pages_full');
const accepted = new Counter('load_results_accepted');
const feedOpened = new Rate('load_live_opened');
const feedConnections = new Counter('load_live_connections');
const feedResumed = new Counter('load_live_resumed');
const feedMessages = new Counter('load_live_messages');
const feedHeartbeats = new Counter('load_live_heartbeats');
const feedBytes = new Counter('load_live_bytes');
const freshness = new Trend('load_public_freshness_ms', true);

const PAGES = [
  { kind: 'standings', suffix: '/standings', json: false },
  { kind: 'results', suffix: '/results', json: false },
  { kind: 'standings.json', suffix: '/standings.json', json: true },
  { kind: 'results.json', suffix: '/results.json', json: true },
];

export const options = {
  setupTimeout: '300s',
  scenarios: {
    readers: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(20, Math.ceil(RATE / 5)),
      maxVUs: Math.max(60, RATE),
      exec: 'reader',
      tags: { phase: 'main' },
    },
    feeds: {
      executor: 'constant-vus',
      vus: FEEDS,
      duration: DURATION,
      // A feed that opened just before the end is held to its timeout, not cut.
      gracefulStop: `${FEED_HOLD + 10}s`,
      exec: 'feed',
      tags: { phase: 'live' },
    },
    committee: {
      executor: 'per-vu-iterations',
      vus: REGATTAS,
      iterations: RACES,
      maxDuration: `${DURATION_S + FRESHNESS_WAIT + 30}s`,
      exec: 'committee',
      tags: { phase: 'main' },
    },
  },
  thresholds: phaseThresholds('phase:main', {
    'http_req_failed{phase:main}': ['rate<0.01'],
    'http_req_duration{phase:main,kind:page}': ['p(95)<200'],
    'checks{phase:main}': ['rate>0.99'],
    load_results_accepted: [`count==${REGATTAS * RACES}`],
    load_live_opened: ['rate>0.99'],
    // The committee's results reached the spectators' open feeds.
    load_live_messages: ['count>0'],
    load_public_freshness_ms: ['p(95)<15000'],
    // Exported per page kind and for the feeds and posts, for the log (no limit of their own).
    'http_req_duration{kind:page,page:standings}': ['max>=0'],
    'http_req_duration{kind:page,page:results}': ['max>=0'],
    'http_req_duration{kind:page,page:standings.json}': ['max>=0'],
    'http_req_duration{kind:page,page:results.json}': ['max>=0'],
    'http_req_duration{kind:page,revalidate:yes}': ['max>=0'],
    'http_req_duration{kind:submit}': ['max>=0'],
    'http_reqs{kind:page}': ['count>0'],
    'http_reqs{kind:live}': ['count>0'],
  }),
};

function publicGet(path, opts = {}) {
  const headers = Object.assign({ Accept: opts.json ? 'application/json' : 'text/html' }, opts.headers || {});
  return call('GET', path, null, { headers, name: opts.name || path, tags: opts.tags, expect: opts.expect });
}

export function setup() {
  const organizer = newActor('spectators');
  const organization = createOrganization(organizer);
  const regattas = [];
  for (let r = 0; r < REGATTAS; r += 1) {
    // One extra race: the probe that waits for results-scoring's projections.
    const regatta = buildRegatta(organizer, organization, { fleets: 1, races: RACES + 1, boats: BOATS });
    const fleet = regatta.fleets[0];
    regattas.push({ slug: regatta.event.slug, races: fleet.races, boats: fleet.boats });
  }
  for (const regatta of regattas) {
    const probe = submitWhenReady(organizer, { slug: regatta.slug }, regatta.races[RACES], regatta.boats);
    // public-results learns the regatta and the probe's results from Kafka: wait for its pages.
    const firstFinish = (probe.json('data') || []).map((row) => row.finishTime).filter(Boolean)[0];
    const res = eventually(
      (expect) => {
        const page = publicGet(`/regattas/${regatta.slug}/results.json`, { json: true, name: 'setup: public results', expect: [200, ...expect] });
        // Not there yet: answer like a 404 so that eventually() retries.
        return page.status === 200 && !resultsShown(page, regatta.races[RACES].id, firstFinish) ? { status: 404, body: page.body } : page;
      },
      [404],
      90,
    );
    if (res.status !== 200) throw new Error(`public-results did not show ${regatta.slug}'s probe results within 90 s (last answer ${res.status}: ${String(res.body).slice(0, 300)})`);
  }
  const committeeKey = createKey(organizer.cookie, ['results'], 'results committee').key;
  return { regattas, key: committeeKey };
}

/** Whether a results.json answer shows race `raceId` with results (the finish time, when known). */
function resultsShown(res, raceId, finishTime) {
  const body = String(res.body || '');
  if (!body.includes(raceId)) return false;
  return finishTime ? body.includes(finishTime) : true;
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** ETags this VU has seen, per URL (a browser's cache). */
const seen = {};

export const reader = timed((data) => {
  const slug = pick(data.regattas).slug;
  const page = pick(PAGES);
  const path = `/regattas/${slug}${page.suffix}`;
  const etag = seen[path];
  const revalidate = etag !== undefined && Math.random() < 0.5;
  const res = publicGet(path, {
    json: page.json,
    headers: revalidate ? { 'If-None-Match': etag } : {},
    name: `GET /regattas/{slug}${page.suffix}`,
    tags: { kind: 'page', page: page.kind, revalidate: revalidate ? 'yes' : 'no' },
    expect: revalidate ? [200, 304] : [200],
  });
  if (res.status === 304) notModified.add(1);
  else if (res.status === 200) fullPages.add(1);
  if (res.headers.Etag) seen[path] = res.headers.Etag;
  check(res, {
    [`${page.kind}: ${revalidate ? '200 or 304' : '200'}`]: (r) => r.status === 200 || (revalidate && r.status === 304),
    [`${page.kind}: ETag`]: (r) => !!r.headers.Etag,
    [`${page.kind}: body`]: (r) =>
      r.status === 304
        ? !r.body
        : page.json
          ? (() => {
              try {
                return typeof r.json('data') === 'object';
              } catch (_) {
                return false;
              }
            })()
          : String(r.body).includes('</html>'),
  });
});

/** The frames of an SSE body: [{id, event, data}] (comments counted apart). */
function frames(body) {
  const out = { messages: [], heartbeats: 0 };
  for (const block of body.split('\n\n')) {
    if (!block.trim()) continue;
    const frame = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) out.heartbeats += 1;
      else if (line.startsWith('id: ')) frame.id = line.slice(4);
      else if (line.startsWith('event: ')) frame.event = line.slice(7);
      else if (line.startsWith('data: ')) frame.data = line.slice(6);
    }
    if (frame.event) out.messages.push(frame);
  }
  return out;
}

/** Per VU: the id of the last message received (EventSource's Last-Event-ID). */
let lastEventId;

export function feed(data) {
  const regatta = data.regattas[(exec.vu.idInTest - 1) % data.regattas.length];
  const headers = { Accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  // The stream never ends by itself: the timeout ends it, and k6 keeps what arrived until then.
  const res = http.get(`${GATEWAY}/regattas/${regatta.slug}/live`, {
    headers,
    timeout: `${FEED_HOLD}s`,
    tags: { name: 'GET /regattas/{slug}/live', kind: 'live' },
    jar: new http.CookieJar(),
  });
  const body = typeof res.body === 'string' ? res.body : '';
  feedConnections.add(1);
  feedBytes.add(body.length);
  const parsed = frames(body);
  feedHeartbeats.add(parsed.heartbeats);
  // Every stream the server accepted starts with its retry hint, then the messages missed since
  // Last-Event-ID (a resumed stream), then `ready`.
  const ready = parsed.messages.find((m) => m.event === 'ready');
  const opened = body.startsWith('retry: ') && ready !== undefined;
  feedOpened.add(opened);
  if (!opened) {
    console.warn(`live feed of ${regatta.slug} did not open: status ${res.status} ${res.error || ''} ${body.slice(0, 200)}`);
    sleep(1);
    return;
  }
  if (String(ready.data).includes('"resumed":true')) feedResumed.add(1);
  for (const message of parsed.messages) {
    if (message.event !== 'ready' && message.event !== 'reload') feedMessages.add(1, { event: message.event });
    if (message.id) lastEventId = message.id;
  }
}

export const committee = timed((data) => {
  // VU ids are shared by all scenarios, so they cannot name a regatta: the scenario's iteration
  // numbers (0 .. REGATTAS * RACES - 1, each taken once) give every regatta its races in order.
  const iteration = exec.scenario.iterationInTest;
  const regatta = data.regattas[iteration % data.regattas.length];
  const index = Math.floor(iteration / data.regattas.length);
  const race = regatta.races[index];
  const resultsPath = `/regattas/${regatta.slug}/results.json`;
  // A finishing order of its own per race.
  const order = regatta.boats.slice().sort(() => Math.random() - 0.5);
  const start = new Date(Date.now() - 2 * 3600 * 1000);
  const rows = resultRows(order, start);
  const res = call(
    'POST',
    `/api/v1/events/${regatta.slug}/races/${race.id}/results`,
    { actualStart: start.toISOString(), status: 'finished', results: rows },
    { key: data.key, name: 'POST /events/{slug}/races/{raceId}/results', tags: { kind: 'submit' } },
  );
  const ok = check(res, { 'submit: 200': (r) => r.status === 200 || r.status === 201 });
  if (ok) {
    accepted.add(1);
    // Freshness: from the accepted post until the public page shows these finishing times.
    const posted = Date.now();
    const deadline = posted + FRESHNESS_WAIT * 1000;
    let shown = false;
    while (!shown && Date.now() < deadline) {
      const page = publicGet(resultsPath, { json: true, name: 'GET /regattas/{slug}/results.json (freshness)', tags: { kind: 'freshness' } });
      shown = page.status === 200 && resultsShown(page, race.id, rows[0].finishTime);
      if (!shown) sleep(0.2);
    }
    freshness.add(Date.now() - posted);
    check(shown, { 'results shown on the public page': (s) => s });
  }
  // Posts spread over the phase: the next one at the next slot.
  const slot = (DURATION_S * 1000) / RACES;
  const next = exec.scenario.startTime + (index + 1) * slot;
  const wait = (next - Date.now()) / 1000;
  if (index + 1 < RACES && wait > 0) sleep(wait);
});
