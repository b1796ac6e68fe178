#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR/infra
# Local infrastructure for development and tests: PostgreSQL, Redis, Kafka and Mailpit (SMTP) on
# 127.0.0.1.
#
#   bash scripts/infra.sh up       install what is missing, start what is not running, create topics
#   bash scripts/infra.sh down     stop what this script started
#   bash scripts/infra.sh status   what runs, where (exit 1 when something is not running)
#   bash scripts/infra.sh env      export lines: eval "$(bash scripts/infra.sh env)"
#
# DATABASE_URL, REDIS_URL, KAFKA_BROKERS or SMTP_URL set in the environment: that piece is external and is
# neither installed nor started (topics are still created on external brokers).
# State in .local/ (data, logs, pid files), downloads in .cache/. See docs/infrastructure.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
HERE="$ROOT/scripts/infra"

source "$HERE/common.sh"
source "$HERE/postgres.sh"
source "$HERE/redis.sh"
source "$HERE/kafka.sh"
source "$HERE/mailpit.sh"

usage() {
  sed -n '3,/^set /s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

# One `up`/`down` at a time per working tree (several people or scripts may call it at once).
# flock(1) holds the lock in its own process and runs this script again with the descriptor
# closed (-o): a daemon started while the lock is held must not inherit it, or it would hold the
# lock for as long as it runs.
with_lock() {
  local rc=0
  if [[ "${INFRA_SH_LOCKED:-}" == 1 ]]; then
    unset INFRA_SH_LOCKED
    return 0
  fi
  mkdir -p "$LOG_DIR"
  INFRA_SH_LOCKED=1 flock -o -E 75 -w 300 "$LOCAL_DIR/.infra.lock" bash "${BASH_SOURCE[0]}" "$@" || rc=$?
  ((rc != 75)) || die "another scripts/infra.sh up/down has held .local/.infra.lock for 5 minutes"
  exit "$rc"
}

cmd_up() {
  pg_up
  redis_up
  kafka_up
  mailpit_up
  cmd_status >&2 || true
}

cmd_down() {
  mailpit_down
  kafka_down
  redis_down
  pg_down
  info "stopped"
}

cmd_status() {
  local rc=0
  pg_status || rc=1
  redis_status || rc=1
  kafka_status || rc=1
  mailpit_status || rc=1
  return "$rc"
}

cmd_env() {
  printf 'export DATABASE_URL=%q\n' "${DATABASE_URL:-$PG_DEFAULT_URL}"
  printf 'export REDIS_URL=%q\n' "${REDIS_URL:-$REDIS_DEFAULT_URL}"
  printf 'export KAFKA_BROKERS=%q\n' "${KAFKA_BROKERS:-$KAFKA_DEFAULT_BROKERS}"
  printf 'export SMTP_URL=%q\n' "${SMTP_URL:-$MAILPIT_DEFAULT_SMTP_URL}"
  # The inbox's HTTP API (tests read it); empty when SMTP_URL names another server and MAILPIT_URL is unset.
  if [[ -n "${MAILPIT_URL:-}" || -z "${SMTP_URL:-}" ]]; then printf 'export MAILPIT_URL=%q\n' "${MAILPIT_URL:-$MAILPIT_DEFAULT_URL}"; fi
}

main() {
  case "${1:-}" in
  up)
    with_lock up
    cmd_up
    ;;
  down)
    with_lock down
    cmd_down
    ;;
  status) cmd_status ;;
  env) cmd_env ;;
  *) usage ;;
  esac
}

main "$@"
