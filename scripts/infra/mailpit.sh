# shellcheck shell=bash
# Mailpit part of scripts/infra.sh (sourced): the local SMTP server the notifications service sends
# through, with a web inbox and an HTTP API (tests read what was sent there). Built from source with
# `go install` at the version pinned in scripts/tools.sh, into .cache/go/bin (cached like helm).
#   SMTP      127.0.0.1:51025   (SMTP_URL=smtp://127.0.0.1:51025)
#   inbox/API 127.0.0.1:58025   (MAILPIT_URL=http://127.0.0.1:58025, API under /api/v1)
# SMTP_URL set in the environment: an external SMTP server is used and no Mailpit is started.

MAILPIT_SMTP_PORT=${INFRA_MAILPIT_SMTP_PORT:-51025}
MAILPIT_HTTP_PORT=${INFRA_MAILPIT_HTTP_PORT:-58025}
MAILPIT_DIR="$LOCAL_DIR/mailpit"
MAILPIT_PID="$MAILPIT_DIR/mailpit.pid"
MAILPIT_LOG="$LOG_DIR/mailpit.log"
# shellcheck disable=SC2034 # used by infra.sh env
MAILPIT_DEFAULT_SMTP_URL="smtp://$HOST:$MAILPIT_SMTP_PORT"
# shellcheck disable=SC2034 # used by infra.sh env
MAILPIT_DEFAULT_URL="http://$HOST:$MAILPIT_HTTP_PORT"
# --ignore-duplicate-ids: a message sent again with the same Message-ID (the notifications service
# resends one it could not mark before a crash) is kept once, as a receiving mail system would.
# Kept messages: a bench sends thousands; the oldest go first beyond this.
MAILPIT_MAX_MESSAGES=${INFRA_MAILPIT_MAX_MESSAGES:-50000}

mailpit_bin() {
  bash "$ROOT/scripts/tools.sh" mailpit 2>>"$LOG_DIR/mailpit-build.log" | tail -n 1
}

mailpit_running() {
  pid_alive "$MAILPIT_PID" mailpit && curl -fs -o /dev/null "http://$HOST:$MAILPIT_HTTP_PORT/livez"
}

mailpit_start() {
  local bin
  command -v go >/dev/null || [[ -x /usr/local/go/bin/go ]] || die "Mailpit is built with Go (>= 1.25): install Go, or set SMTP_URL to an SMTP server"
  command -v go >/dev/null || PATH="/usr/local/go/bin:$PATH"
  bin=$(mailpit_bin) || die "could not build Mailpit" "$LOG_DIR/mailpit-build.log"
  [[ -x "$bin" ]] || die "could not build Mailpit" "$LOG_DIR/mailpit-build.log"
  port_open "$MAILPIT_SMTP_PORT" && die "port $MAILPIT_SMTP_PORT is taken by another process (no Mailpit started by this script); stop it or set SMTP_URL"
  port_open "$MAILPIT_HTTP_PORT" && die "port $MAILPIT_HTTP_PORT is taken by another process (no Mailpit started by this script)"
  mkdir -p "$MAILPIT_DIR"
  info "starting Mailpit (SMTP $HOST:$MAILPIT_SMTP_PORT, inbox http://$HOST:$MAILPIT_HTTP_PORT)"
  # setsid + nohup: the daemon outlives the script and the lock holder (see with_lock in infra.sh).
  setsid nohup "$bin" --smtp "$HOST:$MAILPIT_SMTP_PORT" --listen "$HOST:$MAILPIT_HTTP_PORT" \
    --database "$MAILPIT_DIR/mailpit.db" --max "$MAILPIT_MAX_MESSAGES" \
    --smtp-auth-accept-any --smtp-auth-allow-insecure --smtp-disable-rdns \
    --smtp-max-recipients 1000 --ignore-duplicate-ids --disable-version-check --quiet \
    </dev/null >"$MAILPIT_LOG" 2>&1 &
  echo $! >"$MAILPIT_PID"
  wait_until 20 mailpit_running || die "Mailpit did not answer on http://$HOST:$MAILPIT_HTTP_PORT" "$MAILPIT_LOG"
}

mailpit_up() {
  if [[ -n "${SMTP_URL:-}" ]]; then
    info "SMTP: using SMTP_URL=$(redact_url "$SMTP_URL") (not managed here)"
    return 0
  fi
  mailpit_running || mailpit_start
}

mailpit_down() {
  pid_alive "$MAILPIT_PID" mailpit || {
    rm -f "$MAILPIT_PID"
    return 0
  }
  info "stopping Mailpit"
  stop_pid "$MAILPIT_PID" Mailpit 10
}

mailpit_status() {
  if [[ -n "${SMTP_URL:-}" ]]; then
    printf '%-10s %-8s %s\n' smtp external "SMTP_URL=$(redact_url "$SMTP_URL")"
  elif mailpit_running; then
    printf '%-10s %-8s %s\n' mailpit running \
      "smtp $HOST:$MAILPIT_SMTP_PORT inbox http://$HOST:$MAILPIT_HTTP_PORT pid $(head -n 1 "$MAILPIT_PID") log ${MAILPIT_LOG#"$ROOT"/}"
  else
    printf '%-10s %-8s %s\n' mailpit stopped "smtp $HOST:$MAILPIT_SMTP_PORT inbox http://$HOST:$MAILPIT_HTTP_PORT"
    return 1
  fi
}
