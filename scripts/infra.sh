#!/usr/bin/env bash
# Local infrastructure for development and tests: PostgreSQL, Redis and Kafka on 127.0.0.1.
#
#   bash scripts/infra.sh up       install what is missing, start what is not running, create topics
#   bash scripts/infra.sh down     stop what this script started
#   bash scripts/infra.sh status   what runs, where (exit 1 when something is not running)
#   bash scripts/infra.sh env      export lines: eval "$(bash scripts/infra.sh env)"
#
# DATABASE_URL, REDIS_URL or KAFKA_BROKERS set in the environment: that piece is external and is
# neither installed nor started (topics are still created on external brokers).
# State in .local/ (data, logs, pid files), downloads in .cache/. See docs/infrastructure.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
HERE="$ROOT/scripts/infra"

# shellcheck source=infra/common.sh
source "$HERE/common.sh"
# shellcheck source=infra/postgres.sh
source "$HERE/postgres.sh"
# shellcheck source=infra/redis.sh
source "$HERE/redis.sh"
# shellcheck source=infra/kafka.sh
source "$HERE/kafka.sh"

usage() {
  sed -n '2,11s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

# One `up`/`down` at a time per working tree (several people or scripts may call it at once).
take_lock() {
  local fd
  mkdir -p "$LOG_DIR"
  exec {fd}>"$LOCAL_DIR/.infra.lock"
  flock -w 600 "$fd" || die "another scripts/infra.sh up/down held the lock for 10 minutes"
}

cmd_up() {
  take_lock
  pg_up
  redis_up
  kafka_up
  cmd_status >&2 || true
}

cmd_down() {
  take_lock
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
  return "$rc"
}

cmd_env() {
  printf 'export DATABASE_URL=%q\n' "${DATABASE_URL:-$PG_DEFAULT_URL}"
  printf 'export REDIS_URL=%q\n' "${REDIS_URL:-$REDIS_DEFAULT_URL}"
  printf 'export KAFKA_BROKERS=%q\n' "${KAFKA_BROKERS:-$KAFKA_DEFAULT_BROKERS}"
}

main() {
  case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  env) cmd_env ;;
  *) usage ;;
  esac
}

main "$@"
