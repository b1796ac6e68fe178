/**
 * Shared pieces of the k6 scenarios: the HTTP helper, the phase clock, thresholds that export the
 * measured phase, and builders that create a scenario's data through the public API (never behind
 * its back): an organizer with an all-scopes key, an organization, events, fleets, races,
 * registrations and a webhook pointing at the local receiver (scripts/k6/receiver.mjs).
 */
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { Trend } from 'k6/metrics';

export const GATEWAY = (__ENV.GATEWAY_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
export const RECEIVER = (__ENV.RECEIVER_URL || '').replace(/\/$/, '');
export const ALL_SCOPES = ['read', 'write', 'register', 'results', 'admin'];

/** First and last moments of the measured phase (min/max give its wall-clock span in the report). */
const phaseClock = new Trend('phase_clock');

/** Wraps a scenario function so its iterations mark the phase clock. */
export function timed(fn) {
  return function (data) {
    phaseClock.add(Date.now());
    try {
      return fn(data);
    } finally {
      phaseClock.add(Date.now());
    }
  };
}

/**
 * Thresholds that make k6 export the measured phase (requests tagged `tag`, by default the
 * scenario tag phase:main) plus the scenario's own.
 */
export function phaseThresholds(tag, own = {}) {
  const base = {
    [`http_reqs{${tag}}`]: ['count>0'],
    [`http_req_duration{${tag}}`]: ['max>=0'],
    [`http_req_failed{${tag}}`]: ['rate<=1'],
    [`phase_clock{${tag}}`]: ['min>0'],
  };
  for (const [metric, rules] of Object.entries(own)) base[metric] = [...(base[metric] || []).filter((rule) => !/^(count>0|max>=0|rate<=1)$/.test(rule)), ...rules];
  return base;
}

let counter = 0;
/** A short unique suffix per VU and call (k6 has no shared state between VUs). */
export function unique() {
  counter += 1;
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}${__VU}x${counter}`;
}

/**
 * One request to the gateway. opts: key, cookie, name (the URL tag, so /events/<slug> aggregates),
 * tags, headers, base (another base URL), expect (statuses counted as success for http_req_failed).
 */
export function call(method, path, body, opts = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined && body !== null) headers['Content-Type'] = 'application/json';
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  if (opts.cookie) headers.Cookie = opts.cookie;
  Object.assign(headers, opts.headers || {});
  const params = {
    headers,
    tags: Object.assign({ name: opts.name || path.split('?')[0] }, opts.tags || {}),
    redirects: 0,
    // No cookie jar: every request carries exactly the credentials given here.
    jar: new http.CookieJar(),
    timeout: opts.timeout || '30s',
  };
  if (opts.expect) params.responseCallback = http.expectedStatuses(...opts.expect);
  const payload = body === undefined || body === null ? null : JSON.stringify(body);
  return http.request(method, `${opts.base || GATEWAY}${path}`, payload, params);
}

export function json(res) {
  try {
    return res.json();
  } catch (_) {
    return undefined;
  }
}

/** Fails setup/teardown loudly with the response when a status is not the expected one. */
export function must(res, status, what) {
  const statuses = Array.isArray(status) ? status : [status];
  if (!statuses.includes(res.status)) {
    fail(`${what}: expected ${statuses.join('/')} but got ${res.status} ${res.request.method} ${res.url}: ${String(res.body).slice(0, 400)}`);
  }
  return json(res);
}

// ------------------------------------------------------------------------------------------------
// Builders (setup): each returns plain data that k6 hands to the VUs.

function sessionCookie(res) {
  const jar = res.cookies && res.cookies.regatta_session;
  if (jar && jar.length > 0) return `regatta_session=${jar[0].value}`;
  const header = res.headers['Set-Cookie'] || '';
  const match = /regatta_session=([^;,\s]+)/.exec(header);
  return match ? `regatta_session=${match[1]}` : undefined;
}

/** Signs up a user; returns {userId, email, cookie}. */
export function signUp(label = 'load') {
  const suffix = unique();
  const email = `${label}-${suffix}@load.example.org`;
  const res = call('POST', '/api/v1/auth/signup', { email, password: `Load-test-${suffix}-pw`, name: `${label} ${suffix}` }, { name: 'setup: signup' });
  const body = must(res, 201, 'signup');
  const cookie = sessionCookie(res);
  if (!cookie) fail('signup set no session cookie');
  return { userId: body.data.user.id, email, name: `${label} ${suffix}`, cookie };
}

/** Creates an API key for a session; returns {key, keyId}. */
export function createKey(cookie, scopes = ALL_SCOPES, name = `load ${unique()}`) {
  const body = must(call('POST', '/api/v1/keys', { name, scopes }, { cookie, name: 'setup: create key' }), 201, 'key creation');
  return { key: body.data.apiKey, keyId: body.data.id };
}

/** A new user with a session and an all-scopes key. */
export function newActor(label = 'organizer', scopes = ALL_SCOPES) {
  const user = signUp(label);
  return Object.assign(user, createKey(user.cookie, scopes));
}

export function createOrganization(actor) {
  const suffix = unique();
  const body = must(
    call(
      'POST',
      '/api/v1/organizations',
      { name: `Load Yacht Club ${suffix}`, type: 'yacht-club', address: { city: 'Annapolis', state: 'MD', country: 'US' } },
      { key: actor.key, name: 'setup: create organization' },
    ),
    201,
    'organization creation',
  );
  return { id: body.data.id, slug: body.data.slug, name: body.data.name };
}

const DAY = 24 * 3600 * 1000;

/**
 * Retries `send` while it answers one of `retryOn` (the data it needs may still be on its way through
 * Kafka: a new organization's admin role, a fleet or boat not yet projected by another service).
 * Those answers are not counted as failed requests; the final answer is returned as it is.
 */
export function eventually(send, retryOn = [403, 404, 409, 400], timeoutSeconds = 30) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const res = send(retryOn);
    if (!retryOn.includes(res.status) || Date.now() > deadline) return res;
    sleep(0.2);
  }
}

/** Creates an event of `organization` (draft), registration open now; returns {id, slug, name}. */
export function createEvent(actor, organization, overrides = {}) {
  const suffix = unique();
  const now = Date.now();
  const input = Object.assign(
    {
      organization: organization.slug,
      name: `Load Regatta ${suffix}`,
      venue: 'Severn River',
      startDate: new Date(now + 7 * DAY).toISOString(),
      endDate: new Date(now + 9 * DAY).toISOString(),
      registrationOpen: new Date(now - DAY).toISOString(),
      registrationClose: new Date(now + 6 * DAY).toISOString(),
    },
    overrides,
  );
  // The creator's admin role reaches identity (and the gateway's view of the key) through Kafka.
  const res = eventually((expect) =>
    call('POST', '/api/v1/events', input, { key: actor.key, name: 'setup: create event', expect: [201, ...expect] }),
  );
  const body = must(res, 201, 'event creation');
  return { id: body.data.id, slug: body.data.slug, name: body.data.name };
}

export function setEventStatus(actor, event, status) {
  must(call('PUT', `/api/v1/events/${event.slug}`, { status }, { key: actor.key, name: 'setup: update event' }), 200, `event status ${status}`);
}

export function createFleet(actor, event, overrides = {}) {
  const input = Object.assign({ name: `Fleet ${unique()}`, scoringSystem: 'low_point', dropRaces: 0 }, overrides);
  const body = must(call('POST', `/api/v1/events/${event.slug}/fleets`, input, { key: actor.key, name: 'setup: create fleet' }), 201, 'fleet creation');
  return { id: body.data.id, name: body.data.name };
}

export function createRace(actor, event, fleet, raceNumber) {
  const input = {
    fleetId: fleet.id,
    name: `Race ${raceNumber}`,
    raceNumber,
    scheduledStart: new Date(Date.now() + 7 * DAY + raceNumber * 3600 * 1000).toISOString(),
  };
  const body = must(call('POST', `/api/v1/events/${event.slug}/races`, input, { key: actor.key, name: 'setup: create race' }), 201, 'race creation');
  return { id: body.data.id, raceNumber: body.data.raceNumber, fleetId: fleet.id };
}

/** The body of POST /events/{slug}/register: sailor number `index` of a run, on a boat of its own. */
export function registrationBody(fleet, index, tag = unique()) {
  return {
    fleet: fleet.id,
    boat: { name: `Boat ${index} ${tag}`, sailNumber: `L${index}-${tag}`.slice(0, 30), model: 'J/70' },
    sailor: { name: `Sailor ${index} ${tag}`, email: `sailor-${index}-${tag}@load.example.org` },
  };
}

/** Registers sailor `index` on behalf of the organizer; returns {id, boatId, userId, status}. */
export function register(actor, event, fleet, index, opts = {}) {
  const res = call('POST', `/api/v1/events/${event.slug}/register`, registrationBody(fleet, index), {
    key: actor.key,
    name: opts.name || 'setup: register',
    tags: opts.tags,
  });
  const body = must(res, 201, 'registration');
  return { id: body.data.id, boatId: body.data.boatId, userId: body.data.userId, status: body.data.status };
}

/** Result rows for `boats` (ids): finish times a few seconds apart, in the given order. */
export function resultRows(boats, start, offsetSeconds = 0) {
  return boats.map((boat, index) => ({
    boat,
    status: 'finished',
    finishTime: new Date(start.getTime() + (3600 + offsetSeconds + index * 17) * 1000).toISOString(),
  }));
}

export function submitResults(actor, event, race, boats, opts = {}) {
  const start = new Date(Date.now() - 2 * 3600 * 1000);
  const body = { actualStart: start.toISOString(), status: 'finished', results: resultRows(boats, start, opts.offsetSeconds || 0) };
  return call('POST', `/api/v1/events/${event.slug}/races/${race.id}/results`, body, {
    key: actor.key,
    name: opts.name || 'POST /events/{slug}/races/{raceId}/results',
    tags: opts.tags,
    expect: opts.expect,
  });
}

/** Subscribes the receiver's /hook/<hook> to `events` and tells the receiver the signing secret. */
export function createWebhook(actor, organization, hook, events) {
  if (!RECEIVER) fail('RECEIVER_URL is not set (scripts/load.sh starts the receiver)');
  const input = { organizationId: organization.id, url: `${RECEIVER}/hook/${hook}`, events };
  const res = eventually((expect) => call('POST', '/api/v1/webhooks', input, { key: actor.key, name: 'setup: create webhook', expect: [201, ...expect] }), [403]);
  const body = must(res, 201, 'webhook creation');
  must(http.put(`${RECEIVER}/secrets/${hook}`, body.data.secret, { tags: { name: 'receiver' } }), 204, 'receiver secret');
  return { id: body.data.id, hook };
}

/**
 * A published regatta: one event, `fleets` fleets (maxBoats each when given), `races` races per
 * fleet, `boats` registrations per fleet. Returns {event, fleets: [{id, name, races: [...], boats: [boatId...]}]}.
 */
export function buildRegatta(actor, organization, opts = {}) {
  const event = createEvent(actor, organization, opts.event || {});
  const fleets = [];
  for (let f = 0; f < (opts.fleets || 1); f += 1) {
    const fleet = createFleet(actor, event, Object.assign({ name: `Fleet ${String.fromCharCode(65 + f)}` }, opts.maxBoats ? { maxBoats: opts.maxBoats } : {}));
    fleet.races = [];
    for (let r = 1; r <= (opts.races || 0); r += 1) fleet.races.push(createRace(actor, event, fleet, f * 100 + r));
    fleets.push(fleet);
  }
  setEventStatus(actor, event, 'published');
  for (const fleet of fleets) {
    fleet.boats = [];
    for (let b = 1; b <= (opts.boats || 0); b += 1) fleet.boats.push(register(actor, event, fleet, b).boatId);
  }
  return { event, fleets };
}

/**
 * Submits results of `race` until results-scoring accepts them (it learns races and boats from
 * Kafka): the probe that tells setup the projections are complete. Returns the final response.
 */
export function submitWhenReady(actor, event, race, boats, timeoutSeconds = 60) {
  const res = eventually((expect) => submitResults(actor, event, race, boats, { name: 'setup: submit results', expect: [200, 201, ...expect] }), [400, 404, 409], timeoutSeconds);
  must(res, [200, 201], 'results submission (probe)');
  return res;
}

export function receiverStats(hook) {
  const res = http.get(`${RECEIVER}/stats${hook ? `?hook=${hook}` : ''}`, { tags: { name: 'receiver' } });
  return must(res, 200, 'receiver stats');
}

/** Polls until `done(value)` or the deadline; returns the last value. */
export function poll(read, done, timeoutSeconds, intervalSeconds = 0.5) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    sleep(intervalSeconds);
    value = read();
  }
  return value;
}

export { check, fail, sleep };
