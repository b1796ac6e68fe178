#!/usr/bin/env bash
# Fetch and cache the JSON schemas the deployment checks validate against. Nothing is committed:
# everything lands in .cache/deploy-check/schemas and a second run returns at once.
#
#   bash scripts/deploy-check/fetch-schemas.sh
#
# Prints two lines on stdout:
#   KUBE_SCHEMA_DIR=<dir holding v<KUBE_VERSION>-standalone-strict/>
#   COMPOSE_SCHEMA=<path of compose-spec.json>
#
# Sources (only the registries this project may use, through their ordinary clients):
#   Kubernetes  the PyPI wheel kubernetes-validate (pinned and hash-checked in
#               requirements-schemas.txt), which bundles the upstream OpenAPI definitions converted
#               to JSON schema per Kubernetes minor; bundle-k8s-schemas.mjs makes them standalone.
#   Compose     the Go module github.com/compose-spec/compose-go/v2 (checked against the Go checksum
#               database by `go mod download`), file schema/compose-spec.json.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/scripts/deploy-check"
# Kubernetes versions to prepare (each must be shipped by the pinned wheel: 1.25.0 ... 1.37.0).
KUBE_VERSIONS="${KUBE_VERSIONS:-${KUBE_VERSION:-1.36.0}}"
COMPOSE_GO_VERSION="${COMPOSE_GO_VERSION:-v2.16.2}"

CACHE="$ROOT/.cache/deploy-check"
SCHEMAS="$CACHE/schemas"
KUBE_DIR="$SCHEMAS/kubernetes"
COMPOSE_OUT="$SCHEMAS/compose-spec-$COMPOSE_GO_VERSION.json"
mkdir -p "$SCHEMAS"

exec 9>"$CACHE/fetch.lock"
flock 9

hash_of() { sha256sum "$@" | sha256sum | cut -c1-16; }

# ---- Kubernetes ----
PY="$(command -v python3 || command -v python || true)"
wheel=""
for KUBE_VERSION in $KUBE_VERSIONS; do
  KUBE_OUT="$KUBE_DIR/v$KUBE_VERSION-standalone-strict"
  kube_stamp_want="$KUBE_VERSION $(hash_of "$HERE/requirements-schemas.txt" "$HERE/bundle-k8s-schemas.mjs")"
  if [ -f "$KUBE_OUT/.stamp" ] && [ "$(cat "$KUBE_OUT/.stamp")" = "$kube_stamp_want" ]; then
    continue
  fi
  [ -n "$PY" ] || { echo "fetch-schemas: python3 with pip is needed to fetch the Kubernetes schemas" >&2; exit 1; }
  if [ -z "$wheel" ]; then
    wheels="$CACHE/wheels"
    mkdir -p "$wheels"
    echo "fetch-schemas: downloading the Kubernetes schema wheel ..." >&2
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$PY" -m pip download --quiet --no-deps --only-binary=:all: \
      --require-hashes -r "$HERE/requirements-schemas.txt" -d "$wheels" >&2
    wheel="$(ls -1 "$wheels"/kubernetes_validate-*.whl | sort | tail -n 1)"
  fi
  extract="$CACHE/extract"
  rm -rf "$extract"
  mkdir -p "$extract"
  "$PY" - "$wheel" "$extract" "v$KUBE_VERSION-local-strict" <<'PYEOF'
import sys, zipfile
wheel, dest, sub = sys.argv[1], sys.argv[2], sys.argv[3]
prefix = f"kubernetes_validate/kubernetes-json-schema/{sub}/"
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist() if n.startswith(prefix) and n.endswith(".json")]
    if not names:
        sys.exit(f"fetch-schemas: {sub} is not in {wheel} (pick a Kubernetes version it ships)")
    for n in names:
        z.extract(n, dest)
PYEOF
  node "$HERE/bundle-k8s-schemas.mjs" \
    "$extract/kubernetes_validate/kubernetes-json-schema/v$KUBE_VERSION-local-strict" "$KUBE_OUT"
  rm -rf "$extract"
  echo "$kube_stamp_want" >"$KUBE_OUT/.stamp"
done

# ---- Compose specification ----
if [ ! -s "$COMPOSE_OUT" ]; then
  command -v go >/dev/null 2>&1 || { echo "fetch-schemas: go is needed to fetch the Compose schema" >&2; exit 1; }
  echo "fetch-schemas: downloading the Compose specification schema ..." >&2
  export GOPATH="$ROOT/.cache/go" GOMODCACHE="$ROOT/.cache/go/pkg/mod" GOCACHE="$ROOT/.cache/go/build"
  export GOFLAGS="${GOFLAGS:-} -modcacherw" GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
  dir="$(cd "$CACHE" && go mod download -json "github.com/compose-spec/compose-go/v2@$COMPOSE_GO_VERSION" \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);if(j.Error){console.error(j.Error);process.exit(1)}console.log(j.Dir)})')"
  cp "$dir/schema/compose-spec.json" "$COMPOSE_OUT.tmp"
  mv "$COMPOSE_OUT.tmp" "$COMPOSE_OUT"
fi

echo "KUBE_SCHEMA_DIR=$KUBE_DIR"
echo "COMPOSE_SCHEMA=$COMPOSE_OUT"
