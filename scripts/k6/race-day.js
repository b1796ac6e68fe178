/**
 * Race day: the read-heavy mix of a regatta weekend through the gateway. Sailors, parents and
 * widgets refresh event pages, results and standings while the committee is on the water.
 *
 * Setup: an organizer, an organization, EVENTS published regattas with two fleets of BOATS boats,
 * RACES scored races per fleet (so results and standings are real work), and a read-only key per
 * reader group. Then RATE requests/s (open model: arrivals do not wait for slow answers) for DURATION:
 *   25% GET /events?status=published        10% GET /events?q=...            20% GET /events/{slug}?include=fleets,races
 *   20% GET /events/{slug}/results           20% GET /events/{slug}/standings  5% GET /organizations/{slug}
 * Thresholds: error rate < 1%, p95 < 500 ms, p99 < 1500 ms, every check passes.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import {
  buildRegatta,
  call,
  createKey,
  createOrganization,
  newActor,
  phaseThresholds,
  submitResults,
  submitWhenReady,
  timed,
  must,
} from './lib.js';

const RATE = Number(__ENV.RACE_DAY_RATE || 60);
const DURATION = __ENV.RACE_DAY_DURATION || '30s';
const EVENTS = Number(__ENV.RACE_DAY_EVENTS || 3);
const BOATS = Number(__ENV.RACE_DAY_BOATS || 12);
const RACES = Number(__ENV.RACE_DAY_RACES || 4);
const KEYS = 4;

export const options = {
  setupTimeout: '240s',
  scenarios: {
    race_day: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(20, Math.ceil(RATE / 5)),
      maxVUs: Math.max(60, RATE),
      exec: 'raceDay',
      tags: { phase: 'main' },
    },
  },
  thresholds: phaseThresholds('phase:main', {
    'http_req_failed{phase:main}': ['rate<0.01'],
    'http_req_duration{phase:main}': ['p(95)<500', 'p(99)<1500'],
    'checks{phase:main}': ['rate>0.99'],
    // Every read kind was exercised (a typo in a path would otherwise hide in the mix).
    'http_reqs{kind:standings}': ['count>0'],
    'http_reqs{kind:results}': ['count>0'],
    'http_reqs{kind:detail}': ['count>0'],
    'http_reqs{kind:list}': ['count>0'],
    // Exported per kind, for the log (no limit of their own).
    'http_req_duration{kind:list}': ['max>=0'],
    'http_req_duration{kind:search}': ['max>=0'],
    'http_req_duration{kind:detail}': ['max>=0'],
    'http_req_duration{kind:results}': ['max>=0'],
    'http_req_duration{kind:standings}': ['max>=0'],
    'http_req_duration{kind:organization}': ['max>=0'],
  }),
};

export function setup() {
  const organizer = newActor('race-day');
  const organization = createOrganization(organizer);
  const regattas = [];
  for (let e = 0; e < EVENTS; e += 1) {
    const regatta = buildRegatta(organizer, organization, { fleets: 2, races: RACES, boats: BOATS });
    for (const fleet of regatta.fleets) {
      // The first submission waits for results-scoring's projections; the rest go straight in.
      submitWhenReady(organizer, regatta.event, fleet.races[0], fleet.boats);
      for (const race of fleet.races.slice(1)) {
        const shuffled = fleet.boats.slice().sort(() => Math.random() - 0.5);
        must(submitResults(organizer, regatta.event, race, shuffled, { name: 'setup: submit results' }), [200, 201], 'results submission');
      }
    }
    regattas.push({ slug: regatta.event.slug });
  }
  const keys = [];
  for (let k = 0; k < KEYS; k += 1) keys.push(createKey(organizer.cookie, ['read']).key);
  return { regattas, keys, organizationSlug: organization.slug, query: 'Load Regatta' };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

export const raceDay = timed((data) => {
  const key = data.keys[exec.scenario.iterationInTest % data.keys.length];
  const slug = pick(data.regattas).slug;
  const roll = Math.random() * 100;
  let res;
  let kind;
  if (roll < 25) {
    kind = 'list';
    res = call('GET', '/api/v1/events?status=published&limit=20', null, { key, name: 'GET /events', tags: { kind } });
  } else if (roll < 35) {
    kind = 'search';
    res = call('GET', `/api/v1/events?q=${encodeURIComponent(data.query)}&limit=10`, null, { key, name: 'GET /events?q', tags: { kind } });
  } else if (roll < 55) {
    kind = 'detail';
    res = call('GET', `/api/v1/events/${slug}?include=fleets,races`, null, { key, name: 'GET /events/{slug}', tags: { kind } });
  } else if (roll < 75) {
    kind = 'results';
    res = call('GET', `/api/v1/events/${slug}/results`, null, { key, name: 'GET /events/{slug}/results', tags: { kind } });
  } else if (roll < 95) {
    kind = 'standings';
    res = call('GET', `/api/v1/events/${slug}/standings`, null, { key, name: 'GET /events/{slug}/standings', tags: { kind } });
  } else {
    kind = 'organization';
    res = call('GET', `/api/v1/organizations/${data.organizationSlug}`, null, { key, name: 'GET /organizations/{slug}', tags: { kind } });
  }
  check(res, {
    [`${kind}: 200`]: (r) => r.status === 200,
    [`${kind}: JSON body`]: (r) => {
      try {
        return typeof r.json() === 'object';
      } catch (_) {
        return false;
      }
    },
  });
});
