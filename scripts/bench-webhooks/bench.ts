/**
 * Webhook delivery benchmark, end to end: results submitted through the gateway
 * (POST /api/v1/events/{slug}/races/{raceId}/results → results-scoring → outbox → Kafka → webhooks
 * consumer → dispatcher) to the signed results.updated delivery reaching a local receiver, for 10
 * subscribers (10 webhooks of the organization on one receiver).
 *
 * Starts the whole stack (all services and the gateway, fresh database and topics) in BENCH_SLOT
 * (default 17: gateway on 35080, clear of the test (0), load (7) and other bench slots), sets up one
 * published regatta through the API (BENCH_FLEETS fleets, default 4, each with 6 boats and 6 races),
 * then submits the results of one race BENCH_RATE times per second (round robin over all races, every
 * boat with a new random finish time) for BENCH_SECONDS seconds. Every delivery's two
 * signatures are verified. Each delivery is matched to the submission that caused it by X-Request-Id
 * (the gateway's request id, carried by the fact and the delivery) and the race id.
 *
 * Prints: submissions and their API latency; deliveries per second; p50/p99 from the API call to the
 * signed delivery at the receiver; and where the time goes (from the database: fact created → relayed
 * to Kafka by results-scoring's outbox, → consumed by webhooks, → first delivery attempt sent).
 *
 *   npm run bench:webhooks                       # 20 submissions/s for 20 s (4000 deliveries)
 *   BENCH_RATE=40 BENCH_SECONDS=30 npm run bench:webhooks
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ApiClient, createOrganization, deleteTopics, infraFromEnv, newActor, startStack, type ApiResponse } from '@regatta/testing';
import { verifyServiceSignature, verifyStandardSignature } from '../../services/webhooks/src/domain/signature.js';
import { startReceiver } from '../../services/webhooks/test/helpers.js';

const SLOT = Number(process.env['BENCH_SLOT'] ?? 17);
const RATE = Number(process.env['BENCH_RATE'] ?? 20);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const FLEETS = Number(process.env['BENCH_FLEETS'] ?? 4);
const BOATS = 6;
const RACES = 6;
const SUBSCRIBERS = 10;
const DRAIN_TIMEOUT_MS = 45_000;
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${pct(sorted, 50).toFixed(0)} ms, p99 ${pct(sorted, 99).toFixed(0)} ms, max ${pct(sorted, 100).toFixed(0)} ms`;
};

async function ok<T = any>(promise: Promise<ApiResponse<T>>, status: number, what: string): Promise<T> {
  const response = await promise;
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
}

/** Retries while the answer only means "not there yet" (a projection on its way through Kafka). */
async function eventually<T = any>(run: () => Promise<ApiResponse<T>>, status: number, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await run();
    if (response.status === status) return response.body;
    if (Date.now() > deadline) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
    await sleep(100);
  }
}

const wall = Date.now();
const stack = await startStack({ slot: SLOT, databaseName: `regatta_bench_${SLOT}`, env: { LOG_LEVEL: 'warn', RATE_LIMIT_DEFAULT: '100000000' } });
const receiver = await startReceiver(() => ({ status: 204 }));
const db = new pg.Client({ connectionString: stack.databaseUrl });
await db.connect();
try {
  // ---- set-up through the API
  const api = new ApiClient(stack.gatewayUrl);
  const organizer = await newActor(api);
  const org = await createOrganization(api, organizer);
  const key = organizer.key;
  const start = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY + 10 * 3_600_000);
  const event = (
    await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Bench Regatta ${randomUUID().slice(0, 8)}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * DAY).toISOString() }, { key }),
      201,
      'create event',
    )
  ).data as { id: string; slug: string };
  const slug = event.slug;
  const fleets: Array<{ id: string; races: string[]; boats: string[] }> = [];
  for (let f = 0; f < FLEETS; f += 1) {
    const fleet = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: `Fleet ${f + 1}` }, { key }), 201, 'create fleet')).data as { id: string };
    fleets.push({ id: fleet.id, races: [], boats: [] });
  }
  await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }), 200, 'publish event');
  for (const fleet of fleets) {
    for (let r = 1; r <= RACES; r += 1) {
      const race = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet.id, raceNumber: r, scheduledStart: new Date(start.getTime() + (r - 1) * 3_600_000).toISOString() }, { key }), 201, 'race')).data;
      fleet.races.push(race.id as string);
    }
    for (let b = 0; b < BOATS; b += 1) {
      const suffix = randomUUID().slice(0, 8);
      const registration = (
        await ok(
          api.post(`/api/v1/events/${slug}/register`, { fleet: fleet.id, boat: { name: `Boat ${suffix}`, sailNumber: `B ${suffix}` }, sailor: { name: `Skipper ${suffix}`, email: `s-${suffix}@example.org` } }, { key }),
          201,
          'register',
        )
      ).data;
      fleet.boats.push(registration.boatId as string);
    }
  }
  const secrets = new Map<string, string>();
  for (let index = 0; index < SUBSCRIBERS; index += 1) {
    const created = await eventually(() => api.post('/api/v1/webhooks', { url: `${receiver.url}/${index}`, events: ['results.updated'], organizationId: org.id }, { key }), 201, 'create webhook');
    secrets.set(`/hook/${index}`, created.data.secret as string);
  }

  // ---- the hot path: plain fetch (no contract check in the client), one submission per call
  const races = fleets.flatMap((fleet) => fleet.races.map((raceId, index) => ({ fleet, raceId, raceStart: new Date(start.getTime() + index * 3_600_000) })));
  const sent = new Map<string, { startedAt: number; answeredAt: number; raceId: string }>();
  let failures = 0;
  const failureStatuses = new Map<number, number>();
  const submit = async (n: number) => {
    const { fleet, raceId, raceStart } = races[n % races.length]!;
    const results = fleet.boats.map((boat) => ({ boat, finishTime: new Date(raceStart.getTime() + (1800 + Math.floor(Math.random() * 1800)) * 1000).toISOString(), status: 'finished' }));
    const startedAt = Date.now();
    let status = 0;
    let requestId: string | null = null;
    try {
      const response = await fetch(`${stack.gatewayUrl}/api/v1/events/${slug}/races/${raceId}/results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ actualStart: raceStart.toISOString(), status: 'finished', results }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      status = response.status;
      requestId = response.headers.get('x-request-id');
    } catch {
      // status 0: no answer (timeout, connection error)
    }
    if (status === 200 && requestId) sent.set(requestId, { startedAt, answeredAt: Date.now(), raceId });
    else {
      failures += 1;
      failureStatuses.set(status, (failureStatuses.get(status) ?? 0) + 1);
    }
  };
  const matched = (entry: { headers: Record<string, unknown>; json: { data: Record<string, unknown> } }) => {
    const origin = sent.get(String(entry.headers['x-request-id']));
    return origin && origin.raceId === entry.json.data['raceId'] ? origin : undefined;
  };

  // Warm-up: every race once (the results-scoring projection has all boats, consumers have joined).
  await Promise.all(races.map((_, n) => submit(n)));
  await receiver.waitFor((all) => all.filter((entry) => matched(entry)).length >= races.length * SUBSCRIBERS, 60_000, 'warm-up deliveries');
  if (failures > 0) throw new Error(`${failures} warm-up submissions failed`);
  receiver.received.length = 0;
  sent.clear();

  // ---- steady stream: RATE submissions per second, each started on schedule (not waiting for the previous)
  const total = RATE * SECONDS;
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    const call = submit(n).finally(() => inFlight.delete(call));
    inFlight.add(call);
  }
  await Promise.all(inFlight);
  const submittedIn = (Date.now() - started) / 1000;
  const expected = sent.size * SUBSCRIBERS;
  const count = () => receiver.received.filter((entry) => matched(entry)).length;
  const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (count() < expected && Date.now() < drainDeadline) await sleep(50);

  // ---- results
  const deliveries = receiver.received.filter((entry) => matched(entry));
  const nowSeconds = Math.floor(Date.now() / 1000);
  let bad = 0;
  const latencies: number[] = [];
  for (const entry of deliveries) {
    const secret = secrets.get(entry.path)!;
    const standard = verifyStandardSignature(
      secret,
      { id: entry.headers['webhook-id'] as string, timestamp: entry.headers['webhook-timestamp'] as string, signature: entry.headers['webhook-signature'] as string },
      entry.body,
      nowSeconds,
    );
    if (!standard || !verifyServiceSignature(secret, entry.body, entry.headers['x-service-signature'] as string)) bad += 1;
    latencies.push(entry.at - matched(entry)!.startedAt);
  }
  const last = Math.max(...deliveries.map((entry) => entry.at));
  const span = (last - started) / 1000;
  const api50 = [...sent.values()].map((s) => s.answeredAt - s.startedAt);

  // Where the time goes, from the webhooks service's own tables (same clock: one host).
  // (results-scoring's outbox row: published_at is when its relay picked the fact up for Kafka.)
  const stages = await db.query<{ relayed: number; consumed: number; dispatched: number }>(
    `SELECT EXTRACT(EPOCH FROM (o.published_at - m.created_at)) * 1000 AS relayed,
            EXTRACT(EPOCH FROM (m.received_at - o.published_at)) * 1000 AS consumed,
            EXTRACT(EPOCH FROM (a.attempted_at - m.received_at)) * 1000 AS dispatched
       FROM webhooks.messages m
       JOIN webhooks.delivery_attempts a ON a.message_id = m.id AND a.attempt = 1
       JOIN results_scoring.outbox o ON o.message_id::text = m.id
      WHERE m.event_type = 'results.updated' AND m.request_id = ANY($1::text[])`,
    [[...sent.keys()]],
  );

  console.log(`webhooks bench (slot ${SLOT}): ${SUBSCRIBERS} subscribers of results.updated; ${FLEETS} fleets × ${RACES} races × ${BOATS} boats`);
  console.log(`  submissions: ${sent.size} accepted (${failures} failed${failures > 0 ? `: ${[...failureStatuses].map(([status, n]) => `${n} × HTTP ${status}`).join(', ')}` : ''}) at ${RATE}/s in ${submittedIn.toFixed(1)} s; API answer ${summary(api50)}`);
  console.log(`  deliveries: ${deliveries.length} of ${expected} in ${span.toFixed(2)} s = ${(deliveries.length / span).toFixed(0)} deliveries/s; bad signatures: ${bad}`);
  console.log(`  results API call -> signed delivery at receiver: ${summary(latencies)}`);
  console.log(`    fact created -> relayed to Kafka (results-scoring): ${summary(stages.rows.map((row) => Number(row.relayed)))}`);
  console.log(`    relayed -> consumed by webhooks:                   ${summary(stages.rows.map((row) => Number(row.consumed)))}`);
  console.log(`    consumed -> first attempt sent (dispatcher):       ${summary(stages.rows.map((row) => Number(row.dispatched)))}`);
  console.log(`  wall time ${((Date.now() - wall) / 1000).toFixed(0)} s`);
  if (deliveries.length < expected || bad > 0 || failures > 0) process.exitCode = 1;
} finally {
  await db.end();
  await receiver.close();
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}
