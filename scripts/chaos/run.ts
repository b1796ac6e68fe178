/**
 * The chaos run (`npm run chaos` = scripts/chaos.sh, which starts the run's own PostgreSQL, Redis and
 * Kafka on other ports and points DATABASE_URL, REDIS_URL and KAFKA_BROKERS at them): a whole stack on
 * those instances, a steady write load through the gateway (registrations and results submissions),
 * a local webhook receiver that counts every message id, and one scenario after another:
 *
 *   baseline · Kafka SIGKILL + restart · PostgreSQL fast stop + start · PostgreSQL SIGKILL + start ·
 *   Redis SIGKILL + restart (with a small-limit key: the hourly limit must hold) ·
 *   SIGKILL + restart of each process · SIGTERM of each process under load (exit 0 within 5 s)
 *
 * Per scenario: requests attempted, 2xx, 4xx, 5xx, connection errors, webhook messages lost and
 * duplicated (lost: facts committed during the scenario and never delivered once deliveries settled at
 * the end; duplicated: extra copies that arrived during the scenario),
 * recovery seconds (from the fault to the last failed request, or to the relays' backlog and LISTEN
 * connections being back, whichever is later) and process exits. Loopback only; bounded in time.
 * Exits 1 when an expectation failed (a lost message, a crash, a SIGTERM exit that is not 0 in 5 s, a
 * rate limit exceeded).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ApiClient, SERVICE_NAMES, createApiKey, createOrganization, deleteTopics, infraFromEnv, newActor, repoRoot, startStack, type ProcessName, type RunningStack } from '@regatta/testing';

const DAY = 86_400_000;
const chaosDir = process.env['CHAOS_DIR'] ?? join(repoRoot, '.local/chaos');
const exitDir = join(chaosDir, 'exits');
const logDir = join(chaosDir, 'logs/stack');
const slot = Number(process.env['CHAOS_SLOT'] ?? 4);
const WORKERS = Number(process.env['CHAOS_WORKERS'] ?? 4);
const PAUSE_MS = Number(process.env['CHAOS_PAUSE_MS'] ?? 50);
const REGATTAS = Number(process.env['CHAOS_REGATTAS'] ?? 6);
const BUDGET_MS = Number(process.env['CHAOS_BUDGET_SECONDS'] ?? 480) * 1000;
const LIMITED_KEY_LIMIT = 40;
const SIGTERM_EXIT_MS = 5_000;
const SCHEMAS = ['identity', 'organizations', 'events', 'results_scoring', 'sailors', 'webhooks', 'public_results'];
const PROCESSES: ProcessName[] = [...SERVICE_NAMES, 'gateway'];
const startedAt = Date.now();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
function say(message: string): void {
  process.stderr.write(`chaos [${seconds(Date.now() - startedAt).padStart(5)} s] ${message}\n`);
}

/** Runs scripts/chaos/infra.sh <command> (the run's own instances only). */
function ctl(command: string): Promise<void> {
  const log = createWriteStream(join(chaosDir, 'logs/ctl.log'), { flags: 'a' });
  log.write(`--- ${new Date().toISOString()} ${command}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(repoRoot, 'scripts/chaos/infra.sh'), command], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`chaos/infra.sh ${command} exited ${code} (see ${join(chaosDir, 'logs/ctl.log')})`))));
  });
}

// ---------------------------------------------------------------------------------------------------
// Samples of the write load

type Outcome = '2xx' | '4xx' | '5xx' | 'err';
interface Sample {
  start: number;
  end: number;
  outcome: Outcome;
  status: number;
  kind: string;
}
const samples: Sample[] = [];

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  return '5xx';
}

async function call(gatewayUrl: string, key: string, kind: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const start = Date.now();
  let status = 0;
  let json: any;
  try {
    const response = await fetch(gatewayUrl + path, {
      method,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    status = response.status;
    const text = await response.text();
    json = text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
  } catch {
    status = 0;
  }
  if (kind) samples.push({ start, end: Date.now(), outcome: status === 0 ? 'err' : outcomeOf(status), status, kind });
  return { status, json };
}

// ---------------------------------------------------------------------------------------------------
// Webhook receiver: counts deliveries per message id (webhook-id)

/** Receipt times per message id. */
const deliveries = new Map<string, number[]>();
async function startReceiver(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      if (id) deliveries.set(id, [...(deliveries.get(id) ?? []), Date.now()]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, close: () => server.close() };
}

// ---------------------------------------------------------------------------------------------------
// The regattas the load writes to

interface Regatta {
  slug: string;
  fleetId: string;
  raceIds: string[];
  boats: string[];
  start: Date;
}

async function ok(promise: Promise<{ status: number; json: any }>, expected: number, what: string): Promise<any> {
  const response = await promise;
  if (response.status !== expected) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.json).slice(0, 300)}`);
  return response.json;
}

async function setUpRegatta(gatewayUrl: string, key: string, orgSlug: string, index: number): Promise<Regatta> {
  const post = (path: string, body: unknown) => call(gatewayUrl, key, '', 'POST', path, body);
  const start = new Date(Math.floor((Date.now() + (10 + index) * DAY) / DAY) * DAY);
  const created = await ok(post('/api/v1/events', { organization: orgSlug, name: `Chaos Cup ${index} ${randomUUID().slice(0, 6)}`, venue: 'Loopback Bay', startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * DAY).toISOString() }), 201, 'event');
  const slug = created.data.slug as string;
  await ok(call(gatewayUrl, key, '', 'PUT', `/api/v1/events/${slug}`, { status: 'published' }), 200, 'publish');
  const fleetId = (await ok(post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers', maxBoats: 10_000 }), 201, 'fleet')).data.id as string;
  const raceIds: string[] = [];
  for (let number = 1; number <= 4; number += 1) {
    raceIds.push((await ok(post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: new Date(start.getTime() + number * 3_600_000).toISOString() }), 201, 'race')).data.id);
  }
  const boats: string[] = [];
  for (let boat = 1; boat <= 5; boat += 1) {
    const body = { fleet: fleetId, boat: { name: `Setup ${boat}`, sailNumber: `SET ${index}${boat}` }, sailor: { name: `Skipper ${boat}`, email: `chaos-${randomUUID().slice(0, 8)}@example.org` } };
    boats.push((await ok(post(`/api/v1/events/${slug}/register`, body), 201, 'registration')).data.boatId);
  }
  return { slug, fleetId, raceIds, boats, start };
}

function resultsBody(regatta: Regatta, race: number) {
  const start = new Date(regatta.start.getTime() + (race + 1) * 3_600_000);
  return {
    actualStart: start.toISOString(),
    status: 'finished',
    results: regatta.boats.map((boat) => ({ boat, finishTime: new Date(start.getTime() + (1_800 + Math.floor(Math.random() * 600)) * 1000).toISOString(), status: 'finished' })),
  };
}

let loadRunning = true;
let sailNumber = 0;
async function worker(gatewayUrl: string, key: string, regattas: Regatta[], index: number): Promise<void> {
  for (let n = 0; loadRunning; n += 1) {
    const regatta = regattas[(index + n) % regattas.length]!;
    if (n % 2 === 0) {
      sailNumber += 1;
      await call(gatewayUrl, key, 'register', 'POST', `/api/v1/events/${regatta.slug}/register`, {
        fleet: regatta.fleetId,
        boat: { name: `Load ${sailNumber}`, sailNumber: `LD ${sailNumber}` },
        sailor: { name: `Sailor ${sailNumber}`, email: `load-${sailNumber}-${randomUUID().slice(0, 6)}@example.org` },
      });
    } else {
      const race = (index + n) % regatta.raceIds.length;
      await call(gatewayUrl, key, 'results', 'POST', `/api/v1/events/${regatta.slug}/races/${regatta.raceIds[race]}/results`, resultsBody(regatta, race));
    }
    await sleep(PAUSE_MS);
  }
}

// ---------------------------------------------------------------------------------------------------
// Observations in the chaos database (a pool of its own, every error handled)

let monitor: pg.Pool;
function monitorPool(databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 1_000, statement_timeout: 2_000, application_name: 'chaos-monitor' } as pg.PoolConfig);
  pool.on('error', () => undefined);
  return pool;
}

/** Age in ms of the oldest unpublished outbox row over all services, or undefined when unreachable. */
async function backlogAgeMs(): Promise<number | undefined> {
  try {
    const union = SCHEMAS.map((schema) => `SELECT min(created_at) AS oldest FROM ${schema}.outbox WHERE published_at IS NULL`).join(' UNION ALL ');
    const result = await monitor.query<{ age: number | null }>(`SELECT extract(epoch FROM now() - min(oldest)) * 1000 AS age FROM (${union}) AS o`);
    return Number(result.rows[0]?.age ?? 0);
  } catch {
    return undefined;
  }
}

/** LISTEN connections of the stack's processes (relays, the dispatcher, public-results' feed). */
async function listeners(databaseName: string): Promise<number | undefined> {
  try {
    const result = await monitor.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN %'`, [databaseName]);
    return result.rows[0]?.count ?? 0;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  from: number;
  to: number;
  fault?: number;
  /** When the relays' backlog and LISTEN connections were back after the fault (infra scenarios). */
  backAt?: number;
  exits: string[];
  notes: string[];
  failures: string[];
  lost: number;
  duplicated: number;
}
const scenarios: Scenario[] = [];
const skipped: string[] = [];

function readExit(pid: number | undefined): { code: number | null; at: number } | undefined {
  if (!pid) return undefined;
  const file = join(exitDir, `${pid}.json`);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as { code: number | null; at: number };
}

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  rmSync(exitDir, { recursive: true, force: true });
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(exitDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const infra = infraFromEnv();
  say(`infrastructure: ${infra.databaseUrl} ${infra.redisUrl} ${infra.kafkaBrokers}`);
  const databaseName = 'regatta_chaos';
  const stack: RunningStack = await startStack({
    slot,
    databaseName,
    logDir,
    env: {
      LOG_LEVEL: 'info',
      RATE_LIMIT_DEFAULT: '100000000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
      WEBHOOK_RETRY_DELAYS_MS: '500,2000,5000',
      NODE_OPTIONS: `--import=${pathToFileURL(join(repoRoot, 'scripts/chaos/exit-recorder.mjs')).href}`,
      CHAOS_EXIT_DIR: exitDir,
    },
  });
  say(`stack up in slot ${slot}: ${stack.gatewayUrl}`);
  // Interrupted: stop the stack's processes before leaving (they are this process's children).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`${signal}: stopping the stack`);
      loadRunning = false;
      void stack.stop().finally(() => process.exit(130));
    });
  }
  monitor = monitorPool(stack.databaseUrl);
  const receiver = await startReceiver();
  const api = new ApiClient(stack.gatewayUrl);
  let exitCode = 0;
  try {
    const organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    // The creator's admin role reaches identity through Kafka: retry while it is on its way.
    for (let attempt = 0; ; attempt += 1) {
      const hook = await call(stack.gatewayUrl, organizer.key, '', 'POST', '/api/v1/webhooks', { url: receiver.url, events: ['registration.created', 'results.updated'], organizationId: org.id });
      if (hook.status === 201) break;
      if (attempt > 150) throw new Error(`webhook subscription refused: ${hook.status}`);
      await sleep(100);
    }
    const regattas: Regatta[] = [];
    for (let index = 0; index < REGATTAS; index += 1) regattas.push(await setUpRegatta(stack.gatewayUrl, organizer.key, org.slug, index));
    // results-scoring learns races and boats from Kafka: the first submission waits until it knows them.
    for (const regatta of regattas) {
      for (let attempt = 0; ; attempt += 1) {
        const response = await call(stack.gatewayUrl, organizer.key, '', 'POST', `/api/v1/events/${regatta.slug}/races/${regatta.raceIds[0]}/results`, resultsBody(regatta, 0));
        if (response.status === 200 || response.status === 201) break;
        if (attempt > 60) throw new Error(`results never accepted: ${response.status} ${JSON.stringify(response.json).slice(0, 300)}`);
        await sleep(250);
      }
    }
    // A key with a small hourly limit for the Redis scenario (keys get the configured default; this
    // one is lowered in identity's table before its first use, so no gateway has it cached).
    const limitedKey = await createApiKey(api, organizer.cookie, { scopes: ['read'] });
    await monitor.query(`UPDATE identity.api_keys SET rate_limit = $1 WHERE id = $2`, [LIMITED_KEY_LIMIT, limitedKey.keyId]);
    const baselineListeners = (await listeners(databaseName)) ?? 0;
    say(`set up: ${regattas.length} regattas, webhook receiver ${receiver.url}, ${baselineListeners} LISTEN connections`);

    const loadStart = Date.now();
    const load = Array.from({ length: WORKERS }, (_, index) => worker(stack.gatewayUrl, organizer.key, regattas, index));

    const run = async (name: string, body: (scenario: Scenario) => Promise<void>) => {
      if (Date.now() - startedAt > BUDGET_MS) {
        skipped.push(name);
        return;
      }
      const scenario: Scenario = { name, from: Date.now(), to: 0, exits: [], notes: [], failures: [], lost: 0, duplicated: 0 };
      say(`scenario: ${name}`);
      try {
        await body(scenario);
      } catch (error) {
        scenario.failures.push(`${name}: ${(error as Error).message}`);
      }
      // Any process that died on its own is a finding; restart it so the run goes on.
      for (const processName of PROCESSES) {
        const pid = stack.pidOf(processName);
        if (alive(pid)) continue;
        const exit = readExit(pid);
        scenario.exits.push(`${processName} died (exit ${exit?.code ?? '?'})`);
        scenario.failures.push(`${processName} died during ${name}`);
        await stack.start(processName).catch((error: Error) => scenario.failures.push(`${processName} restart: ${error.message}`));
      }
      scenario.to = Date.now();
      scenarios.push(scenario);
    };

    /** Waits until writes succeed again and the relays are caught up, then observes a little longer. */
    const settle = async (scenario: Scenario, options: { observeMs: number; infra?: boolean; maxMs?: number }) => {
      const deadline = Date.now() + (options.maxMs ?? 60_000);
      while (Date.now() < deadline) {
        await sleep(250);
        const since = scenario.fault ?? scenario.from;
        const recent = samples.filter((sample) => sample.end >= since);
        const lastFailure = recent.filter((sample) => sample.outcome === '5xx' || sample.outcome === 'err').at(-1);
        const okAfter = recent.filter((sample) => sample.outcome === '2xx' && sample.start > (lastFailure?.end ?? 0)).length;
        let infraBack = true;
        if (options.infra) {
          const age = await backlogAgeMs();
          const listening = await listeners(databaseName);
          infraBack = age !== undefined && age < 1_000 && listening !== undefined && listening >= baselineListeners;
          if (infraBack && scenario.backAt === undefined) scenario.backAt = Date.now();
          if (!infraBack) scenario.backAt = undefined;
        }
        if (okAfter >= 3 && infraBack) break;
      }
      if (Date.now() >= deadline) scenario.failures.push(`${scenario.name}: not recovered within ${seconds(options.maxMs ?? 60_000)} s`);
      await sleep(options.observeMs);
    };

    await run('baseline', async (scenario) => {
      await sleep(8_000);
      const age = await backlogAgeMs();
      scenario.notes.push(`outbox backlog ${age === undefined ? '?' : `${Math.round(age)} ms`}`);
    });

    await run('kafka SIGKILL + restart', async (scenario) => {
      scenario.fault = Date.now();
      await ctl('kafka-kill');
      await ctl('kafka-start');
      scenario.notes.push(`broker back after ${seconds(Date.now() - scenario.fault)} s`);
      await settle(scenario, { observeMs: 3_000, infra: true, maxMs: 90_000 });
    });

    await run('postgres fast stop + start', async (scenario) => {
      scenario.fault = Date.now();
      await ctl('pg-stop-fast');
      await sleep(2_000);
      await ctl('pg-start');
      scenario.notes.push(`database back after ${seconds(Date.now() - scenario.fault)} s`);
      await settle(scenario, { observeMs: 3_000, infra: true });
    });

    await run('postgres SIGKILL + start', async (scenario) => {
      scenario.fault = Date.now();
      await ctl('pg-kill');
      await sleep(1_000);
      await ctl('pg-start');
      scenario.notes.push(`database back after ${seconds(Date.now() - scenario.fault)} s`);
      await settle(scenario, { observeMs: 3_000, infra: true });
    });

    await run('redis SIGKILL + restart', async (scenario) => {
      const probe = () => call(stack.gatewayUrl, limitedKey.key, '', 'GET', `/api/v1/events?org=${org.slug}`);
      const useUp = async (max: number) => {
        let granted = 0;
        for (let i = 0; i < max; i += 1) {
          const response = await probe();
          if (response.status === 429) break;
          if (response.status === 200) granted += 1;
        }
        return granted;
      };
      const before = await useUp(Math.floor(LIMITED_KEY_LIMIT * 0.6));
      await sleep(1_200); // the append-only file is fsynced every second
      scenario.fault = Date.now();
      await ctl('redis-kill');
      await sleep(300);
      const during = await useUp(LIMITED_KEY_LIMIT);
      await ctl('redis-start');
      const readyBy = Date.now() + 15_000;
      while (Date.now() < readyBy && (await fetch(`${stack.gatewayUrl}/health/ready`).then((r) => r.status).catch(() => 0)) !== 200) await sleep(100);
      const after = await useUp(LIMITED_KEY_LIMIT);
      const total = before + during + after;
      scenario.notes.push(`key limited to ${LIMITED_KEY_LIMIT}/h: ${before} before + ${during} while Redis was down + ${after} after = ${total} granted`);
      if (total > LIMITED_KEY_LIMIT) scenario.failures.push(`rate limit exceeded across the Redis restart: ${total} > ${LIMITED_KEY_LIMIT}`);
      await settle(scenario, { observeMs: 2_000 });
    });

    for (const name of PROCESSES) {
      await run(`${name} SIGKILL + restart`, async (scenario) => {
        scenario.fault = Date.now();
        await stack.kill(name, 'SIGKILL');
        await sleep(1_000);
        await stack.start(name);
        scenario.notes.push(`up again after ${seconds(Date.now() - scenario.fault)} s`);
        await settle(scenario, { observeMs: 2_000 });
      });
    }

    for (const name of PROCESSES) {
      await run(`${name} SIGTERM under load`, async (scenario) => {
        await sleep(1_000);
        const pid = stack.pidOf(name);
        scenario.fault = Date.now();
        await stack.kill(name, 'SIGTERM');
        const tookMs = Date.now() - scenario.fault;
        await sleep(50);
        const exit = readExit(pid);
        scenario.exits.push(`${name}: ${exit?.code ?? '?'} in ${seconds(tookMs)} s`);
        if (exit?.code !== 0 || tookMs > SIGTERM_EXIT_MS) scenario.failures.push(`${name} SIGTERM: exit ${exit?.code ?? '?'} after ${seconds(tookMs)} s`);
        await stack.start(name);
        await settle(scenario, { observeMs: 2_000 });
      });
    }

    loadRunning = false;
    await Promise.all(load);

    // Every registration.created and results.updated committed since the load began must reach the
    // receiver (the webhook was subscribed before): wait for deliveries to settle, then count.
    const expectedSql = `
      SELECT message_id::text AS id, extract(epoch FROM created_at) * 1000 AS at FROM events.outbox
       WHERE headers->>'fact-type' = 'registration.created' AND created_at >= to_timestamp($1 / 1000.0)
      UNION ALL
      SELECT message_id::text, extract(epoch FROM created_at) * 1000 FROM results_scoring.outbox
       WHERE headers->>'fact-type' = 'results.updated' AND created_at >= to_timestamp($1 / 1000.0)`;
    let expected: Array<{ id: string; at: number }> = [];
    const settleBy = Date.now() + 120_000;
    for (;;) {
      expected = (await monitor.query<{ id: string; at: number }>(expectedSql, [loadStart])).rows.map((row) => ({ id: row.id, at: Number(row.at) }));
      const missing = expected.filter((row) => !deliveries.has(row.id)).length;
      if (missing === 0 || Date.now() > settleBy) break;
      await sleep(500);
    }
    const scenarioAt = (at: number) => scenarios.find((scenario) => at >= scenario.from && at < scenario.to) ?? scenarios.at(-1)!;
    // A lost message counts where its fact was committed; a duplicate where the extra copy arrived.
    for (const row of expected) if (!deliveries.has(row.id)) scenarioAt(row.at).lost += 1;
    for (const times of deliveries.values()) for (const at of times.slice(1)) scenarioAt(at).duplicated += 1;

    // Report
    const header = ['scenario', 'attempted', '2xx', '4xx', '5xx', 'of which 500', 'conn err', 'lost', 'dup', 'recovery s', 'process exits'];
    const rows = scenarios.map((scenario) => {
      const mine = samples.filter((sample) => sample.start >= scenario.from && sample.start < scenario.to);
      const count = (outcome: Outcome) => String(mine.filter((sample) => sample.outcome === outcome).length);
      const since = scenario.fault ?? scenario.from;
      const lastFailure = mine.filter((sample) => (sample.outcome === '5xx' || sample.outcome === 'err') && sample.end >= since).at(-1);
      const recovery = Math.max(lastFailure ? lastFailure.end - since : 0, scenario.backAt ? scenario.backAt - since : 0);
      const internal = String(mine.filter((sample) => sample.status === 500).length);
      return [scenario.name, String(mine.length), count('2xx'), count('4xx'), count('5xx'), internal, count('err'), String(scenario.lost), String(scenario.duplicated), scenario.fault ? seconds(recovery) : '-', scenario.exits.join('; ') || '-'];
    });
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
    const table = [line(header), `|${widths.map((width, column) => (column === 0 || column === header.length - 1 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');

    const statuses = new Map<string, number>();
    for (const sample of samples) if (sample.outcome !== '2xx') statuses.set(`${sample.kind} ${sample.status || 'conn err'}`, (statuses.get(`${sample.kind} ${sample.status || 'conn err'}`) ?? 0) + 1);
    const logText = (name: ProcessName) => {
      const file = join(logDir, `${name}-${slot}.log`);
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    };
    const deadlocks = (logText('sailors').match(/deadlock detected/g) ?? []).length;
    const crashes = PROCESSES.map((name) => [name, (logText(name).match(/Emitted 'error' event|Connection terminated unexpectedly\n\s+at|Uncaught|uncaughtException/g) ?? []).length] as const).filter(([, count]) => count > 0);
    const notes = scenarios.filter((scenario) => scenario.notes.length > 0).map((scenario) => `- ${scenario.name}: ${scenario.notes.join('; ')}`);
    const failures = scenarios.flatMap((scenario) => scenario.failures);
    const lost = scenarios.reduce((sum, scenario) => sum + scenario.lost, 0);
    if (lost > 0) failures.push(`${lost} webhook message(s) never delivered`);
    // An outage is a 503 (or 502/504 from the gateway), never a 500: a 500 is a bug.
    const internalErrors = samples.filter((sample) => sample.status === 500).length;
    if (internalErrors > 0) failures.push(`${internalErrors} response(s) were 500 Internal Server Error`);
    if (deadlocks > 0) failures.push(`${deadlocks} "deadlock detected" in the sailors service's log`);
    for (const [name, count] of crashes) failures.push(`${name}: ${count} unhandled error(s) in its log`);
    const report = [
      `Chaos run ${new Date(startedAt).toISOString()}: ${WORKERS} writers (registrations and results through the gateway), ${expected.length} webhook messages expected, ${[...deliveries.values()].reduce((sum, times) => sum + times.length, 0)} deliveries received, ${seconds(Date.now() - startedAt)} s`,
      '',
      table,
      '',
      ...notes,
      `- non-2xx by request: ${[...statuses].map(([what, count]) => `${what}: ${count}`).join(', ') || 'none'}`,
      `- sailors "deadlock detected": ${deadlocks}`,
      ...(skipped.length > 0 ? [`- skipped (time budget): ${skipped.join(', ')}`] : []),
      '',
      failures.length > 0 ? `FAILED:\n${failures.map((failure) => `- ${failure}`).join('\n')}` : 'all expectations held',
    ].join('\n');
    process.stdout.write(`${report}\n`);
    writeFileSync(join(chaosDir, 'report.md'), `${report}\n`);
    exitCode = failures.length > 0 ? 1 : 0;
  } finally {
    loadRunning = false;
    receiver.close();
    await monitor.end().catch(() => undefined);
    await stack.stop();
    await deleteTopics(infra.kafkaBrokers, stack.topicPrefix).catch(() => undefined);
  }
  return exitCode;
}

const code = await main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${(error as Error).stack ?? String(error)}\n`);
  return 2;
});
process.exit(code);
