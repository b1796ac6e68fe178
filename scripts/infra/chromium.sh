#!/usr/bin/env bash
# Makes sure a headless browser is here for the browser tests and benchmarks: Debian's `chromium`
# package (installed with apt like PostgreSQL and Redis). Prints the binary's path.
# CHROMIUM_PATH, when set to an executable, is used as is.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=common.sh
source "$ROOT/scripts/infra/common.sh"
mkdir -p "$LOG_DIR"

if [[ -n "${CHROMIUM_PATH:-}" && -x "$CHROMIUM_PATH" ]]; then
  printf '%s\n' "$CHROMIUM_PATH"
  exit 0
fi
if ! command -v chromium >/dev/null; then
  apt_install chromium
fi
command -v chromium
