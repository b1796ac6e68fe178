#!/usr/bin/env bash
# `npm run chaos`: fault injection under load, on PostgreSQL, Redis and Kafka instances of its own
# (other ports, state in .local/chaos; the shared instances on the default ports are never touched).
# Builds, starts those instances (scripts/chaos/infra.sh), runs scripts/chaos/run.ts (a whole stack,
# a write load through the gateway, a webhook receiver, the scenarios, a table), then stops them
# (CHAOS_KEEP_INFRA=1 keeps them running). The table is also written to .local/chaos/report.md.
# Exits 1 when an expectation failed. Bounded: CHAOS_BUDGET_SECONDS (480) for the scenarios, 15
# minutes for everything.
set -uo pipefail
source "$(dirname "$0")/lib.sh"

[ -d "$ROOT/node_modules" ] || die "node modules missing: run npm ci first"
build_all
CHAOS_DIR="${CHAOS_DIR:-$ROOT/.local/chaos}"
export CHAOS_DIR
mkdir -p "$CHAOS_DIR/logs"

stop_infra() {
  if [ "${CHAOS_KEEP_INFRA:-0}" != 1 ]; then
    log "stopping the chaos instances"
    bash "$ROOT/scripts/chaos/infra.sh" down >>"$CHAOS_DIR/logs/ctl.log" 2>&1 || true
  fi
}
trap stop_infra EXIT

log "starting the chaos instances (PostgreSQL, Redis, Kafka on their own ports)"
bash "$ROOT/scripts/chaos/infra.sh" up || die "could not start the chaos instances (logs in $CHAOS_DIR/logs)"
eval "$(bash "$ROOT/scripts/chaos/infra.sh" env)"
export DATABASE_URL REDIS_URL KAFKA_BROKERS

rc=0
(cd "$ROOT" && timeout --signal=TERM --kill-after=30 900 \
  node --conditions=@regatta/source --import tsx scripts/chaos/run.ts) || rc=$?
exit "$rc"
