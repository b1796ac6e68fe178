# shellcheck shell=bash
# Redis part of scripts/infra.sh (sourced): a throw-away, non-persistent server on 127.0.0.1:56379.

REDIS_PORT=56379
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
  redis-server --port "$REDIS_PORT" --bind "$HOST" --daemonize yes \
    --dir "$REDIS_DIR" --logfile "$REDIS_LOG" --pidfile "$REDIS_PID" \
    --save "" --appendonly no >"$REDIS_OUT" 2>&1 ||
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
  redis_running || redis_start
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
      "$HOST:$REDIS_PORT pid $(head -n 1 "$REDIS_PID") log ${REDIS_LOG#"$ROOT"/} (no persistence)"
  else
    printf '%-10s %-8s %s\n' redis stopped "$HOST:$REDIS_PORT"
    return 1
  fi
}
