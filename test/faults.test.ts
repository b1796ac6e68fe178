/**
 * Infrastructure faults that fit a small time budget (the whole set under load, with a table, is
 * `npm run chaos`). A stack of its own (identity, organizations and the gateway; slot FAULTS_SLOT,
 * default 13 + STACK_SLOT) whose gateway counts hourly limits in a redis-server this file starts on a
 * free port (append-only file in a temporary directory). Database connections are killed with
 * pg_terminate_backend, only this stack's (filtered by database and application name).
 *
 * - a checked-out connection whose backend dies fails its caller, never the process; the pool drops it
 * - `listen` re-LISTENs after its connection is terminated and gives the dead connection back
 * - a service whose pooled connections are terminated under load stays alive and answers within 2 s
 * - the outbox relay wakes up again after its LISTEN connection is terminated (latency < 100 ms)
 * - the relay publishes a backlog bigger than the broker's message.max.bytes (after an outage)
 * - an hourly limit holds across a Redis restart (and when Redis comes back without the key)
 * - SIGTERM under load: a service and the gateway exit 0 within 5 s
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createPool, listen, migrate, withTransaction } from '@regatta/db';
import { createLogger } from '@regatta/logging';
import { OutboxRelay, createKafka, enqueue, messagingMigrationsDir } from '@regatta/messaging';
import { ApiClient, createApiKey, createTopics, deleteTopics, eventually, infraFromEnv, repoRoot, signUp, startStack, uniqueSuffix, type RunningStack } from '@regatta/testing';

const slot = Number(process.env['FAULTS_SLOT'] ?? 13 + Number(process.env['STACK_SLOT'] ?? 0));
const LIMIT = 20;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const logger = createLogger({ service: 'faults-test', version: '0', level: 'silent' });
const scratch = mkdtempSync(join(tmpdir(), 'regatta-faults-'));
const exitDir = join(scratch, 'exits');

let stack: RunningStack;
let api: ApiClient;
let admin: pg.Pool;
let databaseName: string;
let cookie: string;
let redis: OwnRedis;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One Redis command over a raw connection (PING, FLUSHALL); resolves with the first reply line. */
function redisCommand(port: number, ...words: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy(new Error('redis timeout')));
    socket.once('error', reject);
    socket.once('data', (data) => {
      resolve(data.toString().split('\r\n')[0] ?? '');
      socket.end();
    });
    socket.write(`*${words.length}\r\n${words.map((word) => `$${Buffer.byteLength(word)}\r\n${word}\r\n`).join('')}`);
  });
}

/** A redis-server of this test's own: append-only file, fsync every second, killed and restarted at will. */
class OwnRedis {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', this.dir], { stdio: 'ignore' });
    await eventually(async () => ((await redisCommand(this.port, 'PING').catch(() => '')) === '+PONG' ? true : undefined), 10_000, 'redis-server to answer');
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

async function terminate(filter: string, params: unknown[]): Promise<number[]> {
  const result = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND ${filter}`, [databaseName, ...params]);
  const pids = result.rows.map((row) => row.pid);
  if (pids.length > 0) await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
  return pids;
}

async function createOrg(name = `Fault Club ${uniqueSuffix()}`): Promise<{ slug: string; status: number }> {
  const response = await api.post('/api/v1/organizations', { name, type: 'yacht-club', address: { city: 'Annapolis', state: 'MD', country: 'US' } }, { cookie, contract: false });
  return { slug: response.body?.data?.slug, status: response.status };
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

function exitOf(pid: number | undefined): { code: number | null } | undefined {
  const file = join(exitDir, `${pid}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { code: number | null }) : undefined;
}

before(async () => {
  redis = new OwnRedis(await freePort(), scratch);
  await redis.start();
  stack = await startStack({
    slot,
    databaseName: `regatta_test_faults_${slot}`,
    only: ['identity', 'organizations', 'gateway'],
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DEFAULT: String(LIMIT),
      NODE_OPTIONS: `--import=${pathToFileURL(join(repoRoot, 'scripts/chaos/exit-recorder.mjs')).href}`,
      CHAOS_EXIT_DIR: exitDir,
    },
    processEnv: { gateway: { REDIS_URL: redis.url } },
  });
  databaseName = new URL(stack.databaseUrl).pathname.slice(1);
  admin = new pg.Pool({ connectionString: stack.databaseUrl, max: 2, application_name: 'faults-admin' });
  admin.on('error', () => undefined);
  api = new ApiClient(stack.gatewayUrl);
  cookie = (await signUp(api)).cookie;
});

after(async () => {
  await stack?.stop();
  if (stack) await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
  await admin?.end();
  await redis?.kill();
  rmSync(scratch, { recursive: true, force: true });
});

test('a checked-out connection whose backend dies fails its caller, not the process; the pool drops it', async () => {
  const pool = createPool({ databaseUrl: stack.databaseUrl, schema: 'public', applicationName: 'faults-inproc', max: 2 });
  pool.on('error', () => undefined);
  try {
    let victim = 0;
    await assert.rejects(
      withTransaction(pool, async (client) => {
        victim = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        await admin.query('SELECT pg_terminate_backend($1)', [victim]);
        // The client reports the dead connection while it is idle and checked out: without a listener
        // for the whole checkout that 'error' event ends the process.
        await sleep(300);
        await client.query('SELECT 1');
      }),
    );
    const after = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    assert.notEqual(after, victim, 'the dead connection is not handed out again');
    assert.equal(pool.totalCount, 1);
  } finally {
    await pool.end();
  }
});

test('listen re-LISTENs after its connection is terminated and gives the dead connection back', async () => {
  const pool = createPool({ databaseUrl: stack.databaseUrl, schema: 'public', applicationName: 'faults-listen', max: 2 });
  pool.on('error', () => undefined);
  const payloads: string[] = [];
  let again = 0;
  const handle = listen(pool, 'faults_channel', (payload) => payloads.push(payload), logger, { onListening: (isAgain) => (again += isAgain ? 1 : 0) });
  try {
    assert.equal(await handle.ready, true);
    const [old] = await terminate(`application_name = 'faults-listen' AND query ILIKE 'LISTEN %'`, []);
    assert.ok(old, 'the listening backend');
    const started = Date.now();
    await eventually(async () => (handle.listening && again === 1 ? true : undefined), 3_000, 'LISTEN again');
    assert.ok(Date.now() - started < 1_500, `listening again after ${Date.now() - started} ms`);
    assert.equal(pool.totalCount, 1, 'the dead connection left the pool');
    await pool.query(`SELECT pg_notify('faults_channel', 'after')`);
    await eventually(async () => (payloads.includes('after') ? true : undefined), 2_000, 'the notification after the reconnect');
  } finally {
    await handle.stop();
    await pool.end();
  }
});

test('a service whose pooled connections are terminated under load stays alive and answers within 2 s', async () => {
  const pid = stack.pidOf('organizations');
  const org = await createOrg();
  assert.equal(org.status, 201);
  let running = true;
  const statuses: number[] = [];
  const load = Array.from({ length: 4 }, async (_, index) => {
    while (running) {
      const response =
        index % 2 === 0
          ? await createOrg().catch(() => ({ status: 0 }))
          : await api.get(`/api/v1/organizations/${org.slug}`, { cookie, contract: false }).catch(() => ({ status: 0 }));
      statuses.push(response.status);
    }
  });
  await sleep(300);
  let killed = 0;
  for (let round = 0; round < 6; round += 1) {
    killed += (await terminate(`application_name = 'organizations'`, [])).length;
    await sleep(250);
  }
  const lastKill = Date.now();
  running = false;
  await Promise.all(load);
  assert.ok(killed >= 6, `terminated ${killed} connections`);
  assert.ok(alive(pid), `organizations died: ${JSON.stringify(exitOf(pid))}`);
  await eventually(async () => ((await fetch(`${stack.urlOf('organizations')}/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined), 2_000, 'organizations ready');
  assert.equal((await createOrg()).status, 201);
  assert.ok(Date.now() - lastKill < 2_000, `answered ${Date.now() - lastKill} ms after the last termination`);
  assert.ok(alive(pid), 'still the same process');
  assert.ok(statuses.filter((status) => status === 201 || status === 200).length > 0, 'the load was served');
});

test('the outbox relay wakes up again after its LISTEN connection is terminated', async () => {
  const listeners = async () =>
    (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'organizations' AND query ILIKE 'LISTEN outbox%'`, [databaseName])).rows.map((row) => row.pid);
  const [old] = await eventually(async () => ((await listeners()).length === 1 ? listeners() : undefined), 5_000, 'one relay listener');
  await terminate('pid = $2', [old]);
  const started = Date.now();
  const [fresh] = await eventually(async () => {
    const pids = await listeners();
    return pids.length === 1 && pids[0] !== old ? pids : undefined;
  }, 3_000, 'the relay to LISTEN again');
  assert.ok(fresh);
  const relistenMs = Date.now() - started;

  const from = (await admin.query<{ max: number }>('SELECT coalesce(max(position), 0)::int AS max FROM organizations.outbox')).rows[0]!.max;
  for (let i = 0; i < 7; i += 1) {
    // Spread out, so the 500 ms polling would show as ~250 ms on average.
    await sleep(120 + Math.floor(Math.random() * 200));
    assert.equal((await createOrg()).status, 201);
  }
  const latencies = await eventually(async () => {
    const rows = (
      await admin.query<{ ms: number | null }>('SELECT extract(epoch FROM published_at - created_at) * 1000 AS ms FROM organizations.outbox WHERE position > $1 ORDER BY position', [from])
    ).rows;
    return rows.length >= 7 && rows.every((row) => row.ms !== null) ? rows.map((row) => Number(row.ms)) : undefined;
  }, 5_000, 'the facts to be published');
  const median = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!;
  assert.ok(median < 100, `median commit-to-publish ${Math.round(median)} ms after re-LISTEN in ${relistenMs} ms: ${latencies.map(Math.round).join(', ')}`);
});

test('the relay publishes a backlog bigger than the broker accepts in one request', async () => {
  const schema = 'faults_relay';
  const prefix = `faults${Date.now().toString(36)}.`;
  const brokers = infraFromEnv().kafkaBrokers;
  await migrate(stack.databaseUrl, schema, [{ dir: messagingMigrationsDir, table: 'pgmigrations_messaging' }]);
  await createTopics(brokers, prefix, ['bulk.v1']);
  const pool = createPool({ databaseUrl: stack.databaseUrl, schema, applicationName: 'faults-relay' });
  pool.on('error', () => undefined);
  const relay = new OutboxRelay({ pool, kafka: createKafka({ brokers: brokers.split(','), clientId: 'faults-relay', logger }), logger, schema, topicPrefix: prefix });
  try {
    // 40 facts of 60 KB for one regatta (one partition): 2.4 MB, over message.max.bytes (1 MiB), as a
    // backlog of large standings facts after an outage.
    const payload = new Uint8Array(60_000).fill(7);
    await withTransaction(pool, async (client) => {
      for (let i = 0; i < 40; i += 1) await enqueue(client, { topic: 'bulk.v1', key: 'one-regatta', payload });
    });
    await relay.start();
    const unpublished = async () => (await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox WHERE published_at IS NULL')).rows[0]!.count;
    // Without a byte budget every pass failed ("message larger than the max message size") for ever.
    await eventually(async () => ((await unpublished()) === 0 ? true : undefined), 15_000, 'the whole backlog to be published');
  } finally {
    await relay.stop();
    await pool.end();
    await deleteTopics(brokers, prefix);
  }
});

test('an hourly limit holds across a Redis restart, and when Redis comes back without the key', async () => {
  const probe = async (key: string) => (await api.get(`/api/v1/organizations/none-${uniqueSuffix()}/members`, { key, contract: false })).status;
  const spend = async (key: string, max: number) => {
    let granted = 0;
    for (let i = 0; i < max; i += 1) {
      if ((await probe(key)) === 429) break;
      granted += 1;
    }
    return granted;
  };
  const gatewayReady = () => eventually(async () => ((await fetch(`${stack.gatewayUrl}/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined), 10_000, 'gateway ready (Redis back)');

  // Redis is killed and restarted from its append-only file.
  const persisted = (await createApiKey(api, cookie, { scopes: ['read'] })).key;
  assert.equal(await spend(persisted, 12), 12);
  await sleep(1_100); // appendfsync everysec
  await redis.kill();
  const whileDown = await spend(persisted, LIMIT);
  assert.equal(whileDown, LIMIT - 12, 'the gateway continues from the last count it saw, not from zero');
  await redis.start();
  await gatewayReady();
  assert.equal(await spend(persisted, LIMIT), 0, 'nothing left after Redis is back');

  // Redis loses the key (a restart without persistence): the gateway restores the count it knew.
  const forgotten = (await createApiKey(api, cookie, { scopes: ['read'] })).key;
  assert.equal(await spend(forgotten, 12), 12);
  assert.equal(await redisCommand(redis.port, 'FLUSHALL'), '+OK');
  assert.equal(await spend(forgotten, LIMIT), LIMIT - 12, 'a fresh hour is not granted');
});

test('SIGTERM under load: a service and then the gateway exit 0 within 5 s', async (t) => {
  const org = await createOrg();
  assert.equal(org.status, 201);
  let running = true;
  const outcomes: Array<number | string> = [];
  const load = Array.from({ length: 16 }, async () => {
    while (running) {
      try {
        const response = await fetch(`${stack.gatewayUrl}/api/v1/organizations/${org.slug}`, { headers: { cookie }, signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        outcomes.push(response.status);
      } catch (error) {
        outcomes.push(String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name));
        await sleep(20);
      }
    }
  });
  await sleep(1_000);
  try {
    for (const name of ['organizations', 'gateway'] as const) {
      const pid = stack.pidOf(name);
      const started = Date.now();
      await stack.kill(name, 'SIGTERM');
      const took = Date.now() - started;
      await sleep(50);
      assert.equal(exitOf(pid)?.code, 0, `${name} exit code`);
      assert.ok(took < 5_000, `${name} took ${took} ms to exit`);
      t.diagnostic(`${name}: exit 0 after ${took} ms`);
      await sleep(500);
    }
  } finally {
    // A failed check above must not leave the load running: the file would never end.
    running = false;
    await Promise.all(load);
  }
  t.diagnostic(`outcomes: ${JSON.stringify(summary(outcomes))}`);
  const served = outcomes.filter((outcome) => outcome === 200).length;
  const failedInside = outcomes.filter((outcome) => typeof outcome === 'number' && outcome >= 500 && outcome !== 503);
  assert.ok(served > 50, `served ${served} under load`);
  // While organizations drains, the gateway answers 200 or (once it is gone) 503, never a cut request.
  assert.deepEqual(failedInside, [], `responses: ${JSON.stringify(summary(outcomes))}`);
});

function summary(outcomes: Array<number | string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[String(outcome)] = (counts[String(outcome)] ?? 0) + 1;
  return counts;
}
