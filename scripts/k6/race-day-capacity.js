/**
 * Race-day read capacity: the race-day mix (scripts/k6/race-day.js: same data, same six reads, same
 * keys) offered at a rising rate instead of a fixed one, to find the request rate at which p95
 * latency passes 100 ms.
 *
 * Open model (ramping-arrival-rate): the offered rate jumps to each step of RACE_DAY_CAPACITY_STEPS
 * (requests/s, default 50,100,200,400,600,800,1000,1200) and holds it RACE_DAY_CAPACITY_HOLD seconds (15).
 * Every request is tagged with its step (step:<rate>) from the moment its iteration starts; the first
 * RACE_DAY_CAPACITY_SETTLE seconds (2) of each step are tagged step:settle and left out, so a step is
 * measured at its own rate and not on the backlog of the one before. Before the first step,
 * RACE_DAY_CAPACITY_WARMUP seconds (5) at the first rate are tagged step:warmup and left out too.
 *
 * Per step the summary prints the offered rate, the served rate (requests started in the measured
 * window / its length), p50/p95/p99 and the error rate. A step holds when p95 < RACE_DAY_CAPACITY_P95
 * ms (100), at least 95% of the offered rate was served (k6 had the VUs to offer it: a step k6
 * could not offer is not a rate the system sustained) and under 1% of requests failed. The capacity
 * is the last step that held before the first one that did not:
 *
 *   race-day capacity: 200 req/s (p95 41.3 ms at that step)
 *
 * No threshold limits the outcome (this scenario measures; race-day.js is the one that asserts),
 * except that every step sent requests. The step table is also written to CAPACITY_OUT (JSON) and
 * CAPACITY_OUT with .txt for scripts/load.sh when that is set.
 */
import exec from 'k6/execution';
import { phaseThresholds } from './lib.js';
import { raceDay, setup as raceDaySetup } from './race-day.js';

const STEPS = (__ENV.RACE_DAY_CAPACITY_STEPS || '50,100,200,400,600,800,1000,1200')
  .split(',')
  .map((step) => Number(step.trim()))
  .filter((step) => Number.isFinite(step) && step > 0);
const HOLD = Number(__ENV.RACE_DAY_CAPACITY_HOLD || 15);
const SETTLE = Math.min(Number(__ENV.RACE_DAY_CAPACITY_SETTLE || 2), HOLD - 1);
/** Seconds at the first step's rate before the first step, left out (a fresh stack's first requests, setup's own aftermath). */
const WARMUP = Number(__ENV.RACE_DAY_CAPACITY_WARMUP || 5);
const P95_LIMIT = Number(__ENV.RACE_DAY_CAPACITY_P95 || 100);
const MAX_VUS = Number(__ENV.RACE_DAY_CAPACITY_MAX_VUS || 300);
const CAPACITY_OUT = __ENV.CAPACITY_OUT || '';
/** Served at least this share of the offered rate. */
const SERVED_SHARE = 0.95;
const MAX_ERROR_RATE = 0.01;

if (STEPS.length === 0 || !(HOLD > 1)) throw new Error('RACE_DAY_CAPACITY_STEPS needs at least one rate and RACE_DAY_CAPACITY_HOLD more than 1 s');

const stepThresholds = {};
for (const step of STEPS) {
  stepThresholds[`http_reqs{step:${step}}`] = ['count>0'];
  // Exported per step for the summary (no limit of their own).
  stepThresholds[`http_req_duration{step:${step}}`] = ['max>=0'];
  stepThresholds[`http_req_failed{step:${step}}`] = ['rate<=1'];
}

export const options = {
  setupTimeout: '240s',
  summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(50)', 'p(95)', 'p(99)', 'count'],
  scenarios: {
    race_day_capacity: {
      executor: 'ramping-arrival-rate',
      startRate: STEPS[0],
      timeUnit: '1s',
      // A warm-up at the first rate, then each step starts at once (a zero-length stage) and holds HOLD seconds.
      stages: [
        { target: STEPS[0], duration: `${WARMUP}s` },
        ...STEPS.flatMap((step) => [
          { target: step, duration: '0s' },
          { target: step, duration: `${HOLD}s` },
        ]),
      ],
      preAllocatedVUs: Math.min(MAX_VUS, Math.max(50, Math.ceil(STEPS[STEPS.length - 1] / 10))),
      maxVUs: MAX_VUS,
      exec: 'capacityStep',
      tags: { phase: 'main' },
    },
  },
  thresholds: phaseThresholds('phase:main', stepThresholds),
};

export function setup() {
  return raceDaySetup();
}

/** The step an iteration starting now belongs to: its rate, 'settle' in a step's first seconds, or 'warmup'. */
function currentStep() {
  const elapsed = (Date.now() - exec.scenario.startTime) / 1000 - WARMUP;
  if (elapsed < 0) return 'warmup';
  const index = Math.min(STEPS.length - 1, Math.floor(elapsed / HOLD));
  return elapsed - index * HOLD < SETTLE ? 'settle' : String(STEPS[index]);
}

export function capacityStep(data) {
  // A VU tag lands on every metric of the iteration (requests, checks, phase clock).
  exec.vu.metrics.tags.step = currentStep();
  raceDay(data);
}

const fmt = (value, digits = 1) => (value === undefined || value === null || Number.isNaN(value) ? '-' : value.toFixed(digits));

export function stepResults(metrics) {
  const measured = HOLD - SETTLE;
  return STEPS.map((step) => {
    const reqs = metrics[`http_reqs{step:${step}}`]?.values ?? {};
    const duration = metrics[`http_req_duration{step:${step}}`]?.values ?? {};
    const failed = metrics[`http_req_failed{step:${step}}`]?.values ?? {};
    const requests = reqs.count ?? 0;
    const served = requests / measured;
    const p95 = duration['p(95)'];
    const errorRate = failed.rate ?? 0;
    const held = requests > 0 && p95 < P95_LIMIT && served >= SERVED_SHARE * step && errorRate < MAX_ERROR_RATE;
    return { offered: step, served, requests, p50: duration['p(50)'], p95, p99: duration['p(99)'], errorRate, held };
  });
}

export function capacityOf(steps) {
  let capacity = null;
  for (const step of steps) {
    if (!step.held) break;
    capacity = step;
  }
  return capacity;
}

export function handleSummary(data) {
  const steps = stepResults(data.metrics);
  const capacity = capacityOf(steps);
  const dropped = data.metrics.dropped_iterations?.values?.count ?? 0;
  const lines = [];
  lines.push(`race-day capacity steps (${HOLD} s each, first ${SETTLE} s left out; a step holds at p95 < ${P95_LIMIT} ms, served >= ${SERVED_SHARE * 100}% of offered, errors < ${MAX_ERROR_RATE * 100}%):`);
  lines.push('  offered req/s  served req/s  requests  p50 ms  p95 ms  p99 ms  errors  holds');
  for (const step of steps) {
    lines.push(
      `  ${String(step.offered).padStart(13)}  ${fmt(step.served).padStart(12)}  ${String(step.requests).padStart(8)}  ${fmt(step.p50).padStart(6)}  ` +
        `${fmt(step.p95).padStart(6)}  ${fmt(step.p99).padStart(6)}  ${`${fmt(step.errorRate * 100, 2)}%`.padStart(6)}  ${step.held ? 'yes' : 'no'}`,
    );
  }
  lines.push(`  iterations k6 could not start (no free VU of ${MAX_VUS}): ${dropped}`);
  if (capacity) {
    lines.push(`race-day capacity: ${capacity.offered} req/s (p95 ${fmt(capacity.p95)} ms at that step)`);
  } else {
    const first = steps[0];
    lines.push(`race-day capacity: below ${first.offered} req/s (the first step did not hold: p95 ${fmt(first.p95)} ms, served ${fmt(first.served)} req/s)`);
  }
  // A step that holds after one that did not means the machine, not the rate, decided: say so.
  const later = steps.filter((step) => step.held && (!capacity || step.offered > capacity.offered));
  if (later.length > 0) {
    lines.push(`  note: a higher step held after one that did not (${later.map((step) => `${step.offered} req/s`).join(', ')}): the run was noisy; run it again on a quieter machine`);
  }
  const text = `${lines.join('\n')}\n`;
  const out = { stdout: text };
  if (CAPACITY_OUT) {
    out[CAPACITY_OUT] = `${JSON.stringify({ p95LimitMs: P95_LIMIT, holdSeconds: HOLD, settleSeconds: SETTLE, maxVUs: MAX_VUS, dropped, steps, capacity }, null, 2)}\n`;
    out[CAPACITY_OUT.replace(/\.json$/, '') + '.txt'] = text;
  }
  return out;
}
