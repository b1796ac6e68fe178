/**
 * Revalidation benchmark (part of npm run bench:gateway): GET /api/v1/events/{slug}/standings of a
 * public regatta (30 boats, 5 races) with If-None-Match of its current tag, as phones polling the
 * standings on race day send it, measured with wrk in turn, in one run:
 *   - through the gateway, answered at the edge (gateway/src/edge-revalidation.ts);
 *   - through a second gateway of the same build with the edge off (EDGE_KAFKA_BROKERS empty), which
 *     proxies every revalidation to results-scoring: the "before";
 *   - straight to results-scoring with a minted assertion (its own 304 from the stored version).
 * Prints throughput, the ratio to the direct side and the CPU per request of the gateway and
 * results-scoring, with the core count. Starts identity, organizations, events, results-scoring and
 * the gateway on slot BENCH_SLOT + 1 (default 21) and stops them afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import { ApiClient, createOrganization, newActor, repoRoot, startStack, uniqueSuffix, waitForHttp } from '@regatta/testing';
import { WRK_CONNECTIONS, WRK_SECONDS, WRK_WARMUP_SECONDS, cpuPerRequest, emptyMeasure, median, perSecond, runWrk, wrkAvailable, type Measured } from './bench-measure.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const BOATS = 30;
const RACES = 5;
if (!wrkAvailable) {
  out('revalidation bench: wrk not found, skipped (scripts/bench-gateway.sh installs it)');
  process.exit(0);
}

const slot = Number(process.env['BENCH_SLOT'] ?? 20) + 1;
out(`\nstarting identity, organizations, events, results-scoring and gateway on slot ${slot} for the revalidation bench...`);
const stack = await startStack({ slot, only: ['identity', 'organizations', 'events', 'results-scoring', 'gateway'], env: { RATE_LIMIT_DEFAULT: '100000000', LOG_LEVEL: 'warn' } });
let edgeOff: ChildProcess | undefined;

async function ok(response: Promise<{ status: number; text: string; body: any }>, status = 200): Promise<any> {
  const answer = await response;
  if (answer.status !== status) throw new Error(`${answer.status} ${answer.text}`);
  return answer.body;
}

async function edgeAnswers(gateway: string): Promise<number> {
  const text = await (await fetch(`${gateway}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('gateway_edge_revalidations_total{outcome="edge"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

try {
  const api = new ApiClient(stack.gatewayUrl);
  const actor = await newActor(api);
  const org = await createOrganization(api, actor);
  const key = actor.key;
  const day = 86_400_000;
  const start = new Date(Math.floor((Date.now() + 10 * day) / day) * day + 12 * 3_600_000);
  let slug = '';
  for (let attempt = 0; !slug; attempt += 1) {
    const created = await api.post('/api/v1/events', { organization: org.slug, name: `Revalidation Cup ${uniqueSuffix()}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + day).toISOString() }, { key, contract: false });
    if (created.status === 201) slug = created.body.data.slug;
    else if (attempt > 80) throw new Error(`the events service did not accept a regatta: ${created.text}`);
    else await new Promise((r) => setTimeout(r, 250));
  }
  await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
  const fleet = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7' }, { key }), 201)).data.id;
  const races: string[] = [];
  for (let n = 1; n <= RACES; n += 1) races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet, raceNumber: n, scheduledStart: start.toISOString() }, { key }), 201)).data.id);
  const boats: string[] = [];
  for (let b = 0; b < BOATS; b += 1) {
    const body = { fleet, boat: { name: `Boat ${b}`, sailNumber: `GBR ${b} ${uniqueSuffix()}` }, sailor: { name: `Sailor ${b}`, email: `sailor-${b}-${uniqueSuffix()}@example.org` } };
    boats.push((await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId);
  }
  for (const [r, race] of races.entries()) {
    const order = boats.map((boat, i) => ({ boat, i: (i * (r + 3)) % BOATS }));
    const results = order.map(({ boat, i }) => ({ boat, finishTime: new Date(start.getTime() + (3_000 + 7 * i) * 1000).toISOString(), status: 'finished' }));
    for (let attempt = 0; ; attempt += 1) {
      const answer = await api.post(`/api/v1/events/${slug}/races/${race}/results`, { actualStart: start.toISOString(), status: 'finished', results }, { key, contract: false });
      if (answer.status === 200) break;
      if (attempt > 80) throw new Error(`results not accepted: ${answer.text}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const path = `/api/v1/events/${slug}/standings`;
  const gateway = stack.gatewayUrl;
  const results = stack.urlOf('results-scoring');

  // A second gateway of this build with the edge off, on the next port.
  const offPort = Number(new URL(gateway).port) + 1;
  edgeOff = spawn(process.execPath, [join(repoRoot, 'gateway/dist/main.js')], { cwd: join(repoRoot, 'gateway'), env: { ...process.env, ...stack.env, PORT: String(offPort), EDGE_KAFKA_BROKERS: '' }, stdio: 'ignore' });
  const offUrl = `http://127.0.0.1:${offPort}`;
  await waitForHttp(`${offUrl}/health/live`);

  // The tag, and the edge ready (its change feed joins after the gateway starts).
  const headers = { authorization: `Bearer ${key}` };
  let etag = '';
  const deadline = Date.now() + 60_000;
  for (;;) {
    const first = await fetch(gateway + path, { headers });
    etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const before = await edgeAnswers(gateway);
    const again = await fetch(gateway + path, { headers: { ...headers, 'if-none-match': etag } });
    await again.arrayBuffer();
    if (again.status === 304 && (await edgeAnswers(gateway)) > before) break;
    if (Date.now() > deadline) throw new Error('the edge did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  out(`GET ${path} with If-None-Match ${etag}: 304 at the edge`);

  const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'development', 'assertion');
  const assertion = () => signAssertion({ userId: actor.userId, keyId: actor.keyId, scopes: ['read', 'write', 'register', 'results', 'admin'], roles: { [org.id]: 'admin' }, via: 'key' }, secret);
  const gatewayPid = stack.pidOf('gateway');
  const resultsPid = stack.pidOf('results-scoring');
  const atEdge = emptyMeasure();
  const proxied = emptyMeasure();
  const direct = emptyMeasure();
  const conditional = { ...headers, 'if-none-match': etag };
  runWrk(atEdge, gateway + path, conditional, { gateway: gatewayPid, results: resultsPid });
  runWrk(proxied, offUrl + path, conditional, { gateway: edgeOff.pid, results: resultsPid });
  runWrk(direct, results + path, { [ASSERTION_HEADER]: assertion(), 'if-none-match': etag }, { results: resultsPid });

  const micros = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} µs`);
  const row = (m: Measured) =>
    `${perSecond(m).toFixed(0).padStart(7)} req/s   p50 ${median(m.p50).toFixed(2).padStart(6)} ms   non-2xx/3xx ${m.non2xx}   errors ${m.errors}   ratio to direct ${(perSecond(m) / perSecond(direct)).toFixed(2)}`;
  out(`\nrevalidation (GET standings, ${BOATS} boats × ${RACES} races, If-None-Match, 304) on ${availableParallelism()} cores: wrk 1 thread, ${WRK_CONNECTIONS} connections, ${WRK_SECONDS} s per side after ${WRK_WARMUP_SECONDS} s warm-up`);
  out(`reval edge       ${row(atEdge)}`);
  out(`reval edge off   ${row(proxied)}`);
  out(`reval direct     ${row(direct)}`);
  out(`reval cpu/request: gateway ${micros(cpuPerRequest(atEdge, 'gateway'))} at the edge (results-scoring ${micros(cpuPerRequest(atEdge, 'results'))}), gateway ${micros(cpuPerRequest(proxied, 'gateway'))} with the edge off + results-scoring ${micros(cpuPerRequest(proxied, 'results'))}, results-scoring ${micros(cpuPerRequest(direct, 'results'))} direct`);
} finally {
  if (edgeOff && edgeOff.exitCode === null) {
    const exited = new Promise((r) => edgeOff!.once('exit', r));
    edgeOff.kill('SIGTERM');
    await exited;
  }
  await stack.stop();
}
