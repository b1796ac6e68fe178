/**
 * The chaos run's scenarios, one after another under the load: baseline, Kafka SIGKILL + restart,
 * PostgreSQL fast stop and SIGKILL, Redis SIGKILL + restart (a small-limit key: the hourly limit must
 * hold), SIGKILL + restart of each process and SIGTERM of each process (exit 0 within 5 s). Each
 * waits until writes succeed again (and, for infrastructure faults, the relays are caught up) and
 * restarts any process that died on its own, recording it as a finding.
 */
import type { RunningStack } from '@regatta/testing';
import { call, samples } from './load.js';
import { alive, readExit, type Monitor } from './observe.js';
import { BUDGET_MS, LIMITED_KEY_LIMIT, PROCESSES, SIGTERM_EXIT_MS, ctl, say, seconds, sleep, startedAt } from './settings.js';

export interface Scenario {
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

export interface ScenarioContext {
  stack: RunningStack;
  monitor: Monitor;
  /** LISTEN connections before any fault. */
  baselineListeners: number;
  /** An API key whose hourly limit is LIMITED_KEY_LIMIT, and an organization slug it may read. */
  limitedKey: string;
  orgSlug: string;
}

export async function runScenarios(context: ScenarioContext): Promise<{ scenarios: Scenario[]; skipped: string[] }> {
  const { stack, monitor, baselineListeners } = context;
  const scenarios: Scenario[] = [];
  const skipped: string[] = [];

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
        const age = await monitor.backlogAgeMs();
        const listening = await monitor.listeners();
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
    const age = await monitor.backlogAgeMs();
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
    const probe = () => call(stack.gatewayUrl, context.limitedKey, '', 'GET', `/api/v1/events?org=${context.orgSlug}`);
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

  return { scenarios, skipped };
}
