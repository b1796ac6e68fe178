/**
 * Gateway cost: the same read, GET /api/v1/events/{slug}, first through the gateway (API key lookup,
 * hourly limit in Redis, signed assertion, proxy) and then straight to the events service with an
 * X-Identity-Assertion minted by scripts/load.sh (scripts/k6/mint-assertion.ts). Closed model: VUS
 * virtual users as fast as they get answers for DURATION each, one run after the other, so the two
 * request rates are the throughput of each path on this machine; the report prints their ratio.
 * Thresholds: error rate < 1% and p95 < 500 ms on both paths; both bodies are the same event.
 */
import { check, fail } from 'k6';
import { buildRegatta, call, createKey, createOrganization, newActor, phaseThresholds, timed } from './lib.js';

const VUS = Number(__ENV.RATIO_VUS || 10);
const DURATION = Number(__ENV.RATIO_SECONDS || 15);
const DIRECT = (__ENV.EVENTS_DIRECT_URL || '').replace(/\/$/, '');
const ASSERTION = __ENV.DIRECT_ASSERTION || '';

export const options = {
  setupTimeout: '120s',
  scenarios: {
    gateway: { executor: 'constant-vus', vus: VUS, duration: `${DURATION}s`, exec: 'viaGateway', tags: { phase: 'gateway' } },
    direct: { executor: 'constant-vus', vus: VUS, duration: `${DURATION}s`, startTime: `${DURATION + 2}s`, exec: 'direct', tags: { phase: 'direct' } },
  },
  thresholds: Object.assign(
    phaseThresholds('scenario:gateway', {
      'http_req_failed{scenario:gateway}': ['rate<0.01'],
      'http_req_duration{scenario:gateway}': ['p(95)<500'],
    }),
    phaseThresholds('scenario:direct', {
      'http_req_failed{scenario:direct}': ['rate<0.01'],
      'http_req_duration{scenario:direct}': ['p(95)<500'],
    }),
    { checks: ['rate>0.99'] },
  ),
};

export function setup() {
  if (!DIRECT || !ASSERTION) fail('EVENTS_DIRECT_URL and DIRECT_ASSERTION are required (scripts/load.sh sets them)');
  const organizer = newActor('ratio');
  const organization = createOrganization(organizer);
  const regatta = buildRegatta(organizer, organization, { fleets: 2, races: 2, boats: 0 });
  const key = createKey(organizer.cookie, ['read']).key;
  // Both paths must answer the same thing before anything is measured.
  const viaGateway = call('GET', `/api/v1/events/${regatta.event.slug}`, null, { key, name: 'setup: gateway' });
  const direct = call('GET', `/api/v1/events/${regatta.event.slug}`, null, {
    base: DIRECT,
    headers: { 'X-Identity-Assertion': ASSERTION },
    name: 'setup: direct',
  });
  if (viaGateway.status !== 200 || direct.status !== 200) fail(`setup: gateway answered ${viaGateway.status}, the service ${direct.status}: ${direct.body}`);
  if (viaGateway.json().data.id !== direct.json().data.id) fail('setup: the gateway and the service returned different events');
  return { key, slug: regatta.event.slug, id: regatta.event.id };
}

const sameEvent = (data) => (r) => {
  try {
    return r.json().data.id === data.id;
  } catch (_) {
    return false;
  }
};

export const viaGateway = timed((data) => {
  const res = call('GET', `/api/v1/events/${data.slug}`, null, { key: data.key, name: 'GET /events/{slug}' });
  check(res, { 'gateway: 200': (r) => r.status === 200, 'gateway: the event': sameEvent(data) });
});

export const direct = timed((data) => {
  const res = call('GET', `/api/v1/events/${data.slug}`, null, {
    base: DIRECT,
    headers: { 'X-Identity-Assertion': ASSERTION },
    name: 'GET /events/{slug} (direct)',
  });
  check(res, { 'direct: 200': (r) => r.status === 200, 'direct: the event': sameEvent(data) });
});
