/**
 * Smoke: every route of the gateway's route table once (gateway/src/routes.ts), in the order a real
 * organizer would use them, each with its success status, plus the refusals every keyed route shares
 * (401 without credentials, 403 for a missing scope, 404 for an unknown slug, 400 for a bad body).
 * One VU, one iteration. Data that reaches a service through Kafka (a new organization's admin role,
 * a sailor profile, races and boats in results-scoring) is waited for, not raced.
 * Thresholds: every check passes; no unexpected status (error rate 0).
 */
import { check } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import {
  ALL_SCOPES,
  GATEWAY,
  RECEIVER,
  call,
  createKey,
  eventually,
  json,
  phaseThresholds,
  poll,
  receiverStats,
  registrationBody,
  resultRows,
  signUp,
  timed,
  unique,
} from './lib.js';

const routesHit = new Counter('load_routes_covered');
const routesMissing = new Counter('load_routes_missing');
const HEALTH_ONLY = __ENV.SMOKE_HEALTH_ONLY === '1';

// The gateway's route table, read from its source so that a new route fails the smoke run until it is
// covered here.
const ROUTES = (() => {
  const source = open('../../gateway/src/routes.ts');
  const found = [];
  const pattern = /rule\('([A-Z]+)', '([^']+)'/;
  for (const line of source.split('\n')) {
    // Streamed routes (live feeds) never finish, so a one-shot request cannot cover them: the
    // spectators scenario opens them instead (scripts/k6/spectators.js).
    if (line.includes('stream: true')) continue;
    const match = pattern.exec(line);
    if (match) found.push({ method: match[1], segments: match[2].split('/').filter(Boolean), path: match[2] });
  }
  return found;
})();
/** "METHOD /path" of every successful request (2xx). */
const covered = new Set();
function cover(res) {
  if (res.status >= 200 && res.status < 300) covered.add(`${res.request.method} ${res.url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]}`);
}
function routeCovered(route) {
  for (const entry of covered) {
    const [method, path] = entry.split(' ');
    const segments = path.split('/').filter(Boolean);
    if (method === route.method && segments.length === route.segments.length && route.segments.every((part, i) => part.startsWith(':') || part === segments[i])) return true;
  }
  return false;
}

export const options = {
  scenarios: { smoke: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration: '180s', exec: 'smoke', tags: { phase: 'main' } } },
  thresholds: phaseThresholds('phase:main', {
    'checks{phase:main}': ['rate==1'],
    'http_req_failed{phase:main}': ['rate==0'],
    'http_req_duration{phase:main}': ['p(95)<1000'],
    load_routes_missing: ['count==0'],
  }),
};

const seen = {};
/** Sends one request; `status` is the expected answer; the route is counted once. */
function step(route, method, path, body, opts, status) {
  const statuses = Array.isArray(status) ? status : [status];
  const res = call(method, path, body, Object.assign({ name: route, expect: statuses }, opts));
  cover(res);
  const ok = check(res, { [`${route} -> ${statuses.join('/')}`]: (r) => statuses.includes(r.status) });
  if (!ok) console.warn(`${route}: ${res.status} ${String(res.body).slice(0, 300)}`);
  seen[route] = true;
  return json(res) || {};
}

/** Like step, but waits while the answer is one of `retryOn` (data still on its way through Kafka). */
function stepEventually(route, method, path, body, opts, status, retryOn = [403, 404, 400, 409]) {
  const statuses = Array.isArray(status) ? status : [status];
  const res = eventually((expect) => call(method, path, body, Object.assign({ name: `${route} (waiting)`, expect: [...statuses, ...expect] }, opts)), retryOn, 30);
  cover(res);
  const ok = check(res, { [`${route} -> ${statuses.join('/')}`]: (r) => statuses.includes(r.status) });
  if (!ok) console.warn(`${route}: ${res.status} ${String(res.body).slice(0, 300)}`);
  seen[route] = true;
  return json(res) || {};
}

export const smoke = timed(() => {
  step('GET /health', 'GET', '/api/v1/health', null, {}, 200);
  step('GET /openapi.json', 'GET', '/api/v1/openapi.json', null, {}, 200);
  step('GET /docs', 'GET', '/api/v1/docs', null, {}, 200);
  if (HEALTH_ONLY) return;

  // identity: accounts, sessions, keys
  const suffix = unique();
  const password = `Smoke-test-${suffix}-pw`;
  const email = `smoke-${suffix}@load.example.org`;
  const signup = call('POST', '/api/v1/auth/signup', { email, password, name: `Smoke ${suffix}` }, { name: 'POST /auth/signup', expect: [201] });
  check(signup, { 'POST /auth/signup -> 201': (r) => r.status === 201 });
  cover(signup);
  const userId = json(signup).data.user.id;
  const login = call('POST', '/api/v1/auth/login', { email, password }, { name: 'POST /auth/login', expect: [200] });
  check(login, { 'POST /auth/login -> 200': (r) => r.status === 200 });
  cover(login);
  const cookieJar = login.cookies.regatta_session || signup.cookies.regatta_session;
  const cookie = `regatta_session=${cookieJar[0].value}`;
  step('GET /auth/session', 'GET', '/api/v1/auth/session', null, { cookie }, 200);
  const { key } = createKey(cookie, ALL_SCOPES, 'smoke all scopes');
  covered.add('POST /api/v1/keys'); // createKey checks its 201
  const readOnly = createKey(cookie, ['read'], 'smoke read only');
  const doomed = createKey(cookie, ['read'], 'smoke revoked');
  step('GET /keys', 'GET', '/api/v1/keys', null, { cookie }, 200);
  step('DELETE /keys', 'DELETE', `/api/v1/keys?id=${doomed.keyId}`, null, { cookie }, 200);
  step('revoked key -> 401', 'GET', '/api/v1/events', null, { key: doomed.key }, 401);
  step('no credentials -> 401', 'GET', '/api/v1/events', null, {}, 401);
  step('key on a session route -> 401', 'GET', '/api/v1/keys', null, { key }, 401);

  // organizations
  const org = step(
    'POST /organizations',
    'POST',
    '/api/v1/organizations',
    { name: `Smoke Yacht Club ${suffix}`, type: 'yacht-club', address: { city: 'Annapolis', state: 'MD', country: 'US' } },
    { key },
    201,
  ).data;
  step('POST /organizations without write -> 403', 'POST', '/api/v1/organizations', { name: `No ${suffix}`, type: 'yacht-club' }, { key: readOnly.key }, 403);
  step('GET /organizations', 'GET', '/api/v1/organizations?limit=5', null, { key }, 200);
  step('GET /organizations/{slug}', 'GET', `/api/v1/organizations/${org.slug}`, null, { key }, 200);
  step('GET /organizations/{unknown} -> 404', 'GET', `/api/v1/organizations/no-such-club-${suffix}`, null, { key }, 404);
  stepEventually('PATCH /organizations/{slug}', 'PATCH', `/api/v1/organizations/${org.slug}`, { description: 'Smoke tested' }, { key }, 200, [403]);

  // members (the creator's admin role arrives through Kafka)
  const other = signUp('smoke-member');
  stepEventually('GET /organizations/{slug}/members', 'GET', `/api/v1/organizations/${org.slug}/members`, null, { key }, 200, [403, 404]);
  stepEventually('POST /organizations/{slug}/members', 'POST', `/api/v1/organizations/${org.slug}/members`, { email: other.email, role: 'member' }, { key }, 201, [403, 404]);
  step('DELETE /organizations/{slug}/members/{userId}', 'DELETE', `/api/v1/organizations/${org.slug}/members/${other.userId}`, null, { key }, 200);

  // embed tokens (session only)
  const embed = stepEventually(
    'POST /embed-tokens',
    'POST',
    '/api/v1/embed-tokens',
    { organizationId: org.id, name: 'smoke widget', allowedOrigins: ['https://club.example.org'] },
    { cookie },
    201,
    [403],
  ).data;
  step('GET /embed-tokens', 'GET', `/api/v1/embed-tokens?organizationId=${org.id}`, null, { cookie }, 200);

  // events, fleets, races, documents, registrations
  const now = Date.now();
  const day = 86400000;
  const event = stepEventually(
    'POST /events',
    'POST',
    '/api/v1/events',
    {
      organization: org.slug,
      name: `Smoke Regatta ${suffix}`,
      venue: 'Severn River',
      startDate: new Date(now + 7 * day).toISOString(),
      endDate: new Date(now + 8 * day).toISOString(),
      registrationOpen: new Date(now - day).toISOString(),
      registrationClose: new Date(now + 6 * day).toISOString(),
      maxParticipants: 50,
    },
    { key },
    201,
    [403, 404],
  ).data;
  step('POST /events with a bad body -> 400', 'POST', '/api/v1/events', { organization: org.slug, name: '' }, { key }, 400);
  const fleet = step('POST /events/{slug}/fleets', 'POST', `/api/v1/events/${event.slug}/fleets`, { name: 'J/70', maxBoats: 20 }, { key }, 201).data;
  const races = [1, 2].map(
    (n) => step('POST /events/{slug}/races', 'POST', `/api/v1/events/${event.slug}/races`, { fleetId: fleet.id, name: `Race ${n}`, raceNumber: n }, { key }, 201).data,
  );
  step('POST /events/{slug}/documents', 'POST', `/api/v1/events/${event.slug}/documents`, { kind: 'nor', title: 'Notice of Race', body: 'Racing rules apply.' }, { key }, 201);
  step('PUT /events/{slug}', 'PUT', `/api/v1/events/${event.slug}`, { status: 'published', description: 'Smoke regatta' }, { key }, 200);
  step('GET /events', 'GET', '/api/v1/events?status=published&limit=5', null, { key }, 200);
  step('GET /organizations/{slug}/events', 'GET', `/api/v1/organizations/${org.slug}/events?when=upcoming&limit=5`, null, { key }, 200);
  step('GET /events/{slug}', 'GET', `/api/v1/events/${event.slug}?include=fleets,races,registrations,results,documents`, null, { key }, 200);
  step('GET /events/{unknown} -> 404', 'GET', `/api/v1/events/no-such-regatta-${suffix}`, null, { key }, 404);
  step('embed token reads its event', 'GET', `/api/v1/events/${event.slug}`, null, { headers: { 'X-Embed-Token': embed.token, Origin: 'https://club.example.org' } }, 200);
  const registrations = [1, 2, 3].map(
    (n) => step('POST /events/{slug}/register', 'POST', `/api/v1/events/${event.slug}/register`, registrationBody(fleet, n, `${suffix}${n}`), { key }, 201).data,
  );
  step('POST /events/{slug}/register without register -> 403', 'POST', `/api/v1/events/${event.slug}/register`, registrationBody(fleet, 9), { key: readOnly.key }, 403);
  step('GET /events/{slug}/registrations', 'GET', `/api/v1/events/${event.slug}/registrations`, null, { key }, 200);
  step(
    'PATCH /events/{slug}/registrations/{id}',
    'PATCH',
    `/api/v1/events/${event.slug}/registrations/${registrations[0].id}`,
    { paymentStatus: 'paid' },
    { key },
    200,
  );
  step('POST /events/{slug}/registrations/{id}/cancel', 'POST', `/api/v1/events/${event.slug}/registrations/${registrations[2].id}/cancel`, null, { key }, 200);

  // series
  const series = step(
    'POST /series',
    'POST',
    '/api/v1/series',
    { organization: org.slug, name: `Smoke Series ${suffix}`, year: new Date(now + 7 * day).getUTCFullYear(), events: [event.slug] },
    { key },
    201,
  ).data;
  step('GET /series', 'GET', '/api/v1/series?limit=5', null, { key }, 200);
  step('GET /series/{slug}', 'GET', `/api/v1/series/${series.slug}`, null, { key }, 200);

  // webhooks (deliveries to the local receiver)
  const hook = `smoke-${suffix}`;
  const webhook = stepEventually(
    'POST /webhooks',
    'POST',
    '/api/v1/webhooks',
    { organizationId: org.id, url: `${RECEIVER}/hook/${hook}`, events: ['results.updated', 'standings.updated'] },
    { key },
    201,
    [403],
  ).data;
  http.put(`${RECEIVER}/secrets/${hook}`, webhook.secret, { tags: { name: 'receiver' } });
  step('GET /webhooks without admin -> 403', 'GET', '/api/v1/webhooks', null, { key: readOnly.key }, 403);
  step('GET /webhooks', 'GET', '/api/v1/webhooks', null, { key }, 200);
  step('GET /webhooks/{id}', 'GET', `/api/v1/webhooks/${webhook.id}`, null, { key }, 200);
  step('PATCH /webhooks/{id}', 'PATCH', `/api/v1/webhooks/${webhook.id}`, { events: ['results.updated', 'standings.updated', 'race.completed'] }, { key }, 200);
  step('POST /webhooks/{id}/ping', 'POST', `/api/v1/webhooks/${webhook.id}/ping`, null, { key }, 202);

  // results and standings (results-scoring learns races and boats through Kafka)
  const boats = registrations.slice(0, 2).map((r) => r.boatId);
  const start = new Date(now - 2 * 3600 * 1000);
  stepEventually(
    'POST /events/{slug}/races/{raceId}/results',
    'POST',
    `/api/v1/events/${event.slug}/races/${races[0].id}/results`,
    { actualStart: start.toISOString(), status: 'finished', results: resultRows(boats, start) },
    { key },
    [200, 201],
    [400, 404, 409],
  );
  step('POST results without results scope -> 403', 'POST', `/api/v1/events/${event.slug}/races/${races[0].id}/results`, { results: [] }, { key: readOnly.key }, 403);
  step('GET /events/{slug}/results', 'GET', `/api/v1/events/${event.slug}/results`, null, { key }, 200);
  step('GET /events/{slug}/standings', 'GET', `/api/v1/events/${event.slug}/standings`, null, { key }, 200);
  step('POST /events/{slug}/results/publish', 'POST', `/api/v1/events/${event.slug}/results/publish`, {}, { key }, [200, 201]);
  stepEventually('GET /series/{slug}/standings', 'GET', `/api/v1/series/${series.slug}/standings`, null, { key }, 200, [404]);

  // sailors and boats (profiles are projections of identity and events facts)
  stepEventually('GET /sailors/{id}', 'GET', `/api/v1/sailors/${userId}`, null, { key }, 200, [404]);
  stepEventually('GET /sailors/{id}/history', 'GET', `/api/v1/sailors/${userId}/history`, null, { key }, 200, [404]);
  const boatList = stepEventually('GET /boats', 'GET', '/api/v1/boats?limit=5', null, { key }, 200, [404]);
  const boatId = (boatList.data && boatList.data[0] && boatList.data[0].id) || boats[0];
  stepEventually('GET /boats/{id}', 'GET', `/api/v1/boats/${boatId}`, null, { key }, 200, [404]);

  // webhook deliveries: the ping and the results events reach the receiver, signed
  const stats = poll(() => receiverStats(hook), (s) => s.uniqueMessages >= 2, 30);
  check(stats, { 'webhook deliveries arrive signed': (s) => s.uniqueMessages >= 2 && s.badSignatures === 0 });
  const deliveries = step('GET /webhooks/{id}/deliveries', 'GET', `/api/v1/webhooks/${webhook.id}/deliveries?limit=5`, null, { key }, 200).data || [];
  const deliveryId = deliveries[0] && deliveries[0].id;
  step('POST /webhooks/{id}/deliveries/{deliveryId}/redeliver', 'POST', `/api/v1/webhooks/${webhook.id}/deliveries/${deliveryId}/redeliver`, null, { key }, 202);
  step('DELETE /webhooks/{id}', 'DELETE', `/api/v1/webhooks/${webhook.id}`, null, { key }, 200);

  // clean-up routes
  step('DELETE /embed-tokens', 'DELETE', `/api/v1/embed-tokens?id=${embed.id}`, null, { cookie }, 200);
  step('POST /auth/logout', 'POST', '/api/v1/auth/logout', null, { cookie }, [200, 204]);
  step('logged-out session -> 401', 'GET', '/api/v1/auth/session', null, { cookie }, 401);
  const missing = ROUTES.filter((route) => !routeCovered(route));
  routesHit.add(ROUTES.length - missing.length);
  routesMissing.add(missing.length);
  check(missing, { 'every route of gateway/src/routes.ts answered 2xx once': (m) => m.length === 0 });
  if (missing.length > 0) console.warn(`routes not covered: ${missing.map((route) => `${route.method} ${route.path}`).join(', ')}`);
  console.log(`smoke: ${ROUTES.length - missing.length} of ${ROUTES.length} routes answered 2xx; ${Object.keys(seen).length} steps against ${GATEWAY}`);
});
