#!/usr/bin/env bash
# Protobuf contracts: lint, generate, check generated code is current, breaking-change check.
# Usage: bash proto/proto.sh gen|lint|check|breaking   (from any directory)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

BUF="$ROOT/node_modules/.bin/buf"
[[ -x "$BUF" ]] || { echo "proto.sh: buf not found at $BUF (run npm install)" >&2; exit 1; }
TEMPLATE="proto/buf.gen.yaml"
GEN_DIR="packages/contracts/src/gen"

cmd="${1:-}"
case "$cmd" in
  lint)
    "$BUF" format --diff --exit-code proto
    "$BUF" lint proto
    echo "proto: lint ok"
    ;;
  gen)
    "$BUF" generate proto --template "$TEMPLATE"
    echo "proto: generated $GEN_DIR"
    ;;
  check)
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    "$BUF" generate proto --template "$TEMPLATE" -o "$tmp"
    if ! diff -ru "$tmp/$GEN_DIR" "$GEN_DIR"; then
      echo "proto: $GEN_DIR is out of date; run: bash proto/proto.sh gen" >&2
      exit 1
    fi
    echo "proto: generated code up to date"
    ;;
  breaking)
    against="${PROTO_AGAINST_BRANCH:-main}"
    if ! git rev-parse --verify --quiet "refs/heads/$against" >/dev/null; then
      echo "proto: breaking check skipped (no local branch '$against')"
      exit 0
    fi
    if [[ -z "$(git ls-tree -r --name-only "$against" -- proto | grep '\.proto$' || true)" ]]; then
      echo "proto: breaking check skipped ('$against' has no proto files yet)"
      exit 0
    fi
    "$BUF" breaking proto --against ".git#branch=$against,subdir=proto"
    echo "proto: no breaking changes against $against"
    ;;
  ci)
    # What npm test runs: lint, generated code current, and no breaking change against the previous
    # commit (PROTO_AGAINST_REF overrides, e.g. the last released tag).
    bash "$0" lint
    bash "$0" check
    ref="${PROTO_AGAINST_REF:-HEAD~1}"
    if git rev-parse --verify --quiet "$ref^{commit}" >/dev/null && [[ -n "$(git ls-tree -r --name-only "$ref" -- proto | grep '\.proto$' || true)" ]]; then
      "$BUF" breaking proto --against ".git#ref=$ref,subdir=proto"
      echo "proto: no breaking changes against $ref"
    else
      echo "proto: breaking check skipped ($ref has no proto files)"
    fi
    echo "proto: 3 passed, 0 failed"
    ;;
  *)
    echo "usage: bash proto/proto.sh gen|lint|check|breaking|ci" >&2
    exit 2
    ;;
esac
