/**
 * Sailwave import figures (not a timed test): the largest `.blw` file of the external oracle is
 * parsed and re-scored with this engine (sailwaveParity: map to scoring input, score every fleet,
 * compare with Sailwave's stored ranks), N times; prints median and p95 ms of each phase and the
 * parity it found, so a speed-up that breaks parity shows in the same output.
 *
 *   node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-sailwave.ts [--runs 30] [--dir <folder>]
 *
 * Default folder: ../shared/oracles/sailwave beside the repository root; absent, it says so and
 * exits 0 (the oracle is not part of the repository).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseSailwave } from '../src/modules/exchange/domain/parse.js';
import { sailwaveParity } from '../src/modules/exchange/domain/parity.js';
import { arg } from './bench-support.js';

const RUNS = arg('runs', 30);
const WARMUP = 3;
const dirArg = process.argv.indexOf('--dir');
const here = dirname(fileURLToPath(import.meta.url));
const root = dirArg >= 0 ? resolve(process.argv[dirArg + 1] ?? '.') : resolve(here, '../../../../shared/oracles/sailwave');

const files = existsSync(root)
  ? (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith('.blw') ? [join(dir, n)] : []));
    })(root)
  : [];
if (files.length === 0) {
  console.log(`sailwave: skipped, no .blw oracle files under ${root}`);
  process.exit(0);
}
const largest = files.map((path) => ({ path, size: statSync(path).size })).sort((a, b) => b.size - a.size)[0]!;
const bytes = readFileSync(largest.path);

const parseTimes: number[] = [];
const scoreTimes: number[] = [];
let summary = '';
for (let round = 0; round < WARMUP + RUNS; round += 1) {
  const t0 = performance.now();
  const parsed = parseSailwave(bytes);
  const t1 = performance.now();
  if (!parsed.ok) throw new Error(`${largest.path} does not parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
  const parity = sailwaveParity(parsed.file);
  const t2 = performance.now();
  if (round >= WARMUP) {
    parseTimes.push(t1 - t0);
    scoreTimes.push(t2 - t1);
  }
  const boats = parity.fleets.reduce((sum, f) => sum + f.boats, 0);
  const matching = parity.fleets.reduce((sum, f) => sum + f.matching, 0);
  summary = `${parity.fleets.length} fleets, ${boats} boats, ${Math.max(0, ...parity.fleets.map((f) => f.racesSailed))} races; parity ${matching}/${boats} boats`;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const line = (name: string, values: number[]) => `sailwave ${name.padEnd(14)} median ${percentile(values, 50).toFixed(2)} ms  p95 ${percentile(values, 95).toFixed(2)} ms`;

console.log(`sailwave file "${basename(largest.path)}" (${(largest.size / 1024).toFixed(1)} KiB): ${summary}; ${RUNS} runs after ${WARMUP} warm-up (ms, shared machine: noisy)`);
console.log(line('parse', parseTimes));
console.log(line('re-score', scoreTimes));
console.log(line('parse+re-score', parseTimes.map((t, i) => t + scoreTimes[i]!)));
