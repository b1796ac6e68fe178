/**
 * Starts the real system for integration and end-to-end tests: the services and the gateway as
 * separate processes (built output), on their own ports, database and Kafka topic prefix, against the
 * project's PostgreSQL, Redis and Kafka. Tests can kill and restart any process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Kafka, logLevel } from 'kafkajs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const SERVICE_NAMES = ['identity', 'organizations', 'events', 'results-scoring', 'sailors', 'webhooks', 'public-results', 'race-capture', 'notifications'] as const;
export type ProcessName = (typeof SERVICE_NAMES)[number] | 'gateway';
export const TOPIC_NAMES = ['identity.v1', 'organizations.v1', 'events.v1', 'registrations.v1', 'results.v1', 'rankings.v1', 'capture.v1', 'accounts.v1'];

const BASE_PORTS: Record<ProcessName, number> = {
  gateway: 18080,
  identity: 14101,
  organizations: 14102,
  events: 14103,
  'results-scoring': 14104,
  sailors: 14105,
  webhooks: 14106,
  'public-results': 14107,
  'race-capture': 14108,
  notifications: 14109,
};

export interface InfraAddresses {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
}

export function infraFromEnv(): InfraAddresses {
  return {
    databaseUrl: process.env['DATABASE_URL'] ?? 'postgres://regatta@127.0.0.1:55432/regatta',
    redisUrl: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:56379/0',
    kafkaBrokers: process.env['KAFKA_BROKERS'] ?? '127.0.0.1:59092',
  };
}

export interface StackOptions {
  /** Distinguishes concurrent stacks: ports are base + 1000 * slot, and the database and topics are unique. */
  slot?: number;
  /** Name of a fresh database created for this stack (dropped first if it exists). */
  databaseName?: string;
  /** Kafka topic prefix; topics are created for it. */
  topicPrefix?: string;
  /** Extra environment for every process (e.g. small rate limits, fast webhook retries). */
  env?: Record<string, string>;
  /** Per-process extra environment. */
  processEnv?: Partial<Record<ProcessName, Record<string, string>>>;
  /**
   * Start only these processes (default: all, less those named in STACK_WITHOUT, a comma-separated
   * list: benchmarks use it to tell a capability's cost from a change of the path they measure).
   */
  only?: ProcessName[];
  logDir?: string;
}

export interface RunningStack {
  gatewayUrl: string;
  urlOf(name: ProcessName): string;
  databaseUrl: string;
  topicPrefix: string;
  env: Record<string, string>;
  kill(name: ProcessName, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Starts a process (again); `extraEnv` adds to or overrides its environment for this start only,
   * `nodeArgs` go before the entry point (e.g. --cpu-prof).
   */
  start(name: ProcessName, extraEnv?: Record<string, string>, nodeArgs?: string[]): Promise<void>;
  /** The process id of a running process (for memory and CPU readings). */
  pidOf(name: ProcessName): number | undefined;
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createFreshDatabase(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(baseUrl, name);
}

export async function createTopics(brokers: string, prefix: string, topics: string[] = TOPIC_NAMES): Promise<void> {
  // The broker may be busy (or just restarted): retry a few times before giving up.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await createTopicsOnce(brokers, prefix, topics);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

async function createTopicsOnce(brokers: string, prefix: string, topics: string[]): Promise<void> {
  const kafka = new Kafka({ clientId: 'test-setup', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.map((topic) => prefix + topic).filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: 3, replicationFactor: 1 })) });
    }
  } finally {
    await admin.disconnect();
  }
}

export async function deleteTopics(brokers: string, prefix: string): Promise<void> {
  if (!prefix) return;
  const kafka = new Kafka({ clientId: 'test-teardown', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } catch {
    // best effort
  } finally {
    await admin.disconnect();
  }
}

// 60 s: nine services and the gateway start side by side, each migrating its schema; on a shared
// 2-core machine under load a start took longer than 30 s and failed the whole stack.
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${url}: ${String(lastError)}`);
}

function entryOf(name: ProcessName): string {
  return name === 'gateway' ? join(repoRoot, 'gateway/dist/main.js') : join(repoRoot, `services/${name}/dist/main.js`);
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const slot = options.slot ?? 0;
  const infra = infraFromEnv();
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const databaseName = options.databaseName ?? `regatta_test_${slot}`;
  const topicPrefix = options.topicPrefix ?? `t${slot}_${suffix}.`;
  const databaseUrl = await createFreshDatabase(infra.databaseUrl, databaseName);
  await createTopics(infra.kafkaBrokers, topicPrefix);
  const logDir = options.logDir ?? join(repoRoot, '.local/logs/test');
  mkdirSync(logDir, { recursive: true });

  const port = (name: ProcessName) => BASE_PORTS[name] + 1000 * slot;
  const url = (name: ProcessName) => `http://127.0.0.1:${port(name)}`;
  const redis = new URL(infra.redisUrl);
  redis.pathname = `/${1 + (slot % 14)}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.toString(),
    KAFKA_BROKERS: infra.kafkaBrokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    IDENTITY_URL: url('identity'),
    ORGANIZATIONS_URL: url('organizations'),
    EVENTS_URL: url('events'),
    RESULTS_SCORING_URL: url('results-scoring'),
    SAILORS_URL: url('sailors'),
    WEBHOOKS_URL: url('webhooks'),
    PUBLIC_RESULTS_URL: url('public-results'),
    RACE_CAPTURE_URL: url('race-capture'),
    NOTIFICATIONS_URL: url('notifications'),
    // Links in e-mails point at this stack's gateway.
    NOTIFY_LINK_BASE_URL: url('gateway'),
    // The gateway answers revalidations at the edge, as deployed (gateway/src/edge-revalidation.ts).
    EDGE_KAFKA_BROKERS: infra.kafkaBrokers,
    ...options.env,
  };
  const children = new Map<ProcessName, ChildProcess>();
  // STACK_CPU_PROF=<name,...> (with STACK_CPU_PROF_DIR, default .local/profiles): those processes run
  // under --cpu-prof, so any benchmark's stack can be profiled without changing the benchmark.
  const profiledNames = new Set((process.env['STACK_CPU_PROF'] ?? '').split(',').map((name) => name.trim()));
  const profileDir = resolve(process.env['STACK_CPU_PROF_DIR'] ?? join(repoRoot, '.local/profiles'));
  const profiled = (name: ProcessName): string[] =>
    profiledNames.has(name) ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}-${slot}-${Date.now()}.cpuprofile`] : [];
  const without = new Set((process.env['STACK_WITHOUT'] ?? '').split(',').map((name) => name.trim()));
  const names: ProcessName[] = options.only ?? ([...SERVICE_NAMES, 'gateway'] as ProcessName[]).filter((name) => !without.has(name));

  const start = async (name: ProcessName, extraEnv: Record<string, string> = {}, nodeArgs: string[] = []) => {
    const log = createWriteStream(join(logDir, `${name}-${slot}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [...nodeArgs, entryOf(name)], {
      cwd: name === 'gateway' ? join(repoRoot, 'gateway') : join(repoRoot, 'services', name),
      env: { ...process.env, ...env, ...options.processEnv?.[name], ...extraEnv, PORT: String(port(name)) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.set(name, child);
    await waitForHttp(`${url(name)}/health/live`);
  };

  const kill = async (name: ProcessName, signal: NodeJS.Signals = 'SIGKILL') => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    child.kill(signal);
    await exited;
    children.delete(name);
  };

  try {
    // Services first (in parallel: each migrates its own schema), then the gateway.
    await Promise.all(names.filter((name) => name !== 'gateway').map((name) => start(name, {}, profiled(name))));
    if (names.includes('gateway')) await start('gateway', {}, profiled('gateway'));
  } catch (error) {
    for (const name of children.keys()) await kill(name);
    throw error;
  }

  return {
    gatewayUrl: url('gateway'),
    urlOf: url,
    databaseUrl,
    topicPrefix,
    env,
    kill,
    start,
    pidOf: (name) => children.get(name)?.pid,
    async stop() {
      await Promise.all([...children.keys()].map((name) => kill(name, 'SIGTERM')));
    },
  };
}
