#!/usr/bin/env bash
# Public results benchmark: see services/public-results/scripts/bench-public.ts. Builds, provisions
# the infrastructure and the browser, then runs it on its own stack.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_node_modules
build_all
infra_up
ensure_chromium
cd "$ROOT"
exec node --conditions=@regatta/source --import tsx services/public-results/scripts/bench-public.ts "$@"
