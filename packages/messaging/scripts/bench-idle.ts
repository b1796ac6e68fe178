/**
 * Idle benchmark (npm run bench:idle): what the platform costs while nobody uses it. Prints, measured
 * side by side over the same window (BENCH_IDLE_SECONDS, default 30, after BENCH_IDLE_SETTLE, default
 * 20 s, for start-up to end):
 * - every process of a whole stack (gateway and the services on PostgreSQL, Redis and Kafka, slot
 *   BENCH_SLOT, default 21): its CPU in % of one core, and their total;
 * - two lone Kafka members (idle-member.ts: a producer and a FactConsumer each), one built with
 *   createKafka (idle connections arm no timers) and one with kafkajs as released, so the request
 *   queue fix is shown before and after in one run.
 * CPU is utime + stime from /proc/<pid>/stat. With the core count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { migrate } from '@regatta/db';
import { SERVICE_NAMES, createTopics, deleteTopics, infraFromEnv, repoRoot, startStack, type ProcessName } from '@regatta/testing';
import { cpuSeconds } from '../../../gateway/scripts/bench-measure.js';
import { messagingMigrationsDir } from '../src/index.js';

const settleSeconds = Math.min(120, Math.max(1, Number(process.env['BENCH_IDLE_SETTLE'] ?? 20)));
const seconds = Math.min(300, Math.max(5, Number(process.env['BENCH_IDLE_SECONDS'] ?? 30)));
const slot = Number(process.env['BENCH_SLOT'] ?? 21);
const out = (line: string) => process.stdout.write(`${line}\n`);
const infra = infraFromEnv();
const schema = `bench_idle_${slot}`;
const prefix = `bidle${slot}_${Date.now().toString(36)}.`;
const topic = 'facts.v1';

out(`starting the whole stack on slot ${slot} and two lone Kafka members...`);
await migrate(infra.databaseUrl, schema, [{ dir: messagingMigrationsDir, table: 'pgmigrations_messaging' }]);
await createTopics(infra.kafkaBrokers, prefix, [topic]);
const stack = await startStack({ slot, env: { LOG_LEVEL: 'warn' } });
const members: Record<'quiet' | 'kafkajs', ChildProcess> = { quiet: startMember('quiet'), kafkajs: startMember('kafkajs') };
try {
  await Promise.all(Object.values(members).map((child) => ready(child)));
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  const names: ProcessName[] = ['gateway', ...SERVICE_NAMES];
  const pids: Array<[string, number]> = [
    ...names.map((name): [string, number] => [name, stack.pidOf(name)!]),
    ['lone member, createKafka', members.quiet.pid!],
    ['lone member, kafkajs as released', members.kafkajs.pid!],
  ];
  const load = loadavg()[0]!.toFixed(2);
  const before = pids.map(([, pid]) => cpuSeconds(pid));
  const started = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const percent = pids.map(([, pid], i) => (100 * (cpuSeconds(pid) - before[i]!)) / wall);

  out(`\nIdle CPU on ${availableParallelism()} cores, ${wall.toFixed(0)} s after ${settleSeconds} s to settle (load average ${load} at the start), % of one core:`);
  pids.forEach(([name], i) => out(`idle ${name.padEnd(34)} ${percent[i]!.toFixed(2).padStart(6)} %`));
  const stackTotal = percent.slice(0, names.length).reduce((sum, value) => sum + value, 0);
  out(`idle whole stack (${names.length} processes)            ${stackTotal.toFixed(2).padStart(6)} %`);
  out(`idle lone member kafkajs / createKafka          ${(percent[names.length + 1]! / Math.max(0.01, percent[names.length]!)).toFixed(1).padStart(6)} ×`);
} finally {
  for (const child of Object.values(members)) child.kill('SIGTERM');
  await Promise.all(Object.values(members).map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  await stack.stop();
  await deleteTopics(infra.kafkaBrokers, prefix).catch(() => undefined);
}

function startMember(mode: 'quiet' | 'kafkajs'): ChildProcess {
  const entry = `${repoRoot}/packages/messaging/scripts/idle-member.ts`;
  return spawn(process.execPath, ['--conditions=@regatta/source', '--import', 'tsx', entry, mode, schema, prefix, topic], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
}

async function ready(child: ChildProcess): Promise<void> {
  for await (const line of createInterface({ input: child.stdout! })) if (line === 'ready') return;
  throw new Error(`an idle member exited before it was ready (exit code ${child.exitCode})`);
}
