/**
 * Registration burst: registration opens and SAILORS entries arrive at the same instant for a fleet
 * with room for CAPACITY boats.
 *
 * Setup: an organizer with the register scope, an organization, a published regatta with one fleet of
 * maxBoats CAPACITY. Main phase: SAILORS VUs wait for a common start time, then each registers one
 * sailor (on their behalf: name and email) with a boat of its own. Teardown: reads the registrations
 * back through the API.
 * Thresholds: every request answered 201, error rate 0; exactly CAPACITY answered "registered" and
 * SAILORS - CAPACITY "waitlisted"; the API lists exactly CAPACITY registered and SAILORS - CAPACITY
 * waitlisted entries; p95 < 5 s and max < 10 s (every entry serializes on the event's capacity lock).
 */
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter } from 'k6/metrics';
import { buildRegatta, call, createOrganization, must, newActor, phaseThresholds, registrationBody, timed, unique } from './lib.js';

const CAPACITY = Number(__ENV.BURST_CAPACITY || 25);
const SAILORS = Number(__ENV.BURST_SAILORS || 100);

const answeredRegistered = new Counter('load_answered_registered');
const answeredWaitlisted = new Counter('load_answered_waitlisted');
const listedRegistered = new Counter('load_listed_registered');
const listedWaitlisted = new Counter('load_listed_waitlisted');

export const options = {
  setupTimeout: '120s',
  scenarios: {
    burst: {
      executor: 'per-vu-iterations',
      vus: SAILORS,
      iterations: 1,
      maxDuration: '60s',
      exec: 'registerOne',
      tags: { phase: 'main' },
    },
  },
  thresholds: phaseThresholds('phase:main', {
    'http_req_failed{phase:main}': ['rate==0'],
    'http_req_duration{phase:main}': ['p(95)<5000', 'max<10000'],
    'checks{phase:main}': ['rate==1'],
    load_answered_registered: [`count==${CAPACITY}`],
    load_answered_waitlisted: [`count==${SAILORS - CAPACITY}`],
    load_listed_registered: [`count==${CAPACITY}`],
    load_listed_waitlisted: [`count==${SAILORS - CAPACITY}`],
  }),
};

export function setup() {
  const organizer = newActor('registrar');
  const organization = createOrganization(organizer);
  const regatta = buildRegatta(organizer, organization, { fleets: 1, races: 0, boats: 0, maxBoats: CAPACITY });
  // A common start a little ahead, so every VU is initialised and fires at the same moment.
  return { key: organizer.key, slug: regatta.event.slug, fleet: regatta.fleets[0], tag: unique(), startAt: Date.now() + 2000 };
}

export const registerOne = timed((data) => {
  const wait = data.startAt - Date.now();
  if (wait > 0) sleep(wait / 1000);
  const index = exec.vu.idInTest;
  const res = call('POST', `/api/v1/events/${data.slug}/register`, registrationBody(data.fleet, index, `${data.tag}-${index}`), {
    key: data.key,
    name: 'POST /events/{slug}/register',
  });
  let status;
  try {
    status = res.json().data.status;
  } catch (_) {
    status = undefined;
  }
  check(res, {
    'register: 201': (r) => r.status === 201,
    'register: registered or waitlisted': () => status === 'registered' || status === 'waitlisted',
  });
  if (status === 'registered') answeredRegistered.add(1);
  if (status === 'waitlisted') answeredWaitlisted.add(1);
});

function countListed(data, status) {
  let offset = 0;
  let total = 0;
  for (;;) {
    const body = must(
      call('GET', `/api/v1/events/${data.slug}/registrations?status=${status}&limit=100&offset=${offset}`, null, { key: data.key, name: 'teardown: list registrations' }),
      200,
      'registration list',
    );
    total += body.data.filter((entry) => entry.status === status).length;
    if (!body.pagination || !body.pagination.hasMore) return total;
    offset += 100;
  }
}

export function teardown(data) {
  const registered = countListed(data, 'registered');
  const waitlisted = countListed(data, 'waitlisted');
  listedRegistered.add(registered);
  listedWaitlisted.add(waitlisted);
  console.log(`registration burst: ${SAILORS} sailors for ${CAPACITY} places: listed ${registered} registered, ${waitlisted} waitlisted`);
  check(null, {
    'capacity: exactly CAPACITY registered': () => registered === CAPACITY,
    'capacity: the rest waitlisted': () => waitlisted === SAILORS - CAPACITY,
  });
}
