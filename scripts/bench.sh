#!/usr/bin/env bash
# `npm run bench`: every benchmark the project has, one after another on this machine, then one table
# of their figures (each measured side by side within its own run: gateway vs. direct, warm vs. cold).
# Provisions like `npm test`; about 9 minutes. Each benchmark's full output is in .local/bench/.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node_modules
build_all
infra_up
ensure_chromium
OUT="$ROOT/.local/bench"
mkdir -p "$OUT"
cd "$ROOT"
export BENCH_SLOT="${BENCH_SLOT:-5}"

run() { # name command...
  local name="$1"; shift
  log "bench: $name"
  "$@" >"$OUT/$name.log" 2>&1 || log "bench $name failed (see $OUT/$name.log)"
}
run gateway bash scripts/bench-gateway.sh
run scoring node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-scoring.ts
run pipeline node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-pipeline.ts
run preview node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-preview.ts
run save-to-standings node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-save-to-standings.ts
run kafka node --conditions=@regatta/source --import tsx packages/messaging/scripts/bench-group-join.ts
run idle node --conditions=@regatta/source --import tsx packages/messaging/scripts/bench-idle.ts
run webhooks bash scripts/bench-webhooks.sh
run public node --conditions=@regatta/source --import tsx services/public-results/scripts/bench-public.ts
run exports node --conditions=@regatta/source --import tsx packages/exports/scripts/bench-exports.ts
run sailwave node --conditions=@regatta/source --import tsx services/results-scoring/scripts/bench-sailwave.ts
run console node --conditions=@regatta/source --import tsx web/console/scripts/bench-console.ts
run capture node --conditions=@regatta/source --import tsx services/race-capture/scripts/bench-capture.ts
run finish-to-page node --conditions=@regatta/source --import tsx services/race-capture/scripts/bench-finish-to-page.ts
run notifications node --conditions=@regatta/source --import tsx services/notifications/scripts/bench-notifications.ts

pick() { # file pattern -> matching lines, indented
  grep -E "$2" "$OUT/$1.log" 2>/dev/null | sed -E 's/^ +//; s/^/  /' || true
}
echo
echo "Benchmarks on $(nproc) cores (load generators, browser and every process share them); $(date -u +%Y-%m-%dT%H:%MZ)"
echo "gateway overhead (GET /api/v1/events/{slug} with a key, through the gateway vs. straight to events; CPU per request of each process; autocannon, then wrk 1 thread 16 connections 8 s):"
pick gateway '^(gateway|direct|ratio|gateway cpu/request|events cpu/request|wrk|reval) '
echo "scoring:"
pick scoring '^scoreSeries'
pick pipeline 'median|p95|^reads:|^service stop'
pick preview '^preview '
pick save-to-standings '^save-to-standings '
echo "kafka consumer groups:"
pick kafka '^kafka (join|stop)'
echo "webhooks:"
pick webhooks 'deliveries:|signed delivery'
echo "public results:"
pick public '^  (standings|gateway /|results POST|memory)'
echo "exports (200-boat, 4-fleet standings rendered as CSV, HTML and PDF, interleaved in one process):"
pick exports '^exports '
echo "sailwave import (largest oracle .blw: parse, then re-score with this engine and compare):"
pick sailwave '^sailwave '
echo "console (first load of the regatta list in Chromium; budgets 200 KB compressed JavaScript, LCP 2.5 s):"
pick console '^console '
echo "race capture (300 finishes queued offline then synced; a finish to the public standings JSON; the device's clock offset error):"
pick capture '^capture '
echo "race capture in Chromium (a finish recorded online, by the API and by a tap in the committee app -> the open public standings page and an embedded widget show the boat):"
pick finish-to-page '^capture finish -> '
echo "notifications (a notice to 2,000 entrants decided, then accepted by the local SMTP server, Mailpit; a starting penalty recorded -> its e-mail accepted):"
pick notifications '^notifications (notice|penalty)'
