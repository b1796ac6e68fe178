/**
 * Scoring benchmark: a 500-boat IRC fleet over 30 races (generated
 * deterministically), one discard per 5 races, a few codes per race.
 * Prints the median of several full scoreSeries runs.
 *
 *   npm run bench:scoring [-- --boats 500 --races 30 --runs 7]
 */
import { scoreSeries, type RaceEntry, type ResultCode, type SeriesInput, type SeriesRace } from '../src/domain/index.js';
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
  const runs = arg('runs', 7);
  const input = buildBenchInput(boats, raceCount);
  scoreSeries(input); // warm-up
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
  console.log(`scoreSeries: ${boats} boats × ${raceCount} races (IRC, discards, codes): median ${median.toFixed(1)} ms over ${runs} runs (min ${times[0]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms)`);
}

main();
