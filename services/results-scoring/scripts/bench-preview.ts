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
import { arg, rng } from './bench-support.js';
import { benchRegatta, runWithStack } from './bench-regatta.js';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

runWithStack({ RATE_LIMIT_DEFAULT: '1000000' }, async (gatewayUrl) => {
  const boatCount = arg('boats', 60);
  const raceCount = arg('races', 10);
  const runs = arg('runs', 100);
  const { api, key, slug, races, boats, start, ok } = await benchRegatta(gatewayUrl, { name: 'Preview Bench', boats: boatCount, races: raceCount });
  const random = rng(7);
  const sheet = () =>
    [...boats]
      .sort(() => random() - 0.5)
      .map((boat, place) => (place === boatCount - 1 ? { boat, status: 'dnf' } : { boat, status: 'finished', finishTime: new Date(start.getTime() + 1800_000 + place * 7_000).toISOString() }));
  for (const race of races) await ok(api.post(`/api/v1/events/${slug}/races/${race}/results`, { actualStart: start.toISOString(), results: sheet(), reason: 'bench' }, { key }));

  const url = `${gatewayUrl}/api/v1/events/${slug}/races/${races.at(-1)}/results/preview`;
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
});
