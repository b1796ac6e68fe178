# shellcheck shell=bash
# Redis part of scripts/infra.sh (sourced): a server on 127.0.0.1:56379 with an append-only file
# (fsync every second), so the gateway's hourly counters survive a restart of Redis.

REDIS_PORT=${INFRA_REDIS_PORT:-56379}
REDIS_DIR="$LOCAL_DIR/redis"
REDIS_PID="$REDIS_DIR/redis.pid"
REDIS_LOG="$LOG_DIR/redis.log"
REDIS_OUT="$LOG_DIR/redis.out"
# shellcheck disable=SC2034 # used by infra.sh env
REDIS_DEFAULT_URL="redis://$HOST:$REDIS_PORT/0"

redis_ping() {
  [[ "$(redis-cli -h "$HOST" -p "$REDIS_PORT" ping 2>/dev/null)" == PONG ]]
}

redis_running() {
  pid_alive "$REDIS_PID" redis-server && redis_ping
}

redis_ensure_installed() {
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null && return 0
  apt_install redis-server
}

redis_start() {
  port_open "$REDIS_PORT" &&
    die "port $REDIS_PORT is taken by another process (no redis started by this script); stop it or set REDIS_URL"
  mkdir -p "$REDIS_DIR"
  info "starting Redis on $HOST:$REDIS_PORT"
  # Absolute paths: redis chdirs into --dir while reading its options, so a relative
  # --logfile/--pidfile would land inside that directory.
  # Persistence: rate-limit counters are hourly; without it a restart handed every key a fresh hour.
  # AOF only (no RDB snapshots), fsync once a second: a crash loses at most a second of counts.
  redis-server --port "$REDIS_PORT" --bind "$HOST" --daemonize yes \
    --dir "$REDIS_DIR" --logfile "$REDIS_LOG" --pidfile "$REDIS_PID" \
    --save "" --appendonly yes --appendfsync everysec >"$REDIS_OUT" 2>&1 ||
    die "redis-server refused to start" "$REDIS_OUT"
  wait_until 15 redis_running || die "Redis did not answer on $HOST:$REDIS_PORT" "$REDIS_LOG"
}

redis_check_external() {
  local shown
  shown=$(redact_url "$REDIS_URL")
  info "Redis: using REDIS_URL=$shown (not managed here)"
  if command -v redis-cli >/dev/null; then
    [[ "$(redis-cli -u "$REDIS_URL" ping 2>/dev/null)" == PONG ]] ||
      die "Redis at REDIS_URL=$shown does not answer PING"
  fi
}

redis_up() {
  if [[ -n "${REDIS_URL:-}" ]]; then
    redis_check_external
    return 0
  fi
  redis_ensure_installed
  if redis_running; then
    # Started by an older version of this script without persistence: switch it on in place.
    [[ "$(redis-cli -h "$HOST" -p "$REDIS_PORT" config get appendonly 2>/dev/null | tail -n 1)" == yes ]] ||
      redis-cli -h "$HOST" -p "$REDIS_PORT" config set appendonly yes >/dev/null 2>&1 ||
      info "Redis: could not switch on appendonly"
  else
    redis_start
  fi
}

redis_down() {
  pid_alive "$REDIS_PID" redis-server || {
    rm -f "$REDIS_PID"
    return 0
  }
  info "stopping Redis"
  stop_pid "$REDIS_PID" Redis 20
}

redis_status() {
  if [[ -n "${REDIS_URL:-}" ]]; then
    printf '%-10s %-8s %s\n' redis external "REDIS_URL=$(redact_url "$REDIS_URL")"
  elif command -v redis-cli >/dev/null && redis_running; then
    printf '%-10s %-8s %s\n' redis running \
      "$HOST:$REDIS_PORT pid $(head -n 1 "$REDIS_PID") log ${REDIS_LOG#"$ROOT"/} (append-only file, fsync every second)"
  else
    printf '%-10s %-8s %s\n' redis stopped "$HOST:$REDIS_PORT"
    return 1
  fi
}
