/**
 * Scoring benchmark: a 500-boat IRC fleet over 30 races (generated
 * deterministically), one discard per 5 races, a few codes per race.
 * Prints the median and p95 of several full scoreSeries runs (target: median ≤ 10 ms
 * for 500 × 30, the scoring performance budget).
 *
 *   npm run bench:scoring [-- --boats 500 --races 30 --runs 31 --warmup 10]
 */
import { scoreSeries, type RaceEntry, type ResultCode, type SeriesInput, type SeriesRace } from '@regatta/scoring-engine';
import { arg, rng } from './bench-support.js';


export function buildBenchInput(boatCount: number, raceCount: number): SeriesInput {
  const rand = rng(20250601);
  const boats = Array.from({ length: boatCount }, (_, i) => ({ id: `B${i + 1}`, rating: Math.round((0.85 + rand() * 0.35) * 1000) / 1000 }));
  const codes: ResultCode[] = ['DNF', 'DNS', 'OCS', 'RET', 'DSQ', 'UFD', 'BFD'];
  const races: SeriesRace[] = Array.from({ length: raceCount }, (_, r) => {
    const entries: RaceEntry[] = [];
    for (const b of boats) {
      const x = rand();
      if (x < 0.02) continue; // absent → DNC
      if (x < 0.05) {
        entries.push({ boatId: b.id, code: codes[Math.floor(rand() * codes.length)]! });
        continue;
      }
      const speed = 1 / b.rating;
      entries.push({ boatId: b.id, elapsedSeconds: Math.round(3600 * speed * (0.95 + rand() * 0.1)) });
    }
    return { number: r + 1, startTime: '12:00:00', entries };
  });
  return {
    fleet: { scoringSystem: 'low_point', handicap: { kind: 'irc' }, penaltyBasis: 'A5.2', discards: { kind: 'proportional', firstAt: 5, everyRaces: 5 } },
    boats,
    races,
  };
}

function main(): void {
  const boats = arg('boats', 500);
  const raceCount = arg('races', 30);
  const runs = arg('runs', 31);
  const input = buildBenchInput(boats, raceCount);
  // Warm-up: JIT, and a heap grown to its steady size (a service scores series all day; the first
  // calls of a fresh process also pay for growing the young generation).
  const warmup = arg('warmup', 10);
  for (let i = 0; i < warmup; i++) scoreSeries(input);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const out = scoreSeries(input);
    const t1 = process.hrtime.bigint();
    if (out.standings.length !== boats) throw new Error('bench: wrong standings size');
    times.push(Number(t1 - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.max(0, Math.ceil(times.length * 0.95) - 1)]!;
  console.log(
    `scoreSeries ${boats} boats × ${raceCount} races (IRC, discards, codes): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
      `over ${runs} runs after ${warmup} warm-up runs (min ${times[0]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms)`,
  );
}

main();
