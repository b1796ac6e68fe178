#!/usr/bin/env bash
# `npm run load`: load tests with k6 (see docs/load-testing.md).
#
#   npm run load                       every scenario, then the summary table
#   LOAD_SCENARIOS="smoke race-day" npm run load    only these (rate-limit runs on its own stack)
#   LOAD_SCENARIOS=spectators npm run load          public pages, live feeds and a results committee
#   LOAD_SCENARIOS=race-day-capacity npm run load   the race-day mix at rising rates: its capacity
#   LOAD_K6_CPUS=1 LOAD_SCENARIOS=race-day-capacity npm run load   the same with k6 on core 1 only
#
# Builds k6 when missing (scripts/tools.sh), starts a webhook receiver on 127.0.0.1, starts a stack
# (all services and the gateway, own ports/database/topics: STACK_SLOT, default 7; anonymous
# per-address limit PUBLIC_RATE_LIMIT_PER_MINUTE=LOAD_PUBLIC_RATE_LIMIT, default 1000000) unless one
# already answers at GATEWAY_URL, runs each scenario with k6 (--summary-export into .local/load/), runs the
# rate-limit scenario on a second stack whose keys get RATE_LIMIT_DEFAULT=LOAD_RATE_LIMIT (default 50)
# requests per hour, and prints requests/s, p50/p95/p99, error rate and thresholds per scenario and the
# gateway/direct throughput ratio. Exit status 0 only when every threshold of every scenario held.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

SLOT="${STACK_SLOT:-7}"
OUT="${LOAD_OUT:-$ROOT/.local/load}"
RATE_LIMIT="${LOAD_RATE_LIMIT:-50}"
# race-day-capacity runs last: it saturates the stack on purpose.
ALL_MAIN=(smoke race-day results-storm registration-burst gateway-vs-direct spectators race-day-capacity)
# Every k6 request comes from 127.0.0.1: the gateway's anonymous per-address limit (public pages, live
# feeds) must not be what the load meets.
PUBLIC_LIMIT="${LOAD_PUBLIC_RATE_LIMIT:-1000000}"
NODE_TS=(node --conditions=@regatta/source --import tsx)
export OUT RATE_LIMIT

# ---------------------------------------------------------------------------------------------
# Inside a stack: run the given scenarios against E2E_GATEWAY_URL (or GATEWAY_URL).
run_k6() { # scenario
  local name="$1" started=$SECONDS rc=0
  local file="$ROOT/scripts/k6/$name.js"
  [ -f "$file" ] || die "no scenario $file"
  local args=(-e "GATEWAY_URL=$GATEWAY_URL" -e "RECEIVER_URL=$RECEIVER_URL" -e "RATE_LIMIT=$RATE_LIMIT")
  if [ "$name" = gateway-vs-direct ]; then
    # The service trusts only a signed assertion: mint one that outlives the run (10 minutes).
    local assertion
    assertion="$("${NODE_TS[@]}" "$ROOT/scripts/k6/mint-assertion.ts" read 600)" || die "minting the identity assertion failed"
    args+=(-e "EVENTS_DIRECT_URL=$EVENTS_DIRECT_URL" -e "DIRECT_ASSERTION=$assertion")
  fi
  # The capacity scenario writes its step table (.json and .txt) for the summary below.
  if [ "$name" = race-day-capacity ]; then args+=(-e "CAPACITY_OUT=$OUT/$name.steps.json"); fi
  log "scenario $name"
  rm -f "$OUT/$name.json" "$OUT/$name.rc" "$OUT/$name.steps.json" "$OUT/$name.steps.txt"
  # LOAD_K6_CPUS (a taskset CPU list, e.g. 1): k6 runs on those cores only, so the load generator's
  # own cost cannot be what stops the stack (it still shares them with the stack).
  local pin=()
  if [ -n "${LOAD_K6_CPUS:-}" ]; then pin=(taskset -c "$LOAD_K6_CPUS"); fi
  K6_NO_USAGE_REPORT=true "${pin[@]}" "$K6_BIN" run --quiet --no-color --no-usage-report \
    --summary-trend-stats "avg,min,med,max,p(50),p(95),p(99),count" \
    --summary-export "$OUT/$name.json" "${args[@]}" "$file" >"$OUT/$name.log" 2>&1 || rc=$?
  echo "$rc" >"$OUT/$name.rc"
  if [ "$rc" -eq 0 ]; then
    log "scenario $name: thresholds held ($((SECONDS - started)) s)"
  else
    log "scenario $name: exit $rc ($((SECONDS - started)) s); last lines of $OUT/$name.log:"
    grep -vE '^\s*$' "$OUT/$name.log" | grep -E 'level=(error|warn)|✗|crossed|thresholds' | tail -n 25 >&2 || true
  fi
}

run_inside() { # scenarios...
  GATEWAY_URL="${E2E_GATEWAY_URL:-$GATEWAY_URL}"
  if [ -n "${E2E_SERVICE_URLS:-}" ]; then
    EVENTS_DIRECT_URL="$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).events)' "$E2E_SERVICE_URLS")"
  fi
  export GATEWAY_URL EVENTS_DIRECT_URL
  for scenario in "$@"; do run_k6 "$scenario"; done
}

if [ "${1:-}" = "__inside" ]; then
  shift
  run_inside "$@"
  exit 0
fi

# ---------------------------------------------------------------------------------------------
# Outside: tools, receiver, stacks, report.
answers() { curl -fsS -m 2 -o /dev/null "$1/api/v1/health" 2>/dev/null; }

STACK_READY=0
prepare_stack() { # builds and provisions once
  [ "$STACK_READY" = 1 ] && return 0
  if [ "${LOAD_SKIP_BUILD:-0}" = 1 ]; then log "LOAD_SKIP_BUILD=1: using the existing dist/ builds"; else build_all; fi
  infra_up
  STACK_READY=1
}

with_stack() { # rate-limit-default scenarios...
  local limit="$1"; shift
  prepare_stack
  local attempt scenario ran
  for attempt in 1 2; do
    log "starting a stack (slot $SLOT, RATE_LIMIT_DEFAULT=$limit) for: $*"
    if (cd "$ROOT" && STACK_SLOT="$SLOT" RATE_LIMIT_DEFAULT="$limit" PUBLIC_RATE_LIMIT_PER_MINUTE="$PUBLIC_LIMIT" \
      TEST_LOG_LEVEL="${LOAD_LOG_LEVEL:-warn}" \
      "${NODE_TS[@]}" scripts/with-stack.ts bash scripts/load.sh __inside "$@"); then
      return 0
    fi
    # A stack that never came up (e.g. a Kafka topic not ready yet) is retried once; a stack whose
    # scenarios ran is not.
    ran=0
    for scenario in "$@"; do [ -f "$OUT/$scenario.rc" ] && ran=1; done
    [ "$ran" = 0 ] || break
    log "the stack did not start (attempt $attempt; logs: .local/logs/test/*-$SLOT.log)"
  done
  log "the stack for $* failed; continuing to the summary"
}

ensure_node_modules
K6_BIN="$(bash "$ROOT/scripts/tools.sh" k6 | tail -n 1)"
[ -x "$K6_BIN" ] || die "k6 was not built (bash scripts/tools.sh k6)"
export K6_BIN
mkdir -p "$OUT"

read -r -a SCENARIOS <<<"${LOAD_SCENARIOS:-${ALL_MAIN[*]} rate-limit}"
MAIN=()
RUN_RATE_LIMIT=0
for scenario in "${SCENARIOS[@]}"; do
  if [ "$scenario" = rate-limit ]; then RUN_RATE_LIMIT=1; else MAIN+=("$scenario"); fi
done
for scenario in "${SCENARIOS[@]}"; do rm -f "$OUT/$scenario.json" "$OUT/$scenario.rc" "$OUT/$scenario.log"; done

# The webhook receiver (deliveries of the results storm go here; k6 reads its /stats).
RECEIVER_PID=""
cleanup() {
  if [ -n "$RECEIVER_PID" ]; then kill "$RECEIVER_PID" 2>/dev/null || true; wait "$RECEIVER_PID" 2>/dev/null || true; fi
}
trap cleanup EXIT
rm -f "$OUT/receiver.port"
node "$ROOT/scripts/k6/receiver.mjs" "$OUT/receiver.port" >"$OUT/receiver.log" 2>&1 &
RECEIVER_PID=$!
for _ in $(seq 1 50); do [ -s "$OUT/receiver.port" ] && break; sleep 0.1; done
[ -s "$OUT/receiver.port" ] || die "the webhook receiver did not start (see $OUT/receiver.log)"
RECEIVER_URL="http://127.0.0.1:$(cat "$OUT/receiver.port")"
export RECEIVER_URL

STARTED=$SECONDS
GATEWAY_URL="${GATEWAY_URL:-http://127.0.0.1:$((18080 + 1000 * SLOT))}"
if [ "${#MAIN[@]}" -gt 0 ]; then
  if answers "$GATEWAY_URL"; then
    log "using the stack answering at $GATEWAY_URL"
    if [[ " ${MAIN[*]} " == *" spectators "* ]]; then
      # The public door announces its per-address limit; a stack started with the default (600 per
      # minute) would answer most of the spectators' requests 429.
      public_limit="$(curl -sS -m 2 -o /dev/null -D - "$GATEWAY_URL/regattas.json" 2>/dev/null | tr -d '\r' |
        awk -F': ' 'tolower($1) == "ratelimit-limit" { print $2 }')" || true
      if [ -n "${public_limit:-}" ] && [ "$public_limit" -lt 100000 ]; then
        log "warning: that gateway allows $public_limit public requests per address and minute; start it with PUBLIC_RATE_LIMIT_PER_MINUTE=$PUBLIC_LIMIT (or 0) for the spectators scenario"
      fi
    fi
    EVENTS_DIRECT_URL="${EVENTS_DIRECT_URL:-${EVENTS_URL:-http://127.0.0.1:$((14103 + 1000 * SLOT))}}"
    export GATEWAY_URL EVENTS_DIRECT_URL
    bash "$ROOT/scripts/load.sh" __inside "${MAIN[@]}"
  else
    with_stack "${LOAD_MAIN_RATE_LIMIT:-10000000}" "${MAIN[@]}"
  fi
fi
if [ "$RUN_RATE_LIMIT" = 1 ]; then
  if [ -n "${RATE_LIMIT_GATEWAY_URL:-}" ] && answers "$RATE_LIMIT_GATEWAY_URL"; then
    log "rate-limit scenario against $RATE_LIMIT_GATEWAY_URL (keys must get $RATE_LIMIT requests per hour)"
    GATEWAY_URL="$RATE_LIMIT_GATEWAY_URL" bash "$ROOT/scripts/load.sh" __inside rate-limit
  else
    with_stack "$RATE_LIMIT" rate-limit
  fi
fi

log "all scenarios ran in $((SECONDS - STARTED)) s"
report_rc=0
node "$ROOT/scripts/k6/report.mjs" "$OUT" "${SCENARIOS[@]}" || report_rc=$?
for scenario in "${SCENARIOS[@]}"; do
  if [ -f "$OUT/$scenario.steps.txt" ]; then echo; cat "$OUT/$scenario.steps.txt"; fi
done
exit "$report_rc"
