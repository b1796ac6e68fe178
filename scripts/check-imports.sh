#!/usr/bin/env bash
# The import rules of docs/conventions.md, checked by dependency-cruiser (.dependency-cruiser.cjs):
# http -> app -> {domain, store, facts}, messaging -> app, domain and facts/ (outbound fact builders)
# without I/O, adapters/ (outbound clients, hubs, caches) reached only from the composition root and
# importing only port types of app/, no service importing another, shared packages importing no
# service, no cycles. Exit 1 on any violation, each named with its rule.
set -uo pipefail
cd "$(dirname "$0")/.."
if node_modules/.bin/depcruise --config .dependency-cruiser.cjs --output-type err gateway/src packages/*/src services/*/src; then
  echo "imports: 1 passed, 0 failed"
else
  echo "imports: 0 passed, 1 failed"
  exit 1
fi
