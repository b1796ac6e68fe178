#!/usr/bin/env bash
# Before/after comparison of benchmarks on a shared machine: runs each named benchmark in two built
# checkouts alternately (BEFORE, AFTER, BEFORE, AFTER, ... for --rounds rounds), so that a busy
# machine's load falls on both sides alike, then prints one table per benchmark: every figure's
# before median, after median and the difference, with the core count and load average at start
# and end. Each checkout runs its OWN benchmark script against its OWN dist/ build (a figure the
# older script does not print shows as "-").
#
#   bash scripts/bench-before-after.sh [--rounds N] [--out DIR] BEFORE_TREE AFTER_TREE [bench ...]
#   bash scripts/bench-before-after.sh --report DIR     # the tables of an earlier run's logs again
#
# Trees: two checkouts (e.g. `git worktree add --detach /tmp/before <commit>`), each with
# `npm ci` and `npx tsc -b` done (the driver runs `tsc -b` in each first, a no-op when built;
# BENCH_SKIP_BUILD=1 skips it). Benchmarks (default: webhooks pipeline public):
#   webhooks        scripts/bench-webhooks.sh (results -> signed deliveries, whole stack)
#   pipeline        services/results-scoring/scripts/bench-pipeline.ts (submission -> standings.updated, hot reads)
#   public          services/public-results/scripts/bench-public.ts (public page throughput, live feed latency, memory)
#   finish-to-page  services/race-capture/scripts/bench-finish-to-page.ts (a finish -> open page, Chromium)
# Slots: BEFORE runs with BENCH_SLOT=$BEFORE_SLOT (default 7), AFTER with $AFTER_SLOT (default 8):
# separate ports (base + 1000 * slot), databases and Redis dbs; pick slots no one else uses (a run
# whose slot's ports are taken waits up to 2 minutes, then is skipped and marked in runs.tsv). Each run is bounded by
# BENCH_RUN_TIMEOUT seconds (default 900). The benchmarks' own knobs (BENCH_SECONDS, BENCH_DURATION,
# BENCH_CPU_PROF, ...) pass through. Logs: .local/bench-before-after/<time>/ (every run's output,
# runs.tsv with each run's load average and exit status, summary.txt with the tables).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ROUNDS=2
OUT_BASE="$ROOT/.local/bench-before-after"
OUT=""
REPORT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --report) REPORT="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
# The tables: figures read from every run's log.
report() { # dir -> the tables, from its logs (benchmarks in the order runs.tsv lists them)
  node --input-type=module - "$1" $(tail -n +2 "$1/runs.tsv" | cut -f1 | awk '!seen[$0]++') <<'JS'
const { readFileSync, readdirSync } = await import('node:fs');
const [dir, ...benches] = process.argv.slice(2);
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
const files = readdirSync(dir);
const header = readFileSync(`${dir}/header.txt`, 'utf8');
console.log('');
console.log(header.trim());
for (const bench of benches) {
  const figures = new Map(); // name -> { unit, before: [], after: [] }
  const failed = [];
  for (const side of ['before', 'after']) {
    for (const file of files.filter((name) => name.startsWith(`${bench}-${side}-r`) && name.endsWith('.log')).sort()) {
      const parsed = parsers[bench](readFileSync(`${dir}/${file}`, 'utf8'));
      if (parsed.length === 0) failed.push(file);
      for (const [name, value, unit] of parsed) {
        if (!figures.has(name)) figures.set(name, { unit, before: [], after: [] });
        figures.get(name)[side].push(value);
      }
    }
  }
  console.log('');
  console.log(`## ${bench}${failed.length ? ` (no figures in: ${failed.join(', ')})` : ''}`);
  console.log('| figure | unit | before runs | after runs | before median | after median | after - before | change | |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [name, { unit, before, after }] of figures) {
    const b = median(before);
    const a = median(after);
    const diff = a - b;
    const pct = b !== 0 && !Number.isNaN(diff) ? `${diff >= 0 ? '+' : ''}${((diff / Math.abs(b)) * 100).toFixed(0)}%` : '-';
    let verdict = '';
    if (!Number.isNaN(diff) && diff !== 0) {
      verdict = (diff > 0) === higherIsBetter(unit) ? 'better' : 'worse';
      // Overlapping ranges: the change is within the spread of the runs themselves.
      if (Math.min(...after) <= Math.max(...before) && Math.min(...before) <= Math.max(...after)) verdict += ' (ranges overlap)';
    }
    console.log(`| ${name} | ${unit} | ${before.map(fmt).join(', ') || '-'} | ${after.map(fmt).join(', ') || '-'} | ${fmt(b)} | ${fmt(a)} | ${Number.isNaN(diff) ? '-' : (diff > 0 ? '+' : '') + fmt(diff)} | ${pct} | ${verdict} |`);
  }
}
console.log('');
console.log(`runs (load average at each run's start and end): ${dir}/runs.tsv; logs: ${dir}/`);
JS
}
if [ -n "$REPORT" ]; then report "$REPORT"; exit; fi
[ $# -ge 2 ] || { echo "usage: bash scripts/bench-before-after.sh [--rounds N] [--out DIR] BEFORE_TREE AFTER_TREE [bench ...]" >&2; exit 2; }
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
  echo "benchmarks: ${BENCHES[*]}; rounds: $ROUNDS"
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
    for side in before after; do
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
