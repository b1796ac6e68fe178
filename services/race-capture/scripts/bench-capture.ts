/**
 * Race capture benchmark (part of npm run bench). Starts its own stack (slot BENCH_SLOT, default 5)
 * and prints, through the gateway on this machine:
 *   1. 300 finishes queued on a device (offline), synced when the network returns in batches of 100
 *      (as the committee app sends its queue): time until the server holds all of them, and until
 *      the race's provisional results hold every boat;
 *   2. a finish recorded while online -> the public standings JSON (/regattas/{slug}/standings.json)
 *      shows it: p50/p95 over BENCH_ROUNDS finishes (default 20); the committee app's Chromium
 *      figure is the console benchmark's;
 *   3. the clock offset error a device measures with GET /api/v1/capture/time (same machine: the
 *      true offset is 0, so the error is the measured offset): p95 of |offset| over 30 samples.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { ApiClient, deleteTopics, eventually, infraFromEnv, startStack, type RunningStack } from '@regatta/testing';
import { buildRegatta, enrolDevice, finish, ok, signal } from '../test/support.js';

const slot = Number(process.env['BENCH_SLOT'] ?? 5);
const rounds = Math.min(100, Math.max(5, Number(process.env['BENCH_ROUNDS'] ?? 20)));
const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

out(`starting a stack on slot ${slot} (${os.cpus().length} cores, load generator and every process on this machine)...`);
const stack: RunningStack = await startStack({
  slot,
  only: ['identity', 'organizations', 'events', 'results-scoring', 'public-results', 'race-capture', 'gateway'],
  env: { RATE_LIMIT_DEFAULT: '100000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
});
try {
  const api = new ApiClient(stack.gatewayUrl);
  const boats = 60;
  const regatta = await buildRegatta(api, { boats, races: 2 });
  const device = await enrolDevice(api, regatta, 'Bench phone');
  const start = new Date(Date.now() - 3 * 3_600_000);
  for (const raceId of regatta.raceIds) await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', start), { key: device.token }), 201);
  out(`regatta ${regatta.slug}: ${boats} boats, 2 races started`);

  // 1. 300 finishes queued offline (5 per boat, as two or more recorders would), synced in batches of 100.
  const [race1, race2] = regatta.raceIds as [string, string];
  const queue = Array.from({ length: 300 }, (_, i) => ({ type: 'finish', record: finish(race1, regatta.entries[i % boats]!.sailNumber, new Date(start.getTime() + 1_800_000 + i * 997), { id: randomUUID() }) }));
  const t0 = performance.now();
  for (let i = 0; i < queue.length; i += 100) {
    const answer = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: queue.slice(i, i + 100) }, { key: device.token }));
    if (answer.results.some((result: { outcome: string }) => result.outcome !== 'recorded')) throw new Error('a queued finish was not recorded');
  }
  const synced = performance.now() - t0;
  await eventually(async () => {
    const response = await fetch(`${stack.gatewayUrl}/regattas/${regatta.slug}/standings.json`);
    const body = response.status === 200 ? ((await response.json()) as any) : undefined;
    const entries = (body?.data?.fleets?.[0]?.entries ?? []) as Array<{ racesCompleted: number }>;
    return entries.length === boats && entries.every((entry) => entry.racesCompleted === 1) ? true : undefined;
  }, 60_000, 'race 1 in the public standings');
  const followed = performance.now() - t0;
  out(`capture 300 queued finishes synced (3 x 100): ${Math.round(synced)} ms on the server, ${Math.round(followed)} ms in the public standings (target <= 10000 ms)`);

  // 2. A finish while online -> the public standings JSON shows it.
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const boat = regatta.entries[round]!;
    const began = performance.now();
    await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(race2, boat.sailNumber, new Date(start.getTime() + 2_400_000 + round * 1_000)), { key: device.token }), 201);
    for (;;) {
      const response = await fetch(`${stack.gatewayUrl}/regattas/${regatta.slug}/standings.json`);
      const body = response.status === 200 ? ((await response.json()) as any) : undefined;
      const entry = (body?.data?.fleets?.[0]?.entries ?? []).find((candidate: { sailNumber: string | null }) => candidate.sailNumber === boat.sailNumber);
      if (entry?.racesCompleted === 2) break;
      if (performance.now() - began > 30_000) throw new Error('a finish never reached the public standings');
      await sleep(10);
    }
    latencies.push(performance.now() - began);
  }
  out(`capture finish -> public standings JSON (gateway): p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${Math.round(percentile(latencies, 95))} ms over ${rounds} finishes (target p95 <= 2000 ms)`);

  // 3. Clock offset error of the device's measurement.
  const errors: number[] = [];
  for (let sample = 0; sample < 30; sample += 1) {
    const sent = Date.now();
    const { serverTime } = (await (await fetch(`${stack.gatewayUrl}/api/v1/capture/time`)).json()) as { serverTime: string };
    const received = Date.now();
    errors.push(Math.abs(Date.parse(serverTime) - (sent + received) / 2));
  }
  out(`capture clock offset error: p95 ${percentile(errors, 95).toFixed(1)} ms over 30 samples (target <= 100 ms)`);
} finally {
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}
