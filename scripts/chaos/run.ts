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
 *
 * Parts: settings.ts (environment, paths, infra control), load.ts (writers, samples, webhook
 * receiver), observe.ts (outbox backlog, LISTEN connections, process exits), scenarios.ts, report.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ApiClient, createApiKey, createOrganization, deleteTopics, infraFromEnv, newActor, repoRoot, startStack, type RunningStack } from '@regatta/testing';
import { call, deliveries, load, resultsBody, setUpRegatta, startReceiver, worker, type Regatta } from './load.js';
import { monitorOf, type Monitor } from './observe.js';
import { chaosReport, countDeliveries } from './report.js';
import { runScenarios } from './scenarios.js';
import { LIMITED_KEY_LIMIT, REGATTAS, WORKERS, chaosDir, exitDir, logDir, say, sleep, slot } from './settings.js';

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
      load.running = false;
      void stack.stop().finally(() => process.exit(130));
    });
  }
  const monitor: Monitor = monitorOf(stack.databaseUrl, databaseName);
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
    await monitor.pool.query(`UPDATE identity.api_keys SET rate_limit = $1 WHERE id = $2`, [LIMITED_KEY_LIMIT, limitedKey.keyId]);
    const baselineListeners = (await monitor.listeners()) ?? 0;
    say(`set up: ${regattas.length} regattas, webhook receiver ${receiver.url}, ${baselineListeners} LISTEN connections`);

    const loadStart = Date.now();
    const writers = Array.from({ length: WORKERS }, (_, index) => worker(stack.gatewayUrl, organizer.key, regattas, index));
    const { scenarios, skipped } = await runScenarios({ stack, monitor, baselineListeners, limitedKey: limitedKey.key, orgSlug: org.slug });
    load.running = false;
    await Promise.all(writers);

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
      expected = (await monitor.pool.query<{ id: string; at: number }>(expectedSql, [loadStart])).rows.map((row) => ({ id: row.id, at: Number(row.at) }));
      const missing = expected.filter((row) => !deliveries.has(row.id)).length;
      if (missing === 0 || Date.now() > settleBy) break;
      await sleep(500);
    }
    countDeliveries(scenarios, expected);
    const report = chaosReport(scenarios, skipped, expected.length);
    process.stdout.write(`${report.text}\n`);
    writeFileSync(join(chaosDir, 'report.md'), `${report.text}\n`);
    exitCode = report.failed ? 1 : 0;
  } finally {
    load.running = false;
    receiver.close();
    await monitor.pool.end().catch(() => undefined);
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
