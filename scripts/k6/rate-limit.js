/**
 * Rate limit: the exact 429 behaviour of a key's hourly limit. Runs against a stack whose keys get
 * RATE_LIMIT requests per hour (scripts/load.sh starts one with RATE_LIMIT_DEFAULT=RATE_LIMIT).
 *
 * Setup: a user and two fresh keys (creating keys uses the session, not the keys). Main phase: one VU
 * sends RATE_LIMIT + EXTRA requests with key A, one after the other:
 *   request i < RATE_LIMIT:  200, RateLimit-Limit = RATE_LIMIT, RateLimit-Remaining = RATE_LIMIT-1-i,
 *                            RateLimit-Reset in 1..3600 and never growing;
 *   request i >= RATE_LIMIT: 429 problem+json (code rate_limit_exceeded), RateLimit-Remaining = 0,
 *                            Retry-After in 1..3600;
 * then one request with key B: 200 with its own full budget (the limit is per key).
 * Thresholds: exactly RATE_LIMIT successes and EXTRA 429s, no header mismatch, every check passes.
 */
import { check, fail } from 'k6';
import { Counter } from 'k6/metrics';
import { call, createKey, phaseThresholds, signUp, timed } from './lib.js';

const LIMIT = Number(__ENV.RATE_LIMIT || 50);
const EXTRA = Number(__ENV.RATE_LIMIT_EXTRA || 5);

const allowed = new Counter('load_allowed');
const limited = new Counter('load_limited');
const headerErrors = new Counter('load_header_mismatches');
const otherKey = new Counter('load_other_key_allowed');

export const options = {
  setupTimeout: '60s',
  scenarios: {
    limit: { executor: 'per-vu-iterations', vus: 1, iterations: 1, maxDuration: '60s', exec: 'exhaust', tags: { phase: 'main' } },
  },
  thresholds: phaseThresholds('phase:main', {
    // 200 and 429 are both the expected answers here; anything else is an error.
    'http_req_failed{phase:main}': ['rate==0'],
    'checks{phase:main}': ['rate==1'],
    load_allowed: [`count==${LIMIT}`],
    load_limited: [`count==${EXTRA}`],
    load_header_mismatches: ['count==0'],
    load_other_key_allowed: ['count==1'],
  }),
};

export function setup() {
  const user = signUp('limited');
  const a = createKey(user.cookie, ['read']);
  const b = createKey(user.cookie, ['read']);
  // The key record states the limit this stack gives new keys: the scenario is only meaningful there.
  const keys = call('GET', '/api/v1/keys', null, { cookie: user.cookie, name: 'setup: list keys' }).json().data;
  const record = keys.find((k) => k.id === a.keyId);
  if (!record || record.rateLimit !== LIMIT) fail(`keys of this stack get rateLimit ${record && record.rateLimit}, not ${LIMIT}: start it with RATE_LIMIT_DEFAULT=${LIMIT}`);
  return { a: a.key, b: b.key };
}

const int = (value) => (value === undefined || value === null || value === '' ? NaN : Number(value));

export const exhaust = timed((data) => {
  let lastReset = Infinity;
  for (let i = 0; i < LIMIT + EXTRA; i += 1) {
    const res = call('GET', '/api/v1/events?limit=1', null, { key: data.a, name: 'GET /events (key A)', expect: [200, 429] });
    const limit = int(res.headers['Ratelimit-Limit']);
    const remaining = int(res.headers['Ratelimit-Remaining']);
    const reset = int(res.headers['Ratelimit-Reset']);
    if (i < LIMIT) {
      const ok = check(res, {
        'within the limit: 200': (r) => r.status === 200,
        'within the limit: RateLimit-Limit': () => limit === LIMIT,
        'within the limit: RateLimit-Remaining counts down': () => remaining === LIMIT - 1 - i,
        'within the limit: RateLimit-Reset in 1..3600, not growing': () => reset >= 1 && reset <= 3600 && reset <= lastReset,
      });
      if (res.status === 200) allowed.add(1);
      if (!ok) {
        headerErrors.add(1);
        console.warn(`request ${i + 1}: ${res.status} limit=${limit} remaining=${remaining} reset=${reset}`);
      }
      lastReset = reset;
    } else {
      const retryAfter = int(res.headers['Retry-After']);
      let body = {};
      try {
        body = res.json();
      } catch (_) {
        body = {};
      }
      const ok = check(res, {
        'over the limit: 429': (r) => r.status === 429,
        'over the limit: problem+json rate_limit_exceeded': (r) =>
          String(r.headers['Content-Type']).startsWith('application/problem+json') && body.code === 'rate_limit_exceeded' && body.status === 429,
        'over the limit: Retry-After in 1..3600': () => retryAfter >= 1 && retryAfter <= 3600,
        'over the limit: RateLimit-Remaining 0': () => remaining === 0 && limit === LIMIT,
      });
      if (res.status === 429) limited.add(1);
      if (!ok) {
        headerErrors.add(1);
        console.warn(`request ${i + 1}: ${res.status} limit=${limit} remaining=${remaining} retry-after=${retryAfter} body=${res.body}`);
      }
    }
  }
  const other = call('GET', '/api/v1/events?limit=1', null, { key: data.b, name: 'GET /events (key B)' });
  const fresh = check(other, {
    'another key is not limited': (r) => r.status === 200,
    'another key has its own budget': (r) => int(r.headers['Ratelimit-Remaining']) === LIMIT - 1,
  });
  if (fresh) otherKey.add(1);
});
