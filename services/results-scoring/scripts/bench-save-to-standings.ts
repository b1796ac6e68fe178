/**
 * Save-to-standings benchmark: the scoring desk saves a 40-boat race's sheet through the gateway
 * (POST /api/v1/events/{slug}/races/{raceId}/results with an API key) and the public standings
 * (the public JSON twin /regattas/{slug}/standings.json, through the public door) show the new order.
 * Starts the whole stack, builds a one-design fleet of --boats boats with two races (race 1 scored
 * once), then saves race 2 --runs times, its order reversed each time so every save changes the
 * standings, and polls the public JSON every 10 ms until boat 1's race-2 points are the new ones.
 * Prints the median and p95 against the 1 s budget.
 *
 *   node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-save-to-standings.ts [-- --boats 40 --runs 20]
 *   (BENCH_SLOT picks the port/database slot; default 5.)
 */
import os from 'node:os';
import { arg } from './bench-support.js';
import { benchRegatta, runWithStack } from './bench-regatta.js';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

runWithStack({ RATE_LIMIT_DEFAULT: '1000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000' }, async (gatewayUrl) => {
  const boatCount = arg('boats', 40);
  const runs = arg('runs', 20);
  console.log(`stack on slot ${process.env['BENCH_SLOT'] ?? 5}: ${os.cpus().length} cores shared by the load generator and every process; loopback`);
  const { api, key, slug, races, boats, start, ok } = await benchRegatta(gatewayUrl, { name: 'Standings Bench', boats: boatCount, races: 2 });
  // A sheet in the given order: every boat finished, 7 s apart.
  const sheet = (order: string[]) => ({
    actualStart: start.toISOString(),
    reason: 'bench',
    results: order.map((boat, place) => ({ boat, status: 'finished', finishTime: new Date(start.getTime() + 1_800_000 + place * 7_000).toISOString() })),
  });
  const forward = boats;
  const reversed = [...boats].reverse();
  const standingsUrl = `${gatewayUrl}/regattas/${slug}/standings.json`;
  // Boat 1's race-2 points in the public standings (undefined until race 2 is there).
  const firstBoatRace2 = async () => {
    const response = await fetch(standingsUrl);
    const body = response.status === 200 ? ((await response.json()) as any) : undefined;
    const entry = (body?.data?.fleets?.[0]?.entries ?? []).find((candidate: { boatId: string }) => candidate.boatId === boats[0]);
    return (entry?.raceResults ?? []).find((race: { raceNumber: number }) => race.raceNumber === 2)?.points as number | undefined;
  };
  const saveAndWait = async (order: string[]) => {
    const expected = order === forward ? 1 : boatCount;
    const began = performance.now();
    await ok(api.post(`/api/v1/events/${slug}/races/${races[1]}/results`, sheet(order), { key }));
    while ((await firstBoatRace2()) !== expected) {
      if (performance.now() - began > 30_000) throw new Error('a saved sheet never reached the public standings');
      await sleep(10);
    }
    return performance.now() - began;
  };
  await ok(api.post(`/api/v1/events/${slug}/races/${races[0]}/results`, sheet(forward), { key }));
  for (let i = 0; i < 4; i += 1) await saveAndWait(i % 2 === 0 ? forward : reversed); // warm-up; ends on reversed
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await saveAndWait(i % 2 === 0 ? forward : reversed));
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  console.log(
    `save-to-standings ${boatCount}-boat sheet saved -> public standings JSON shows the new order (gateway, polled every 10 ms): median ${Math.round(quantile(times, 0.5))} ms, p95 ${Math.round(p95)} ms (budget p95 <= 1000 ms; ${runs} saves, ${os.cpus().length} cores) ${p95 <= 1000 ? 'within' : 'OVER'} budget`,
  );
});
