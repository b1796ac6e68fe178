/**
 * Preview benchmark: the dry run of a race's sheet (POST /events/{slug}/races/{raceId}/results/preview)
 * through the gateway, for a fleet of --boats boats with --races races scored. Starts the whole stack
 * (every service and the gateway, own database and topics), builds the regatta through the public API
 * (a one-design fleet, its races, its entries, every race's results), then sends --runs previews of
 * the last race with the order shuffled each time (one at a time, plain fetch with an API key) and
 * prints the median and p95 of the answer time against the 150 ms budget.
 *
 *   node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-preview.ts [-- --boats 60 --races 10 --runs 100]
 *   (BENCH_SLOT picks the port/database slot; default 5.)
 */
import { deleteTopics, infraFromEnv, startStack } from '@regatta/testing';
import { arg, rng } from './bench-support.js';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  const boatCount = arg('boats', 60);
  const raceCount = arg('races', 10);
  const runs = arg('runs', 100);
  const slot = Number(process.env['BENCH_SLOT'] ?? 5);
  const stack = await startStack({ slot, databaseName: `regatta_bench_${slot}`, env: { LOG_LEVEL: 'warn', RATE_LIMIT_DEFAULT: '1000000' } });
  process.env['E2E_GATEWAY_URL'] = stack.gatewayUrl;
  try {
    const { apiClient, createOrganization, newActor, uniqueSuffix } = await import('@regatta/testing');
    const api = apiClient();
    const actor = await newActor(api);
    const key = actor.key;
    const ok = async (promise: Promise<{ status: number; body: any; text: string }>, status = 200) => {
      const answer = await promise;
      if (answer.status !== status) throw new Error(`${answer.status} ${answer.text.slice(0, 300)}`);
      return answer.body;
    };
    const org = await createOrganization(api, actor);
    const DAY = 86_400_000;
    const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY);
    const start = new Date(base.getTime() + 12 * 3_600_000);
    const slug = (await ok(api.post('/api/v1/events', { organization: org.slug, name: `Preview Bench ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() }, { key }), 201)).data.slug as string;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7', maxBoats: boatCount }, { key }), 201)).data.id as string;
    const races: string[] = [];
    for (let number = 1; number <= raceCount; number += 1) {
      races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: start.toISOString() }, { key }), 201)).data.id);
    }
    const boats: string[] = [];
    for (let index = 0; index < boatCount; index += 1) {
      const body = { fleet: fleetId, boat: { name: `Boat ${index}`, sailNumber: `BEN ${1000 + index}` }, sailor: { name: `Skipper ${index}`, email: `bench-${index}-${uniqueSuffix()}@example.org` } };
      boats.push((await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId);
    }
    const random = rng(7);
    const sheet = () =>
      [...boats]
        .sort(() => random() - 0.5)
        .map((boat, place) => (place === boatCount - 1 ? { boat, status: 'dnf' } : { boat, status: 'finished', finishTime: new Date(start.getTime() + 1800_000 + place * 7_000).toISOString() }));
    for (const race of races) await ok(api.post(`/api/v1/events/${slug}/races/${race}/results`, { actualStart: start.toISOString(), results: sheet(), reason: 'bench' }, { key }));

    const url = `${stack.gatewayUrl}/api/v1/events/${slug}/races/${races.at(-1)}/results/preview`;
    const send = async () => {
      const began = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ actualStart: start.toISOString(), results: sheet() }) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`preview answered ${response.status}`);
      return performance.now() - began;
    };
    for (let i = 0; i < 10; i += 1) await send(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) times.push(await send());
    times.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    console.log(`preview ${boatCount} boats x ${raceCount} races through the gateway: median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget 150 ms; ${runs} runs) ${p95 <= 150 ? 'within' : 'OVER'} budget`);
  } finally {
    await stack.stop();
    await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
