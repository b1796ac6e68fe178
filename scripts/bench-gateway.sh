#!/usr/bin/env bash
# Gateway overhead benchmark: see gateway/scripts/bench-gateway.ts. Builds nothing; run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --conditions=@regatta/source --import tsx gateway/scripts/bench-gateway.ts "$@"
