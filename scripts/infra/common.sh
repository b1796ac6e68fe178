# shellcheck shell=bash
# Shared helpers for scripts/infra.sh (sourced, not run). Expects ROOT to be set.

# INFRA_LOCAL_DIR: state of a second, throw-away set of instances (scripts/chaos.sh uses
# .local/chaos with other ports); unset, everything is in .local as always.
LOCAL_DIR="${INFRA_LOCAL_DIR:-$ROOT/.local}"
# shellcheck disable=SC2034 # used by kafka.sh
CACHE_DIR="$ROOT/.cache"
LOG_DIR="$LOCAL_DIR/logs"
HOST=127.0.0.1

APT_UPDATED=0

info() { printf 'infra: %s\n' "$*" >&2; }

# die MESSAGE [LOGFILE]: one line on stderr, then the tail of the log that explains it.
die() {
  printf 'infra: ERROR: %s\n' "$1" >&2
  if [[ -n "${2:-}" && -s "$2" ]]; then
    printf 'infra: last lines of %s:\n' "$2" >&2
    tail -n 25 "$2" | sed 's/^/    /' >&2
  fi
  exit 1
}

# redact_url URL: hide the password of scheme://user:password@host.
redact_url() { sed -E 's#^([a-z+]+://[^:/@]*):[^@/]*@#\1:***@#' <<<"$1"; }

is_root() { [[ "$(id -u)" -eq 0 ]]; }

# port_open PORT: something accepts TCP connections on 127.0.0.1:PORT.
port_open() {
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

# pid_alive PIDFILE [PATTERN]: the pid in PIDFILE runs (and its command line matches PATTERN).
pid_alive() {
  local pidfile=$1 pattern=${2:-} pid cmdline
  [[ -s "$pidfile" ]] || return 1
  pid=$(head -n 1 "$pidfile")
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  [[ -z "$pattern" ]] && return 0
  cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
  [[ "$cmdline" == *"$pattern"* ]]
}

# stop_pid PIDFILE NAME [SECONDS]: TERM, wait, then KILL if it would not go.
stop_pid() {
  local pidfile=$1 name=$2 wait_s=${3:-30} pid i
  pid=$(head -n 1 "$pidfile")
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < wait_s * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    info "$name (pid $pid) did not stop within ${wait_s}s; killing it"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$pidfile"
}

# wait_until SECONDS COMMAND...: poll every 0.2 s until COMMAND succeeds; gives up at once
# when COMMAND exits 2 (it knows waiting is pointless), else returns 1 after SECONDS.
wait_until() {
  local deadline=$((SECONDS + $1)) rc
  shift
  while true; do
    if "$@"; then return 0; else rc=$?; fi
    ((rc != 2)) || return 2
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

# apt_install PACKAGE...: apt-get update (once per run), then install.
apt_install() {
  is_root || die "missing $*: install it (apt-get install $*) as root, or point at external infra (see docs/infrastructure.md)"
  command -v apt-get >/dev/null || die "missing $* and no apt-get here: install it by hand or point at external infra"
  if ((APT_UPDATED == 0)); then
    info "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$LOG_DIR/apt.log" 2>&1 ||
      die "apt-get update failed" "$LOG_DIR/apt.log"
    APT_UPDATED=1
  fi
  info "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >>"$LOG_DIR/apt.log" 2>&1 ||
    die "apt-get install $* failed" "$LOG_DIR/apt.log"
}
