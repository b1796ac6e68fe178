#!/usr/bin/env bash
# Before/after comparison of benchmarks on a shared machine: runs each named benchmark in two built
# checkouts alternately (BEFORE, AFTER, BEFORE, AFTER, ... for --rounds rounds), so that a busy
# machine's load falls on both sides alike, then prints one table per benchmark: every figure's
# values by round, before median, after median, their difference, and the paired change (the median
# over rounds of after / before: each round's two runs met about the same load), with the core count
# and load average at start and end, and each run's load average at its start. Each checkout runs
# its OWN benchmark script against its OWN dist/ build (a figure the older script does not print
# shows as "-").
#
#   bash scripts/bench-before-after.sh [--rounds N] [--swap] [--out DIR] BEFORE_TREE AFTER_TREE [bench ...]
#   bash scripts/bench-before-after.sh --report DIR [DIR ...]   # the tables of earlier runs again (several: rounds pooled)
#
# --swap: even rounds run AFTER first (before, after, after, before, ...), so that whatever the first run
# of a pair leaves behind (the broker deleting its topics, PostgreSQL writing back its pages) does not
# always fall on the same side.
# Trees: two checkouts (e.g. `git worktree add --detach /tmp/before <commit>`), each with
# `npm ci` and `npx tsc -b` done (the driver runs `tsc -b` in each first, a no-op when built;
# BENCH_SKIP_BUILD=1 skips it). Benchmarks (default: webhooks pipeline public):
#   webhooks        scripts/bench-webhooks.sh (results -> signed deliveries, whole stack)
#   pipeline        services/results-scoring/scripts/bench-pipeline.ts (submission -> standings.updated, hot reads)
#   public          services/public-results/scripts/bench-public.ts (public page throughput, live feed latency, memory)
#   finish-to-page  services/race-capture/scripts/bench-finish-to-page.ts (a finish -> open page, Chromium)
# Slots: BEFORE runs with BENCH_SLOT=$BEFORE_SLOT (default 7), AFTER with $AFTER_SLOT (default 8):
# separate ports (base + 1000 * slot), databases and Redis dbs; pick slots no one else uses (a run
# whose slot's ports are taken waits up to 2 minutes, then is skipped and marked in runs.tsv). Each
# run is bounded by BENCH_RUN_TIMEOUT seconds (default 900). The benchmarks' own knobs
# (BENCH_SECONDS, BENCH_DURATION, BENCH_CPU_PROF, ...) pass through. Logs:
# .local/bench-before-after/<time>/ (every run's output, runs.tsv with each run's load average and
# exit status, summary.txt with the tables).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ROUNDS=2
OUT_BASE="$ROOT/.local/bench-before-after"
OUT=""
REPORT=""
SWAP=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --report) REPORT="$2"; shift 2 ;;
    --swap) SWAP=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) break ;;
  esac
done
# The tables: figures read from every run's log.
report() { # dir... -> the tables, from their logs (benchmarks in the order runs.tsv lists them)
  local dir
  for dir in "$@"; do [ -f "$dir/runs.tsv" ] || { echo "no runs.tsv in $dir" >&2; return 2; }; done
  node --input-type=module - "$@" -- $(for dir in "$@"; do tail -n +2 "$dir/runs.tsv" | cut -f1; done | awk '!seen[$0]++') <<'JS'
const { readFileSync, readdirSync } = await import('node:fs');
const args = process.argv.slice(2);
const dirs = args.slice(0, args.indexOf('--'));
const benches = args.slice(args.indexOf('--') + 1);
const num = (s) => Number(String(s).replace(/,/g, ''));
const higherIsBetter = (unit) => /req\/s|deliveries\/s|ratio|delivered/.test(unit);
// Each benchmark: its figures as [name, value, unit] read from one log.
const parsers = {
  webhooks(text) {
    const f = [];
    let m;
    if ((m = /submissions: (\d+) accepted \((\d+) failed.*API answer p50 (\d+) ms, p99 (\d+) ms/.exec(text))) {
      f.push(['submissions failed', num(m[2]), 'count'], ['API answer p50', num(m[3]), 'ms'], ['API answer p99', num(m[4]), 'ms']);
    }
    if ((m = /deliveries: (\d+) of (\d+) in [\d.]+ s = (\d+) deliveries\/s; bad signatures: (\d+)/.exec(text))) {
      f.push(['deliveries delivered / expected', num(m[1]) / num(m[2]), 'ratio'], ['deliveries per second', num(m[3]), 'deliveries/s'], ['bad signatures', num(m[4]), 'count']);
    }
    const stage = (label, re) => {
      const s = re.exec(text);
      if (s) f.push([`${label} p50`, num(s[1]), 'ms'], [`${label} p99`, num(s[2]), 'ms']);
    };
    stage('API call -> signed delivery', /API call -> signed delivery at receiver: p50 (\d+) ms, p99 (\d+) ms/);
    stage('fact -> relayed to Kafka', /relayed to Kafka \(results-scoring\): p50 (\d+) ms, p99 (\d+) ms/);
    stage('relayed -> consumed by webhooks', /consumed by webhooks:\s+p50 (\d+) ms, p99 (\d+) ms/);
    stage('consumed -> first attempt sent', /first attempt sent \(dispatcher\):\s+p50 (\d+) ms, p99 (\d+) ms/);
    return f;
  },
  pipeline(text) {
    const f = [];
    let m;
    if ((m = /standings\.updated on Kafka: median ([\d.]+) ms, p95 ([\d.]+) ms \(HTTP 200 median ([\d.]+) ms, p95 ([\d.]+) ms\)/.exec(text))) {
      f.push(['submission -> standings.updated median', num(m[1]), 'ms'], ['submission -> standings.updated p95', num(m[2]), 'ms'], ['submission HTTP 200 median', num(m[3]), 'ms'], ['submission HTTP 200 p95', num(m[4]), 'ms']);
    }
    for (const r of text.matchAll(/^reads: GET (\S.*?)\s+(?:after|before)?\s*(\d+) req\/s\s+p50 ([\d.]+) ms\s+p99 ([\d.]+) ms\s+CPU (\d+) µs\/req/gm)) {
      const name = r[1].trim();
      f.push([`read ${name} req/s`, num(r[2]), 'req/s'], [`read ${name} p50`, num(r[3]), 'ms'], [`read ${name} p99`, num(r[4]), 'ms'], [`read ${name} CPU`, num(r[5]), 'µs/req']);
    }
    if ((m = /unknown slug\s+404 after (\d+) ms/.exec(text))) f.push(['read of an unknown slug, 404 after', num(m[1]), 'ms']);
    if ((m = /SIGTERM → exit ([\d.]+) s/.exec(text))) f.push(['service stop (SIGTERM -> exit)', num(m[1]), 's']);
    return f;
  },
  public(text) {
    const f = [];
    const table = text.split(/^public results benchmark:.*$/m)[1] ?? '';
    for (const line of table.split('\n')) {
      const m = /^\s+(\S.*?)\s{2,}(\S.*)$/.exec(line);
      if (!m) continue;
      const name = m[1].replace(/\s*\([^)]*\)/g, '');
      const value = m[2];
      let v;
      if ((v = /^(\d+) req\/s, p50 ([\d.]+) ms, p99 ([\d.]+) ms/.exec(value))) {
        f.push([`${name} req/s`, num(v[1]), 'req/s'], [`${name} p50`, num(v[2]), 'ms'], [`${name} p99`, num(v[3]), 'ms']);
      } else if ((v = /^([\d.]+); ([\d.]+)$/.exec(value))) {
        f.push(['gateway / direct throughput, warm', num(v[1]), 'ratio'], ['gateway / direct throughput, cache off', num(v[2]), 'ratio']);
      } else if ((v = /^p50 ([\d.]+) ms, p95 ([\d.]+) ms/.exec(value))) {
        f.push([`${name} p50`, num(v[1]), 'ms'], [`${name} p95`, num(v[2]), 'ms']);
      } else {
        for (const part of value.matchAll(/([\w-]+) \+?(-?[\d.]+) MB/g)) f.push([`${name}: ${part[1]}`, num(part[2]), 'MB']);
      }
    }
    return f;
  },
  'finish-to-page'(text) {
    const f = [];
    for (const m of text.matchAll(/^capture finish -> (.+?) in Chromium \(gateway, from (.+?)\): p50 (\d+) ms, p95 (\d+) ms/gm)) {
      f.push([`${m[2]} -> ${m[1]} p50`, num(m[3]), 'ms'], [`${m[2]} -> ${m[1]} p95`, num(m[4]), 'ms']);
    }
    return f;
  },
};
const median = (xs) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const fmt = (x) => (Number.isNaN(x) ? '-' : Math.abs(x) >= 100 || Number.isInteger(x) ? x.toFixed(0) : x.toFixed(2));
const percent = (ratio) => (Number.isNaN(ratio) ? '-' : `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%`);
// Runs from every directory given; a round is named by its directory and number (run2/r1).
const runs = []; // { dir, file, bench, side, round }
const loads = new Map(); // `${bench} ${side} ${round}` -> 1-minute load average at the run's start
for (const dir of dirs) {
  console.log('');
  console.log(readFileSync(`${dir}/header.txt`, 'utf8').trim());
  const tag = dirs.length > 1 ? `${dir.replace(/\/+$/, '').split('/').pop()}/` : '';
  for (const name of readdirSync(dir)) {
    const m = /^(.+)-(before|after)-r(\d+)\.log$/.exec(name);
    if (m) runs.push({ dir, file: name, bench: m[1], side: m[2], round: `${tag}r${m[3]}` });
  }
  for (const line of readFileSync(`${dir}/runs.tsv`, 'utf8').split('\n').slice(1)) {
    const [bench, side, round, , status, , load] = line.split('\t');
    if (bench) loads.set(`${bench} ${side} ${tag}r${round}`, `${(load ?? '').split(' ')[0]}${status === '0' ? '' : ` (exit ${status})`}`);
  }
}
for (const bench of benches) {
  const figures = new Map(); // name -> { unit, before: Map(round -> value), after: Map(round -> value) }
  const failed = [];
  const rounds = [...new Set(runs.filter((r) => r.bench === bench).map((r) => r.round))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  for (const run of runs.filter((r) => r.bench === bench)) {
    const parsed = parsers[bench](readFileSync(`${run.dir}/${run.file}`, 'utf8'));
    if (parsed.length === 0) failed.push(`${run.round} ${run.side}`);
    for (const [name, value, unit] of parsed) {
      if (!figures.has(name)) figures.set(name, { unit, before: new Map(), after: new Map() });
      figures.get(name)[run.side].set(run.round, value);
    }
  }
  console.log('');
  console.log(`## ${bench}`);
  console.log(`load average (1 min) at each run's start, before / after: ${rounds.map((r) => `${r} ${loads.get(`${bench} before ${r}`) ?? '-'} / ${loads.get(`${bench} after ${r}`) ?? '-'}`).join('; ')}`);
  if (failed.length) console.log(`no figures (the run failed; see its log): ${failed.join(', ')}`);
  console.log('');
  console.log('| figure | unit | before, by round | after, by round | before median | after median | after - before | change of medians | paired change (median of after/before per round) | |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const byRound = (values) => rounds.map((r) => (values.has(r) ? fmt(values.get(r)) : '-')).join(', ');
  for (const [name, { unit, before, after }] of figures) {
    const b = median([...before.values()]);
    const a = median([...after.values()]);
    const diff = a - b;
    // Each round's before and after ran back to back, under about the same load: their ratio is the fair comparison.
    const pairs = rounds.filter((r) => before.has(r) && after.has(r) && before.get(r) !== 0).map((r) => after.get(r) / before.get(r));
    const paired = median(pairs);
    let verdict = '';
    const direction = Number.isNaN(paired) ? (Number.isNaN(diff) ? 0 : Math.sign(diff)) : Math.sign(paired - 1);
    if (direction !== 0) {
      const better = (direction > 0) === higherIsBetter(unit);
      const worseRounds = pairs.filter((ratio) => ratio !== 1 && (ratio > 1) !== higherIsBetter(unit)).length;
      verdict = `${better ? 'better' : 'worse'}${pairs.length ? ` (worse in ${worseRounds} of ${pairs.length} rounds)` : ''}`;
    }
    console.log(`| ${name} | ${unit} | ${byRound(before)} | ${byRound(after)} | ${fmt(b)} | ${fmt(a)} | ${Number.isNaN(diff) ? '-' : (diff > 0 ? '+' : '') + fmt(diff)} | ${b !== 0 ? percent(a / b) : '-'} | ${percent(paired)} | ${verdict} |`);
  }
}
console.log('');
console.log(`runs (load average at each run's start and end, exit status): ${dirs.map((d) => `${d}/runs.tsv`).join(', ')}; logs beside them`);
JS
}
if [ -n "$REPORT" ]; then report "$REPORT" "$@"; exit; fi
[ $# -ge 2 ] || { echo "usage: bash scripts/bench-before-after.sh [--rounds N] [--swap] [--out DIR] BEFORE_TREE AFTER_TREE [bench ...]" >&2; exit 2; }
BEFORE="$(cd "$1" && pwd)" || exit 2
AFTER="$(cd "$2" && pwd)" || exit 2
shift 2
BENCHES=("$@")
[ ${#BENCHES[@]} -gt 0 ] || BENCHES=(webhooks pipeline public)
BEFORE_SLOT="${BEFORE_SLOT:-7}"
AFTER_SLOT="${AFTER_SLOT:-8}"
RUN_TIMEOUT="${BENCH_RUN_TIMEOUT:-900}"
[ "$BEFORE_SLOT" != "$AFTER_SLOT" ] || { echo "BEFORE_SLOT and AFTER_SLOT must differ" >&2; exit 2; }
[ -n "$OUT" ] || OUT="$OUT_BASE/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT"

bench_command() { # name -> the command that runs it inside a tree
  local node=(node --conditions=@regatta/source --import tsx)
  case "$1" in
    webhooks) echo "bash scripts/bench-webhooks.sh" ;;
    pipeline) echo "${node[*]} services/results-scoring/scripts/bench-pipeline.ts" ;;
    public) echo "${node[*]} services/public-results/scripts/bench-public.ts" ;;
    finish-to-page) echo "${node[*]} services/race-capture/scripts/bench-finish-to-page.ts" ;;
    *) return 1 ;;
  esac
}
for bench in "${BENCHES[@]}"; do
  bench_command "$bench" >/dev/null || { echo "unknown benchmark: $bench (webhooks, pipeline, public, finish-to-page)" >&2; exit 2; }
done

# The shared infrastructure (PostgreSQL, Redis, Kafka, Mailpit), as the benchmarks expect it.
if [ -z "${DATABASE_URL:-}" ]; then
  eval "$(bash "$ROOT/scripts/infra.sh" env)"
fi
export DATABASE_URL REDIS_URL KAFKA_BROKERS
[ -z "${SMTP_URL:-}" ] || export SMTP_URL
[ -z "${MAILPIT_URL:-}" ] || export MAILPIT_URL
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
say() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/driver.log"; }
# The ports a stack in slot N listens on (packages/testing/src/stack.ts: base + 1000 * slot); prints
# those some other process already listens on (another engineer's stack in the same slot).
slot_busy() {
  local slot="$1" port ports=()
  ports+=($((18080 + 1000 * slot)))
  for port in $(seq 14101 14109); do ports+=($((port + 1000 * slot))); done
  local listening
  listening="$(ss -Htln 2>/dev/null | awk '{print $4}' | sed 's/.*://')"
  for port in "${ports[@]}"; do grep -qx "$port" <<<"$listening" && echo "$port"; done
}

{
  echo "before: $BEFORE $(git -C "$BEFORE" rev-parse HEAD 2>/dev/null) (slot $BEFORE_SLOT)"
  echo "after:  $AFTER $(git -C "$AFTER" rev-parse HEAD 2>/dev/null) (slot $AFTER_SLOT)"
  echo "benchmarks: ${BENCHES[*]}; rounds: $ROUNDS; order: $([ -n "$SWAP" ] && echo 'before first in odd rounds, after first in even ones' || echo 'before, then after, in every round')"
  echo "cores: $(nproc); load average at start: $(loadavg)"
  echo "started: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$OUT/header.txt"
cat "$OUT/header.txt"

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  for tree in "$BEFORE" "$AFTER"; do
    say "building $tree (tsc -b)"
    mkdir -p "$tree/.cache"
    (cd "$tree" && flock "$tree/.cache/build.lock" node_modules/.bin/tsc -b tsconfig.json) >"$OUT/build-$(basename "$tree").log" 2>&1 \
      || { say "build failed in $tree (see $OUT/build-$(basename "$tree").log)"; exit 1; }
  done
fi

printf 'bench\tside\tround\tslot\texit\tseconds\tload_start\tload_end\n' >"$OUT/runs.tsv"
for round in $(seq 1 "$ROUNDS"); do
  for bench in "${BENCHES[@]}"; do
    sides=(before after)
    [ -n "$SWAP" ] && [ $((round % 2)) -eq 0 ] && sides=(after before)
    for side in "${sides[@]}"; do
      if [ "$side" = before ]; then tree="$BEFORE"; slot="$BEFORE_SLOT"; else tree="$AFTER"; slot="$AFTER_SLOT"; fi
      log="$OUT/$bench-$side-r$round.log"
      load0="$(loadavg)"
      t0=$(date +%s)
      say "round $round/$ROUNDS: $bench $side (slot $slot, load $load0)"
      # A slot someone else's stack holds: wait up to 2 minutes for it, else skip this run.
      for _ in $(seq 1 24); do [ -z "$(slot_busy "$slot")" ] && break; sleep 5; done
      busy="$(slot_busy "$slot" | tr '\n' ' ')"
      if [ -n "$busy" ]; then
        say "  slot $slot busy (ports $busy in use): $bench $side round $round skipped"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$bench" "$side" "$round" "$slot" "slot-busy" 0 "$load0" "$(loadavg)" >>"$OUT/runs.tsv"
        continue
      fi
      # timeout signals the whole process group on expiry, so a stuck stack's children go too.
      (cd "$tree" && BENCH_SLOT="$slot" STACK_SLOT="$slot" timeout --kill-after=30 "$RUN_TIMEOUT" $(bench_command "$bench")) >"$log" 2>&1
      status=$?
      t1=$(date +%s)
      [ "$status" -eq 0 ] || say "  $bench $side round $round exited $status (see $log)"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$bench" "$side" "$round" "$slot" "$status" "$((t1 - t0))" "$load0" "$(loadavg)" >>"$OUT/runs.tsv"
    done
  done
done
echo "load average at end: $(loadavg); ended: $(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$OUT/header.txt"

report "$OUT" | tee "$OUT/summary.txt"
