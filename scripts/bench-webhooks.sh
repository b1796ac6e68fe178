#!/usr/bin/env bash
# `npm run bench:webhooks`: results submitted through the gateway -> signed results.updated deliveries
# at a local receiver, 10 subscribers, a steady stream of results; prints deliveries per second and
# p50/p99 (see scripts/bench-webhooks/bench.ts for the knobs BENCH_RATE, BENCH_SECONDS, BENCH_SLOT).
# Starts the whole stack from dist/, so it builds everything first; bounded to about a minute.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
flock "$ROOT/.cache/build.lock" npx tsc -b tsconfig.json >/dev/null
exec node --conditions=@regatta/source --import tsx scripts/bench-webhooks/bench.ts "$@"
