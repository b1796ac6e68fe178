#!/usr/bin/env bash
# apt-tool.sh ENV_VAR COMMAND PACKAGE: makes sure a tool the tests or benchmarks run is here (Debian's
# PACKAGE, installed with apt like PostgreSQL and Redis) and prints its path. ENV_VAR, when set to an
# executable, is used as is. chromium.sh (browser tests) and wrk.sh (gateway benchmark) use it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=common.sh
source "$ROOT/scripts/infra/common.sh"
mkdir -p "$LOG_DIR"

preset="${!1:-}"
if [[ -n "$preset" && -x "$preset" ]]; then
  printf '%s\n' "$preset"
  exit 0
fi
if ! command -v "$2" >/dev/null; then
  apt_install "$3"
fi
command -v "$2"
