/**
 * Results storm: many race committees submit results at the same moment (the end of a race day)
 * while webhook deliveries flow to a subscriber.
 *
 * Setup: an organizer, an organization, COMMITTEES published regattas (one per committee) with one
 * fleet of BOATS boats and RACES races; results-scoring is known to have every race and boat (a probe
 * submission per regatta); then a webhook of the organization to the local receiver, subscribed to
 * the results events. Main phase: COMMITTEES VUs start together; each submits its RACES races one
 * after the other (every submission re-scores the series) and reads its standings after each.
 * Teardown: waits (up to WEBHOOK_WAIT seconds) until the receiver holds a results.updated message per
 * accepted submission, and checks every delivery's signatures.
 * Thresholds: error rate < 1%; submissions p95 < 2500 ms; webhook lag p95 < 15 s; every accepted submission produced a signed
 * results.updated delivery; no bad signature.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import { Counter, Gauge } from 'k6/metrics';
import {
  buildRegatta,
  call,
  createOrganization,
  createWebhook,
  newActor,
  phaseThresholds,
  poll,
  receiverStats,
  submitResults,
  submitWhenReady,
  timed,
  unique,
} from './lib.js';

const COMMITTEES = Number(__ENV.STORM_COMMITTEES || 10);
const RACES = Number(__ENV.STORM_RACES || 6);
const BOATS = Number(__ENV.STORM_BOATS || 15);
const WEBHOOK_WAIT = Number(__ENV.STORM_WEBHOOK_WAIT || 90);

const accepted = new Counter('load_submissions_accepted');
const delivered = new Counter('load_webhook_results_updated');
const missing = new Counter('load_webhook_missing');
const badSignatures = new Counter('load_webhook_bad_signatures');
const allDeliveries = new Counter('load_webhook_deliveries');
const lagP50 = new Gauge('load_webhook_lag_p50_ms');
const lagP95 = new Gauge('load_webhook_lag_p95_ms');
const lagMax = new Gauge('load_webhook_lag_max_ms');
const drain = new Gauge('load_webhook_drain_after_storm_ms');

export const options = {
  setupTimeout: '300s',
  teardownTimeout: `${WEBHOOK_WAIT + 30}s`,
  scenarios: {
    storm: {
      executor: 'per-vu-iterations',
      vus: COMMITTEES,
      iterations: RACES,
      maxDuration: '120s',
      exec: 'committee',
      tags: { phase: 'main' },
    },
  },
  thresholds: phaseThresholds('phase:main', {
    'http_req_failed{phase:main}': ['rate<0.01'],
    'http_req_duration{phase:main,kind:submit}': ['p(95)<2500'],
    'http_req_duration{phase:main,kind:standings}': ['p(95)<1000'],
    'checks{phase:main}': ['rate>0.99'],
    load_submissions_accepted: [`count==${COMMITTEES * RACES}`],
    load_webhook_missing: ['count==0'],
    load_webhook_bad_signatures: ['count==0'],
    load_webhook_results_updated: [`count>=${COMMITTEES * RACES}`],
    // Deliveries keep flowing during the storm: fact to receiver within 15 s for 95% of messages.
    load_webhook_lag_p95_ms: ['value<15000'],
  }),
};

export function setup() {
  const organizer = newActor('committee');
  const organization = createOrganization(organizer);
  const regattas = [];
  for (let c = 0; c < COMMITTEES; c += 1) {
    // One extra race per regatta: the probe that waits for results-scoring's projections.
    const regatta = buildRegatta(organizer, organization, { fleets: 1, races: RACES + 1, boats: BOATS });
    const fleet = regatta.fleets[0];
    regattas.push({ slug: regatta.event.slug, races: fleet.races, boats: fleet.boats });
  }
  for (const regatta of regattas) submitWhenReady(organizer, { slug: regatta.slug }, regatta.races[RACES], regatta.boats);
  const hook = `storm-${unique()}`;
  createWebhook(organizer, organization, hook, ['results.updated', 'standings.updated', 'race.started', 'race.completed']);
  return { key: organizer.key, regattas, hook, startedAt: Date.now() };
}

export const committee = timed((data) => {
  const regatta = data.regattas[(exec.vu.idInTest - 1) % data.regattas.length];
  const race = regatta.races[exec.vu.iterationInScenario % RACES];
  // A finishing order of its own per race, so every race scores differently.
  const order = regatta.boats.slice().sort(() => Math.random() - 0.5);
  const res = submitResults({ key: data.key }, { slug: regatta.slug }, race, order, {
    name: 'POST /events/{slug}/races/{raceId}/results',
    tags: { kind: 'submit' },
  });
  const ok = check(res, { 'submit: 200': (r) => r.status === 200 || r.status === 201 });
  if (ok) accepted.add(1);
  const standings = call('GET', `/api/v1/events/${regatta.slug}/standings`, null, {
    key: data.key,
    name: 'GET /events/{slug}/standings',
    tags: { kind: 'standings' },
  });
  check(standings, { 'standings: 200': (r) => r.status === 200 });
});

export function teardown(data) {
  const expected = COMMITTEES * RACES;
  const started = Date.now();
  const stats = poll(
    () => receiverStats(data.hook),
    (s) => (s.byEvent['results.updated'] || 0) >= expected,
    WEBHOOK_WAIT,
  );
  drain.add(Date.now() - started);
  const got = stats.byEvent['results.updated'] || 0;
  delivered.add(got);
  missing.add(Math.max(0, expected - got));
  badSignatures.add(stats.badSignatures + stats.unverified);
  allDeliveries.add(stats.deliveries);
  if (stats.lagMs.count > 0) {
    lagP50.add(stats.lagMs.p50);
    lagP95.add(stats.lagMs.p95);
    lagMax.add(stats.lagMs.max);
  }
  console.log(`webhook receiver: ${JSON.stringify(stats)}`);
  check(stats, {
    'webhooks: a results.updated per accepted submission': () => got >= expected,
    'webhooks: every signature verifies': (s) => s.badSignatures === 0 && s.unverified === 0,
  });
}
