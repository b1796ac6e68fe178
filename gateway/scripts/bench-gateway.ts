/**
 * Gateway overhead benchmark (npm run bench:gateway): GET /api/v1/events/{slug} of a published regatta
 * through the gateway with a bearer key (authenticated, rate-limited, proxied) and the same GET
 * straight to the events service with a valid assertion header, in one run. Prints, side by side:
 * throughput and p50/p99 both ways, their ratio, and the CPU the gateway and the events process used
 * per request served (utime + stime from /proc/<pid>/stat before and after each timed run).
 * Loopback only, bounded in time. Measured twice, both printed: with autocannon (a Node load
 * generator, BENCH_DURATION) and with wrk (C, far cheaper per request, so the processes measured get
 * more of the cores): one thread, 16 keep-alive connections, 8 s after a 2 s warm-up (WRK_PATH, or
 * wrk on the PATH; scripts/bench-gateway.sh installs it; without wrk the wrk rows are skipped).
 *
 * Uses the stack at E2E_GATEWAY_URL / E2E_SERVICE_URLS when set (scripts/with-stack.ts; process ids
 * found by listening port), else starts identity + organizations + events + gateway on slot
 * BENCH_SLOT (default 20) and stops them afterwards.
 * BENCH_DURATION (seconds per run, default 10, max 45), BENCH_CONNECTIONS (default 16), BENCH_ROUNDS
 * (default 1): the runs are repeated in turn (baseline, gateway, direct, baseline, ...) and summed,
 * so a burst of load from elsewhere on the machine falls on every side alike.
 * BENCH_BASELINE_GATEWAY=<path to another build's main.js>: also measures that gateway (same stack,
 * next port), for before/after figures from one run.
 * BENCH_PROFILE=<dir>: the gateway and events run with --cpu-prof into <dir>; their top self-time frames are printed.
 * With wrk, a bare relay (scripts/bare-relay.ts: node:http, keep-alive, nothing else) in front of
 * events is measured in turn too: the floor any Node proxy pays for the second hop, so the gateway's
 * own work is what it costs above the relay.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import {
  WRK,
  WRK_CONNECTIONS,
  WRK_SECONDS,
  WRK_WARMUP_SECONDS,
  cpuPerRequest,
  cpuSeconds,
  emptyMeasure,
  median,
  perSecond,
  pidListeningOn,
  runWrk,
  wrkAvailable,
  type Measured,
} from './bench-measure.js';
import { ApiClient, createOrganization, newActor, repoRoot, startStack, uniqueSuffix, waitForHttp, type RunningStack } from '@regatta/testing';

const duration = Math.min(45, Math.max(1, Number(process.env['BENCH_DURATION'] ?? 10)));
const connections = Math.max(1, Number(process.env['BENCH_CONNECTIONS'] ?? 16));
const rounds = Math.min(10, Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 1)));
const baselineEntry = process.env['BENCH_BASELINE_GATEWAY'] ? resolve(process.env['BENCH_BASELINE_GATEWAY']) : undefined;
const profileDir = process.env['BENCH_PROFILE'] ? resolve(process.env['BENCH_PROFILE']) : undefined;
const out = (line: string) => process.stdout.write(`${line}\n`);

let stack: RunningStack | undefined;
let baselineChild: ChildProcess | undefined;
let relayChild: ChildProcess | undefined;
let gatewayUrl = process.env['E2E_GATEWAY_URL'];
const serviceUrls = process.env['E2E_SERVICE_URLS'] ? (JSON.parse(process.env['E2E_SERVICE_URLS']) as Record<string, string>) : undefined;
let eventsUrl = serviceUrls?.['events'];
if (!gatewayUrl || !eventsUrl) {
  const slot = Number(process.env['BENCH_SLOT'] ?? 20);
  out(`starting identity, organizations, events and gateway on slot ${slot}...`);
  stack = await startStack({ slot, only: ['identity', 'organizations', 'events', 'gateway'], env: { RATE_LIMIT_DEFAULT: '100000000', LOG_LEVEL: 'warn' } });
  gatewayUrl = stack.gatewayUrl;
  eventsUrl = stack.urlOf('events');
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
    for (const name of ['gateway', 'events'] as const) {
      await stack.kill(name, 'SIGTERM');
      await stack.start(name, {}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`]);
    }
  }
}

const pidOf = (name: 'gateway' | 'events', url: string) => stack?.pidOf(name) ?? pidListeningOn(Number(new URL(url).port));

async function run(into: Measured, title: string, url: string, headers: Record<string, string>, watched: Record<string, number | undefined>): Promise<void> {
  // Warm up connections, caches and the JIT first.
  await autocannon({ url, headers, connections, duration: 2 });
  const before = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, pid ? cpuSeconds(pid) : undefined]));
  const started = process.hrtime.bigint();
  const result = await autocannon({ url, headers, connections, duration, title });
  into.seconds += Number(process.hrtime.bigint() - started) / 1e9;
  into.requests += result.requests.total;
  into.non2xx += result.non2xx;
  into.errors += result.errors;
  into.p50.push(result.latency.p50);
  into.p99.push(result.latency.p99);
  for (const [name, pid] of Object.entries(watched)) {
    const start = before[name];
    if (pid && start !== undefined) into.cpuSeconds[name] = (into.cpuSeconds[name] ?? 0) + (cpuSeconds(pid) - start);
  }
}

async function startBaselineGateway(entry: string): Promise<{ url: string; pid: number }> {
  if (!stack) throw new Error('BENCH_BASELINE_GATEWAY needs the benchmark to start its own stack (unset E2E_GATEWAY_URL)');
  const port = Number(new URL(stack.gatewayUrl).port) + 1;
  const child = spawn(process.execPath, [entry], {
    cwd: join(repoRoot, 'gateway'),
    env: { ...process.env, ...stack.env, PORT: String(port) },
    stdio: 'ignore',
  });
  baselineChild = child;
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/live`);
  return { url, pid: child.pid! };
}

/** The bare relay in front of `upstream` on `port`. */
async function startRelay(upstream: string): Promise<{ url: string; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'gateway/scripts/bare-relay.ts'), '0', upstream], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  relayChild = child;
  const port = await new Promise<string>((resolvePort, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolvePort(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the bare relay exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/live`);
  return { url, pid: child.pid! };
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

try {
  const api = new ApiClient(gatewayUrl!);
  const actor = await newActor(api);
  const org = await createOrganization(api, actor);
  // events learns of the organization from Kafka: retry until it accepts the regatta.
  const day = 86_400_000;
  const start = new Date(Math.floor((Date.now() + 10 * day) / day) * day);
  const slug = await until('the events service to accept a regatta', async () => {
    const body = { organization: org.slug, name: `Bench Cup ${uniqueSuffix()}`, venue: 'North Bay', startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * day).toISOString() };
    const created = await api.post('/api/v1/events', body, { key: actor.key, contract: false });
    return created.status === 201 ? (created.body.data.slug as string) : undefined;
  });
  const published = await api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key: actor.key });
  if (published.status !== 200) throw new Error(`publishing failed: ${published.status} ${published.text}`);
  const path = `/api/v1/events/${slug}`;
  const check = await api.get(path, { key: actor.key });
  out(`GET ${path} through the gateway answers ${check.status}`);
  if (check.status !== 200) throw new Error(check.text);

  // The identity the gateway asserts for this key (its scopes and the creator's admin role), signed
  // afresh for each direct run: an assertion lives 60 s.
  const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], (process.env['NODE_ENV'] as 'development' | 'test' | 'production') ?? 'development', 'assertion');
  const freshAssertion = () =>
    signAssertion({ userId: actor.userId, keyId: actor.keyId, scopes: ['read', 'write', 'register', 'results', 'admin'], roles: { [org.id]: 'admin' }, via: 'key' }, secret);
  const assertion = freshAssertion();
  const direct200 = await fetch(eventsUrl + path, { headers: { [ASSERTION_HEADER]: assertion } });
  out(`GET ${path} straight to events answers ${direct200.status}`);

  const gatewayPid = pidOf('gateway', gatewayUrl!);
  const eventsPid = pidOf('events', eventsUrl!);
  const keyHeaders = { authorization: `Bearer ${actor.key}` };
  const baseline = baselineEntry ? await startBaselineGateway(baselineEntry) : undefined;
  const measuredBaseline = baseline ? emptyMeasure() : undefined;
  const throughGateway = emptyMeasure();
  const direct = emptyMeasure();
  const wrkBaseline = baseline && wrkAvailable ? emptyMeasure() : undefined;
  const wrkGateway = emptyMeasure();
  const wrkDirect = emptyMeasure();
  const relay = wrkAvailable ? await startRelay(eventsUrl!) : undefined;
  const wrkRelay = emptyMeasure();
  const watched = { gateway: gatewayPid, events: eventsPid };
  for (let round = 0; round < rounds; round += 1) {
    if (baseline && measuredBaseline) await run(measuredBaseline, 'baseline', baseline.url + path, keyHeaders, { gateway: baseline.pid, events: eventsPid });
    await run(throughGateway, 'gateway', gatewayUrl + path, keyHeaders, watched);
    await run(direct, 'direct', eventsUrl + path, { [ASSERTION_HEADER]: freshAssertion() }, watched);
    if (!wrkAvailable) continue;
    if (baseline && wrkBaseline) runWrk(wrkBaseline, baseline.url + path, keyHeaders, { gateway: baseline.pid, events: eventsPid });
    runWrk(wrkGateway, gatewayUrl + path, keyHeaders, watched);
    runWrk(wrkDirect, eventsUrl + path, { [ASSERTION_HEADER]: freshAssertion() }, watched);
    if (relay) runWrk(wrkRelay, relay.url + path, { [ASSERTION_HEADER]: freshAssertion() }, { relay: relay.pid, events: eventsPid });
  }

  const row = (name: string, m: Measured) =>
    `${name.padEnd(8)} ${perSecond(m).toFixed(0).padStart(8)} req/s   p50 ${String(median(m.p50)).padStart(5)} ms   p99 ${String(median(m.p99)).padStart(5)} ms   non-2xx ${m.non2xx}   errors ${m.errors}`;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const micros = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} µs`);
  const cores = availableParallelism();
  out(`\nGET /api/v1/events/{slug} on ${cores} cores: autocannon, ${rounds} × ${duration} s per side, ${connections} connections, loopback, the load generator on the same cores`);
  out(row('gateway', throughGateway));
  out(row('direct', direct));
  out(
    `ratio    throughput gateway/direct ${ratio(perSecond(throughGateway), perSecond(direct))}   ` +
      `p50 gateway/direct ${ratio(median(throughGateway.p50), median(direct.p50))}   p99 gateway/direct ${ratio(median(throughGateway.p99), median(direct.p99))}`,
  );
  out(`gateway cpu/request ${micros(cpuPerRequest(throughGateway, 'gateway'))} (gateway process, per request it proxied)`);
  out(`events cpu/request ${micros(cpuPerRequest(direct, 'events'))} direct, ${micros(cpuPerRequest(throughGateway, 'events'))} behind the gateway`);
  if (wrkAvailable) {
    out(`\nwrk (1 thread, ${WRK_CONNECTIONS} keep-alive connections, ${rounds} × ${WRK_SECONDS} s per side after ${WRK_WARMUP_SECONDS} s warm-up) on ${cores} cores:`);
    out(`wrk ${row('gateway', wrkGateway)}`);
    out(`wrk ${row('direct', wrkDirect)}`);
    out(`wrk ratio throughput gateway/direct ${ratio(perSecond(wrkGateway), perSecond(wrkDirect))}   p50 gateway/direct ${ratio(median(wrkGateway.p50), median(wrkDirect.p50))}`);
    out(`wrk gateway cpu/request ${micros(cpuPerRequest(wrkGateway, 'gateway'))} (gateway process, per request it proxied)`);
    out(`wrk events cpu/request ${micros(cpuPerRequest(wrkDirect, 'events'))} direct, ${micros(cpuPerRequest(wrkGateway, 'events'))} behind the gateway`);
    if (relay) {
      const relayCost = cpuPerRequest(wrkRelay, 'relay');
      const gatewayCost = cpuPerRequest(wrkGateway, 'gateway');
      out(`wrk ${row('relay', wrkRelay)}`);
      out(`wrk bare relay (node:http, keep-alive, nothing else) cpu/request ${micros(relayCost)}   ratio relay/direct ${ratio(perSecond(wrkRelay), perSecond(wrkDirect))}   events behind it ${micros(cpuPerRequest(wrkRelay, 'events'))}`);
      if (relayCost !== undefined && gatewayCost !== undefined) out(`wrk gateway's own work above the relay ${micros(gatewayCost - relayCost)} per request`);
    }
    if (wrkBaseline) {
      out(`wrk ${row('baseline', wrkBaseline)}`);
      out(`wrk baseline gateway cpu/request ${micros(cpuPerRequest(wrkBaseline, 'gateway'))}   ratio baseline/direct ${ratio(perSecond(wrkBaseline), perSecond(wrkDirect))}`);
    }
  } else {
    out(`\nwrk not found (${WRK}): the wrk rows are skipped; scripts/bench-gateway.sh installs it`);
  }
  if (measuredBaseline) {
    out(`\nbaseline gateway (${baselineEntry}), measured in turn with the others:`);
    out(row('baseline', measuredBaseline));
    out(`baseline ratio throughput baseline/direct ${ratio(perSecond(measuredBaseline), perSecond(direct))}   gateway/baseline ${ratio(perSecond(throughGateway), perSecond(measuredBaseline))}`);
    out(`baseline gateway cpu/request ${micros(cpuPerRequest(measuredBaseline, 'gateway'))}`);
  }
} finally {
  await stopChild(baselineChild);
  await stopChild(relayChild);
  await stack?.stop();
}

if (profileDir) printProfile(profileDir);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
/** Top self-time frames and packages of the gateway's CPU profile. */
function printProfile(dir: string): void {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    const byId = new Map(profile.nodes.map((node) => [node.id, node] as const));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    let busy = 0;
    const byFrame = new Map<string, number>();
    const byPackage = new Map<string, number>();
    for (const [id, time] of self) {
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
      busy += time;
      const where = frame.url.replace(/^file:\/\//, '').replace(repoRoot + '/', '');
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where.startsWith('node:') ? where : where ? where.split('/').slice(0, 2).join('/') : '(native)');
      const name = `${frame.functionName || '(anonymous)'} ${where ? `${where.split('node_modules/').pop()}:${frame.lineNumber + 1}` : ''}`;
      byFrame.set(name, (byFrame.get(name) ?? 0) + time);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
    }
    out(`\nprofile ${file}: busy ${(busy / 1e6).toFixed(1)} s (excluding idle and (program)); self time by package:`);
    for (const [pkg, time] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) out(`  ${((100 * time) / busy).toFixed(1).padStart(5)} %  ${pkg}`);
    out('top self-time frames:');
    for (const [name, time] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 30)) out(`  ${((100 * time) / busy).toFixed(1).padStart(5)} %  ${name}`);
  }
}
