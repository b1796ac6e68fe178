#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR/../infra
# The chaos run's own PostgreSQL, Redis and Kafka: the same scripts as scripts/infra.sh, on other ports
# and with all state in .local/chaos, so faults never touch the shared instances (default ports).
#
#   bash scripts/chaos/infra.sh up|down|status|env
#   bash scripts/chaos/infra.sh pg-stop-fast|pg-kill|pg-start
#   bash scripts/chaos/infra.sh redis-kill|redis-start
#   bash scripts/chaos/infra.sh kafka-kill|kafka-start
#
# Ports: CHAOS_PG_PORT (55442), CHAOS_REDIS_PORT (56389), CHAOS_KAFKA_PORT (59102) and
# CHAOS_KAFKA_CONTROLLER_PORT (59103); state: CHAOS_DIR (.local/chaos).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
HERE="$ROOT/scripts/infra"
export INFRA_LOCAL_DIR="${CHAOS_DIR:-$ROOT/.local/chaos}"
export INFRA_PG_PORT="${CHAOS_PG_PORT:-55442}"
export INFRA_REDIS_PORT="${CHAOS_REDIS_PORT:-56389}"
export INFRA_KAFKA_PORT="${CHAOS_KAFKA_PORT:-59102}"
export INFRA_KAFKA_CONTROLLER_PORT="${CHAOS_KAFKA_CONTROLLER_PORT:-59103}"
export INFRA_MAILPIT_SMTP_PORT="${CHAOS_MAILPIT_SMTP_PORT:-51035}"
export INFRA_MAILPIT_HTTP_PORT="${CHAOS_MAILPIT_HTTP_PORT:-58035}"
# These instances are always the ones started here, never external ones.
unset DATABASE_URL REDIS_URL KAFKA_BROKERS SMTP_URL MAILPIT_URL

source "$HERE/common.sh"
source "$HERE/postgres.sh"
source "$HERE/redis.sh"
source "$HERE/kafka.sh"
mkdir -p "$LOG_DIR"

pid_of() { head -n 1 "$1" 2>/dev/null || true; }

# gone PID: the process has exited (a zombie that nobody reaped yet counts as exited; kill -0 does not).
gone() { [[ ! -e "/proc/$1" ]] || [[ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" == Z ]]; }

kill_and_wait() { # PID
  kill -KILL "$1" 2>/dev/null || true
  for _ in $(seq 1 100); do gone "$1" && return 0; sleep 0.1; done
}

pg_answers() { "$PG_BIN/pg_isready" -q -h "$HOST" -p "$PG_PORT" -t 2; }

case "${1:-}" in
up | down | status) exec bash "$ROOT/scripts/infra.sh" "$1" ;;
env) exec bash "$ROOT/scripts/infra.sh" env ;;
pg-stop-fast)
  pg_find_bin
  pg_pick_os_user
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 30 stop >/dev/null
  ;;
pg-kill)
  pid=$(pid_of "$PG_DATA/postmaster.pid")
  [[ -n "$pid" ]] && kill_and_wait "$pid"
  ;;
pg-start)
  pg_find_bin
  pg_pick_os_user
  pg_answers && exit 0
  # The postmaster was SIGKILLed: its lock file names a process that is gone (or a zombie, which
  # both pg_ctl status and the new postmaster would take for a running server).
  pid=$(pid_of "$PG_DATA/postmaster.pid")
  if [[ -n "$pid" ]] && gone "$pid"; then rm -f "$PG_DATA/postmaster.pid"; fi
  # Its orphaned backends may hold the shared memory for a moment longer (start refuses:
  # "pre-existing shared memory block is still in use"): retry.
  for _ in $(seq 1 60); do
    pg_write_conf
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start >>"$LOG_DIR/postgres-restarts.log" 2>&1 || true
    pg_answers && exit 0
    sleep 0.5
  done
  die "PostgreSQL did not start again" "$LOG_DIR/postgres-restarts.log"
  ;;
redis-kill)
  pid=$(pid_of "$REDIS_PID")
  [[ -n "$pid" ]] && kill_and_wait "$pid"
  rm -f "$REDIS_PID"
  ;;
redis-start)
  redis_running || redis_start
  ;;
kafka-kill)
  pid=$(pid_of "$KAFKA_PID")
  [[ -n "$pid" ]] && kill_and_wait "$pid"
  ;;
kafka-start)
  if ! kafka_running; then
    rm -f "$KAFKA_PID"
    kafka_write_conf
    kafka_start
  fi
  ;;
*)
  sed -n '3,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
  ;;
esac
