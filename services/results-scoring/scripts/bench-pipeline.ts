/**
 * Pipeline benchmark: time from a results submission (POST /events/{slug}/races/{raceId}/results on
 * the results-scoring service) to its standings.updated fact arriving on Kafka (results.v1): request,
 * scoring of the whole fleet, one transaction with the outbox, relay, broker, consumer.
 *
 * Starts results-scoring alone (from its dist/ build) on its own database and topic prefix against the
 * project's PostgreSQL and Kafka (`npm run infra` / scripts/infra.sh up), plays the events service's
 * facts for one regatta (an IRC fleet of --boats boats, --races races), then submits --runs results
 * (cycling through the races) and prints the median and p95 of both the HTTP answer and the
 * submission → standings.updated latency. Then, with every race scored, it loads the hot reads
 * (GET results, standings, series standings, each plain and with Accept-Encoding: gzip, and each
 * revalidated with If-None-Match (304, whose non-2xx count is every request); autocannon,
 * --connections, --seconds each) straight at the
 * service with a valid assertion header and prints each one's req/s, p50/p99 and the service's CPU per
 * request (utime + stime of its process over the run, from /proc, divided by the requests served).
 *
 *   node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-pipeline.ts [-- --boats 60 --races 10 --runs 30]
 *   (BENCH_SLOT picks the port/database slot; default 9.)
 *
 * BENCH_BEFORE_SRC=<dir of another results-scoring, e.g. an older commit's services/results-scoring
 * extracted with `git archive`> also starts that version (from source, no migrations, same database)
 * next to this one and loads the same reads on both, alternately, so the two are compared in one run.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { Kafka, logLevel } from 'kafkajs';
import { resolveSecret } from '@regatta/config';
import { decodeFact, encodeFact, factHeaders, factKey, factTopic, newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import { deleteTopics, infraFromEnv, startStack, waitForHttp } from '@regatta/testing';
import { arg, rng } from './bench-support.js';


/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz on Linux)
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  const boatCount = arg('boats', 60);
  const raceCount = arg('races', 10);
  const runs = arg('runs', 30);
  const slot = Number(process.env['BENCH_SLOT'] ?? 9);
  const infra = infraFromEnv();
  const stack = await startStack({ slot, databaseName: `regatta_bench_${slot}`, only: ['results-scoring'], env: { LOG_LEVEL: 'warn' } });
  const kafka = new Kafka({ clientId: 'bench-pipeline', brokers: infra.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  const consumer = kafka.consumer({ groupId: `bench-pipeline-${randomUUID()}` });
  const arrivals = new Map<string, number>();
  try {
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topic: `${stack.topicPrefix}results.v1`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        const fact = decodeFact(message.value);
        if (fact.type === 'standings.updated' && fact.requestId && !arrivals.has(fact.requestId)) arrivals.set(fact.requestId, performance.now());
      },
    });

    // The events service's part: one regatta, an IRC fleet, its races and boats.
    const organizationId = randomUUID();
    const eventId = randomUUID();
    const slug = `bench-${eventId.slice(0, 8)}`;
    const fleetId = randomUUID();
    const meta = { producer: 'events', eventId, organizationId };
    const facts: Fact[] = [
      newFact('event.created', 'eventCreated', { event: { id: eventId, organization: { id: organizationId, slug: 'bench', name: 'Bench' }, name: 'Bench Regatta', slug, status: 'published', currency: 'USD' } }, meta),
      newFact(
        'fleet.created',
        'fleetCreated',
        { fleet: { id: fleetId, eventId, name: 'IRC', scoringSystem: 'low_point', dropRaces: 0, handicap: { system: 'irc', params: {} }, penaltyBasis: 'series_entries', discardThresholds: [4, 8] } },
        meta,
      ),
      newFact(
        'series.created',
        'seriesCreated',
        { series: { id: randomUUID(), organizationId, slug: `${slug}-series`, name: 'Bench Series', year: 2025, eventIds: [eventId], scoringRule: 'sum_of_net' } },
        meta,
      ),
    ];
    const raceIds = Array.from({ length: raceCount }, () => randomUUID());
    raceIds.forEach((id, i) =>
      facts.push(newFact('race.scheduled', 'raceScheduled', { race: { id, eventId, fleetId, name: `Race ${i + 1}`, raceNumber: i + 1, status: 'scheduled', weight: 1 } }, meta)),
    );
    const rand = rng(20250601);
    const boats = Array.from({ length: boatCount }, (_, i) => ({ id: randomUUID(), tcc: Math.round((0.9 + rand() * 0.3) * 1000) / 1000, n: i + 1 }));
    for (const boat of boats) {
      facts.push(
        newFact(
          'registration.created',
          'registrationCreated',
          {
            registration: {
              id: randomUUID(),
              eventId,
              fleetId,
              userId: randomUUID(),
              sailorName: `Skipper ${boat.n}`,
              boat: { id: boat.id, name: `Boat ${boat.n}`, sailNumber: `B ${boat.n}`, ratings: { irc: boat.tcc } },
              status: 'registered',
              paymentStatus: 'paid',
              registrationTime: timestampFromDate(new Date()),
              fleetName: 'IRC',
            },
          },
          meta,
        ),
      );
    }
    for (const fact of facts) {
      await producer.send({
        topic: stack.topicPrefix + factTopic(fact.type as never),
        acks: -1,
        messages: [{ key: factKey(fact), value: Buffer.from(encodeFact(fact)), headers: factHeaders(fact) }],
      });
    }

    const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion');
    const url = stack.urlOf('results-scoring');
    const submit = async (race: number, requestId: string) => {
      const start = new Date(Date.UTC(2025, 5, 1 + race, 12));
      const results = boats.map((boat) => {
        const x = rand();
        if (x < 0.04) return { boat: boat.id, status: 'dnf' };
        if (x < 0.06) return { boat: boat.id, status: 'dns', code: 'ocs' };
        const elapsed = Math.round((3600 / boat.tcc) * (0.95 + rand() * 0.1));
        return { boat: boat.id, status: 'finished', finishTime: new Date(start.getTime() + elapsed * 1000).toISOString() };
      });
      const response = await fetch(`${url}/api/v1/events/${slug}/races/${raceIds[race]}/results`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          [ASSERTION_HEADER]: signAssertion({ userId: randomUUID(), scopes: ['results'], roles: { [organizationId]: 'admin' }, via: 'key' }, secret),
        },
        body: JSON.stringify({ actualStart: start.toISOString(), status: 'finished', results }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`submission answered ${response.status}: ${text.slice(0, 300)}`);
    };
    const waitArrival = async (requestId: string) => {
      const deadline = performance.now() + 15_000;
      while (!arrivals.has(requestId)) {
        if (performance.now() > deadline) throw new Error(`no standings.updated for ${requestId} within 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return arrivals.get(requestId)!;
    };

    // Warm-up (waits for the projections inside the request, connects everything).
    const warm = `bench-warm-${randomUUID()}`;
    await submit(0, warm);
    await waitArrival(warm);

    const http: number[] = [];
    const pipeline: number[] = [];
    for (let i = 0; i < runs; i++) {
      const requestId = `bench-${i}-${randomUUID()}`;
      const t0 = performance.now();
      await submit(i % raceCount, requestId);
      const t1 = performance.now();
      const t2 = await waitArrival(requestId);
      http.push(t1 - t0);
      pipeline.push(t2 - t0);
    }
    http.sort((a, b) => a - b);
    pipeline.sort((a, b) => a - b);
    const f = (x: number) => x.toFixed(1);
    console.log(
      `pipeline: submission → standings.updated on Kafka: median ${f(quantile(pipeline, 0.5))} ms, p95 ${f(quantile(pipeline, 0.95))} ms ` +
        `(HTTP 200 median ${f(quantile(http, 0.5))} ms, p95 ${f(quantile(http, 0.95))} ms) over ${runs} submissions; IRC fleet of ${boatCount} boats, ${raceCount} races`,
    );

    // Hot reads of the scored regatta (every race has results once runs >= races).
    // BENCH_CPU_PROF=<dir>: the service restarts under --cpu-prof and writes its profile there on stop.
    const profileDir = process.env['BENCH_CPU_PROF'];
    if (profileDir) {
      await stack.kill('results-scoring', 'SIGTERM');
      await stack.start('results-scoring', {}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
    }
    const pid = stack.pidOf('results-scoring')!;
    const connections = arg('connections', 10);
    const seconds = arg('seconds', 5);
    // Signed afresh for each read: an assertion lives a minute, the reads of both versions take longer.
    const readerId = randomUUID();
    const readAssertion = () => ({ [ASSERTION_HEADER]: signAssertion({ userId: readerId, scopes: ['read'], roles: {}, via: 'key' }, secret) });
    let readHeaders = readAssertion();
    // Each read plain and as a browser or phone asks for it (Accept-Encoding: gzip).
    const gzip = { 'accept-encoding': 'gzip' };
    // A phone polling an unchanged view: If-None-Match with the ETag the target answered (each version its own).
    const REVALIDATE = '<the target\'s ETag>';
    const reads: [string, string, Record<string, string>?][] = [
      ['results', `/api/v1/events/${slug}/results`],
      ['results gzip', `/api/v1/events/${slug}/results`, gzip],
      ['results 304', `/api/v1/events/${slug}/results`, { ...gzip, 'if-none-match': REVALIDATE }],
      ['standings', `/api/v1/events/${slug}/standings`],
      ['standings gzip', `/api/v1/events/${slug}/standings`, gzip],
      ['standings 304', `/api/v1/events/${slug}/standings`, { ...gzip, 'if-none-match': REVALIDATE }],
      ['series standings', `/api/v1/series/${slug}-series/standings`],
      ['series gzip', `/api/v1/series/${slug}-series/standings`, gzip],
      ['series 304', `/api/v1/series/${slug}-series/standings`, { ...gzip, 'if-none-match': REVALIDATE }],
    ];
    // The other version, if any: same database and topics, its own port, no migrations of its own.
    const beforeSrc = process.env['BENCH_BEFORE_SRC'];
    let before: ChildProcess | undefined;
    const targets: { label: string; url: string; pid: number }[] = [];
    if (beforeSrc) {
      const port = 20_000 + slot * 10 + 7;
      before = spawn(process.execPath, ['--conditions=@regatta/source', '--import', 'tsx', join(beforeSrc, 'src/main.ts')], {
        cwd: beforeSrc,
        env: { ...process.env, ...stack.env, PORT: String(port), MIGRATE_ON_START: 'false', LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      await waitForHttp(`http://127.0.0.1:${port}/health/live`);
      targets.push({ label: 'before', url: `http://127.0.0.1:${port}`, pid: before.pid! });
    }
    targets.push({ label: beforeSrc ? 'after' : '', url, pid });
    try {
      for (const [name, path, extra] of reads) {
        let first: string | undefined;
        for (const target of targets) {
          readHeaders = readAssertion();
          const { 'if-none-match': revalidate, ...plain } = { ...readHeaders, ...extra };
          const check = await fetch(target.url + path, { headers: plain });
          const body = await check.text();
          const sent = revalidate ? 0 : Number(check.headers.get('content-length') ?? body.length);
          if (check.status !== 200) throw new Error(`GET ${path} answered ${check.status}`);
          const headers = revalidate ? { ...plain, 'if-none-match': check.headers.get('etag') ?? '' } : plain;
          if (revalidate && (await fetch(target.url + path, { headers })).status !== 304) throw new Error(`GET ${path} with its ETag did not answer 304`);
          // Both versions must answer the same text, byte for byte.
          if (first === undefined) first = body;
          else if (first !== body) console.log(`reads: GET ${name}: the two versions answer different texts${isDeepStrictEqual(JSON.parse(first), JSON.parse(body)) ? ' (the same document)' : ''}`);
          await autocannon({ url: target.url + path, headers, connections, duration: 1 });
          const cpu0 = cpuSeconds(target.pid);
          const result = await autocannon({ url: target.url + path, headers, connections, duration: seconds });
          const cpu = cpuSeconds(target.pid) - cpu0;
          const served = result.requests.total;
          if (revalidate && result.non2xx !== result.requests.total) console.log(`reads: GET ${name}: ${result.requests.total - result.non2xx} answers were not 304`);
          console.log(
            `reads: GET ${name.padEnd(16)} ${target.label.padEnd(6)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
              `CPU ${served > 0 ? ((cpu / served) * 1e6).toFixed(0) : 'n/a'} µs/req  (${sent} bytes sent, non-2xx ${result.non2xx}; ${boatCount} boats × ${raceCount} races, ${connections} connections, ${seconds} s)`,
          );
        }
      }
      // An unknown slug: how long each version takes to answer its 404 (the projection-wait policy).
      for (const target of targets) {
        const times: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const t = performance.now();
          const response = await fetch(`${target.url}/api/v1/events/no-such-${randomUUID().slice(0, 8)}/standings`, { headers: readHeaders });
          await response.text();
          if (response.status !== 404) throw new Error(`unknown slug answered ${response.status}`);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        console.log(`reads: GET standings of an unknown slug ${target.label.padEnd(6)} 404 after ${times[2]!.toFixed(0)} ms (median of 5; min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)})`);
      }
    } finally {
      before?.kill('SIGTERM');
    }

    // A clean stop of the service (HTTP server, consumers leaving their group, relay, pool).
    const t3 = performance.now();
    await stack.kill('results-scoring', 'SIGTERM');
    console.log(`service stop: results-scoring SIGTERM → exit ${((performance.now() - t3) / 1000).toFixed(2)} s`);
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await stack.stop();
    await deleteTopics(infra.kafkaBrokers, stack.topicPrefix);
  }
}

await main();
