#!/usr/bin/env node
// Creates the platform's Kafka topics (scripts/infra/topics.json) on a broker, once per prefix.
// Idempotent: existing topics are kept (and grown to the configured partition count if smaller).
// Retries while the broker is warming up (KRaft: the port answers before the broker is registered).
//
//   node scripts/infra/create-topics.mjs --brokers 127.0.0.1:59092 --prefix '' --prefix test.
//   node scripts/infra/create-topics.mjs --list [--brokers ...]
//
// --brokers defaults to $KAFKA_BROKERS, then 127.0.0.1:59092. Without --prefix: '' and 'test.'.
// --timeout (seconds, default 90) bounds the whole attempt. Needs `npm ci` (kafkajs).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';

const spec = JSON.parse(await readFile(new URL('./topics.json', import.meta.url), 'utf8'));

const { values } = parseArgs({
  options: {
    brokers: { type: 'string' },
    prefix: { type: 'string', multiple: true },
    timeout: { type: 'string', default: '90' },
    list: { type: 'boolean', default: false },
  },
});

const brokers = (values.brokers ?? process.env.KAFKA_BROKERS ?? '127.0.0.1:59092')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const prefixes = values.prefix ?? ['', spec.testPrefix];
const deadline = Date.now() + Number(values.timeout) * 1000;

let kafkajs;
try {
  kafkajs = await import('kafkajs');
} catch {
  console.error('create-topics: kafkajs not found; run `npm ci` at the repository root first');
  process.exit(1);
}
const { Kafka, logLevel } = kafkajs.default ?? kafkajs;

// Stay quiet while retrying; the last error is reported once at the end.
const kafka = new Kafka({
  clientId: 'regatta-infra',
  brokers,
  connectionTimeout: 3000,
  requestTimeout: 10000,
  retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
  logLevel: logLevel.NOTHING,
});

const wanted = prefixes.flatMap((p) => spec.topics.map((t) => `${p}${t}`));

async function ensureTopics(admin) {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((t) => !existing.has(t));
  if (missing.length > 0) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: spec.partitions,
        replicationFactor: spec.replicationFactor,
      })),
    });
  }
  const present = wanted.filter((t) => existing.has(t));
  let grown = 0;
  if (present.length > 0) {
    const { topics } = await admin.fetchTopicMetadata({ topics: present });
    const small = topics.filter((t) => t.partitions.length < spec.partitions);
    if (small.length > 0) {
      await admin.createPartitions({
        topicPartitions: small.map((t) => ({ topic: t.name, count: spec.partitions })),
      });
      grown = small.length;
    }
  }
  // Confirm: every wanted topic is visible with a leader for each partition.
  const { topics } = await admin.fetchTopicMetadata({ topics: wanted });
  const leaderless = topics.filter((t) => t.partitions.some((p) => p.leader < 0));
  if (leaderless.length > 0) throw new Error(`no leader yet for ${leaderless[0].name}`);
  return { created: missing.length, existing: present.length, grown };
}

async function listAll(admin) {
  const names = (await admin.listTopics()).filter((t) => !t.startsWith('__')).sort();
  const { topics } = await admin.fetchTopicMetadata({ topics: names });
  return topics
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => `${t.name}\t${t.partitions.length} partitions`);
}

let lastError;
for (let attempt = 1; Date.now() < deadline; attempt += 1) {
  const admin = kafka.admin();
  try {
    await admin.connect();
    if (values.list) {
      for (const line of await listAll(admin)) console.log(line);
    } else {
      const r = await ensureTopics(admin);
      console.log(
        `topics on ${brokers.join(',')}: ${wanted.length} ready ` +
          `(created ${r.created}, existing ${r.existing}${r.grown ? `, grown ${r.grown}` : ''}; ` +
          `prefixes ${prefixes.map((p) => JSON.stringify(p)).join(' ')})`,
      );
    }
    await admin.disconnect();
    process.exit(0);
  } catch (err) {
    lastError = err;
    await admin.disconnect().catch(() => {});
    await sleep(Math.min(250 * attempt, 2000));
  }
}
console.error(
  `create-topics: broker ${brokers.join(',')} not ready after ${values.timeout}s: ` +
    `${lastError?.message ?? 'timeout'}`,
);
process.exit(1);
