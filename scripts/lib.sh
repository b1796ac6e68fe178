# Shared helpers for the project's scripts. Source it; do not run it.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT
mkdir -p "$ROOT/.cache" "$ROOT/.local/logs"

log() { printf '\033[1m==>\033[0m %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Installs node modules when missing or older than the lock file (so no prior `npm install` is needed).
ensure_node_modules() {
  command -v node >/dev/null || die "Node.js 20 is required (node not found)"
  local major; major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "Node.js 20 or newer is required (found $(node --version))"
  if [ ! -f "$ROOT/node_modules/.package-lock.json" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    log "installing node modules (npm ci)"
    (cd "$ROOT" && flock "$ROOT/.cache/npm.lock" npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed"
  fi
}

build_all() {
  log "building (tsc -b)"
  (cd "$ROOT" && flock "$ROOT/.cache/build.lock" node_modules/.bin/tsc -b tsconfig.json) || die "TypeScript build failed"
  build_console
}

# The console (web/console): type-checked, then bundled by Vite into web/console/dist, which the
# gateway serves at /console/. Skipped when nothing it is built from changed since the last build.
build_console() {
  local built="$ROOT/web/console/dist/index.html"
  if [ -f "$built" ] && [ -z "$(find "$ROOT/web/console/src" "$ROOT/web/console/index.html" "$ROOT/web/console/vite.config.ts" "$ROOT/web/console/package.json" "$ROOT/packages/client/src" -newer "$built" -print -quit)" ]; then
    return 0
  fi
  log "building the console (tsc, vite)"
  (cd "$ROOT/web/console" && flock "$ROOT/.cache/build.lock" sh -c '"$0/node_modules/.bin/tsc" -p tsconfig.json --noEmit && "$0/node_modules/.bin/vite" build --logLevel warn' "$ROOT") || die "console build failed"
}

infra_up() {
  bash "$ROOT/scripts/infra.sh" up
  eval "$(bash "$ROOT/scripts/infra.sh" env)"
  export DATABASE_URL REDIS_URL KAFKA_BROKERS SMTP_URL
  [ -z "${MAILPIT_URL:-}" ] || export MAILPIT_URL
}

# Debian's chromium for the browser tests and benchmarks (installed with apt when missing).
ensure_chromium() {
  CHROMIUM_PATH="$(bash "$ROOT/scripts/infra/chromium.sh")" || die "could not install chromium (see .local/logs/apt.log)"
  export CHROMIUM_PATH
}

# Debian's wrk for the gateway benchmark (installed with apt when missing).
ensure_wrk() {
  WRK_PATH="$(bash "$ROOT/scripts/infra/wrk.sh")" || die "could not install wrk (see .local/logs/apt.log)"
  export WRK_PATH
}
