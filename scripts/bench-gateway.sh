#!/usr/bin/env bash
# Gateway overhead benchmark: see gateway/scripts/bench-gateway.ts; then revalidation at the edge
# (gateway/scripts/bench-revalidation.ts). Builds nothing; run `npm run build`
# first. Installs wrk (Debian's package) when missing: the bench measures with wrk and autocannon.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_wrk
cd "$ROOT"
node --conditions=@regatta/source --import tsx gateway/scripts/bench-gateway.ts "$@"
exec node --conditions=@regatta/source --import tsx gateway/scripts/bench-revalidation.ts
