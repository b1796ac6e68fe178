#!/usr/bin/env node
// Checks rendered chart output (helm template) against what the platform requires of it, beyond
// what the Kubernetes schemas can say:
//   - every workload pod: non-root, RuntimeDefault seccomp, no service account token; every container:
//     read-only root filesystem, no privilege escalation, all capabilities dropped, requests and
//     limits for cpu and memory, an image with a tag or digest (never :latest);
//   - Deployments: startup and liveness probes on /health/live, readiness on /health/ready, a grace
//     period of at least 30 s, a preStop pause when set; each has its Service, ServiceAccount, PDB
//     (when any PDB is rendered), HPA (when it has no replica count) and NetworkPolicy (when any is);
//   - standard app.kubernetes.io/* labels on every resource;
//   - network policies: a release-wide default deny; services admit only the gateway (plus explicit
//     peers); no egress rule open to every port except the webhooks deliveries;
//   - Jobs are Helm hooks.
//
//   node scripts/deploy-check/policy.mjs <rendered.yaml> [--expect hpa|no-hpa|networkpolicy|no-networkpolicy|secret|no-secret|ingress|no-ingress|hooks|no-hooks]...
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseAllDocuments } from 'yaml';

const { values: opts, positionals } = parseArgs({
  options: { expect: { type: 'string', multiple: true, default: [] } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: policy.mjs <rendered.yaml> [--expect ...]');
  process.exit(2);
}

const docs = parseAllDocuments(readFileSync(positionals[0], 'utf8'))
  .map((d) => d.toJSON())
  .filter((d) => d && typeof d === 'object' && d.kind);
const failures = [];
const fail = (msg) => failures.push(msg);
const id = (r) => `${r.kind}/${r.metadata?.name}`;
const byKind = (kind) => docs.filter((d) => d.kind === kind);
const matches = (selector, labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels?.[k] === v) &&
  (selector?.matchExpressions ?? []).every((e) =>
    e.operator === 'In' ? e.values.includes(labels?.[e.key]) : e.operator === 'Exists' ? e.key in (labels ?? {}) : true,
  );

const REQUIRED_LABELS = ['app.kubernetes.io/name', 'app.kubernetes.io/instance', 'app.kubernetes.io/version', 'app.kubernetes.io/managed-by', 'helm.sh/chart'];
for (const r of docs) {
  for (const l of REQUIRED_LABELS) if (!r.metadata?.labels?.[l]) fail(`${id(r)}: label ${l} missing`);
}

function checkPod(owner, pod) {
  const spec = pod.spec ?? {};
  const psc = spec.securityContext ?? {};
  if (psc.runAsNonRoot !== true) fail(`${owner}: pod runAsNonRoot is not true`);
  if (psc.runAsUser === 0) fail(`${owner}: pod runs as uid 0`);
  if (psc.seccompProfile?.type !== 'RuntimeDefault') fail(`${owner}: pod seccompProfile is not RuntimeDefault`);
  if (spec.automountServiceAccountToken !== false) fail(`${owner}: service account token is mounted`);
  if (spec.hostNetwork || spec.hostPID || spec.hostIPC) fail(`${owner}: uses host namespaces`);
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const where = `${owner} container ${c.name}`;
    const sc = c.securityContext ?? {};
    if (sc.readOnlyRootFilesystem !== true) fail(`${where}: root filesystem is writable`);
    if (sc.allowPrivilegeEscalation !== false) fail(`${where}: privilege escalation allowed`);
    if (sc.privileged === true) fail(`${where}: privileged`);
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) fail(`${where}: capabilities not all dropped`);
    if ((sc.capabilities?.add ?? []).length > 0) fail(`${where}: adds capabilities`);
    if (sc.runAsUser === 0 || sc.runAsNonRoot === false) fail(`${where}: runs as root`);
    for (const kind of ['requests', 'limits']) {
      for (const res of ['cpu', 'memory']) {
        if (c.resources?.[kind]?.[res] === undefined) fail(`${where}: resources.${kind}.${res} missing`);
      }
    }
    const image = String(c.image ?? '');
    const tag = image.includes('@') ? 'digest' : image.split('/').pop().split(':')[1];
    if (!tag || tag === 'latest') fail(`${where}: image ${image} has no pinned tag or digest`);
    for (const e of c.env ?? []) {
      if (/SECRET|PASSWORD|DATABASE_URL|REDIS_URL/.test(e.name) && e.value !== undefined) fail(`${where}: ${e.name} given as a plain value`);
    }
  }
}

const deployments = byKind('Deployment');
const services = byKind('Service');
const accounts = byKind('ServiceAccount');
const pdbs = byKind('PodDisruptionBudget');
const hpas = byKind('HorizontalPodAutoscaler');
const policies = byKind('NetworkPolicy');
const jobs = byKind('Job');

if (deployments.length === 0) fail('no Deployment rendered');
for (const d of deployments) {
  const pod = d.spec.template;
  const labels = pod.metadata?.labels ?? {};
  const component = labels['app.kubernetes.io/component'];
  if (!component) fail(`${id(d)}: pods have no app.kubernetes.io/component label`);
  if (!matches(d.spec.selector, labels)) fail(`${id(d)}: selector does not match its pods`);
  checkPod(id(d), pod);
  const spec = pod.spec;
  if ((spec.terminationGracePeriodSeconds ?? 30) < 30) fail(`${id(d)}: terminationGracePeriodSeconds below 30`);
  for (const c of spec.containers) {
    const probe = (p, path) => p?.httpGet?.path === path;
    if (!probe(c.startupProbe, '/health/live')) fail(`${id(d)}: startupProbe is not GET /health/live`);
    if (!probe(c.livenessProbe, '/health/live')) fail(`${id(d)}: livenessProbe is not GET /health/live`);
    if (!probe(c.readinessProbe, '/health/ready')) fail(`${id(d)}: readinessProbe is not GET /health/ready`);
    const sleep = c.lifecycle?.preStop?.exec?.command;
    if (sleep && Number(sleep[1]) >= (spec.terminationGracePeriodSeconds ?? 30)) fail(`${id(d)}: preStop pause eats the grace period`);
  }
  if (!services.some((s) => matches({ matchLabels: s.spec.selector }, labels))) fail(`${id(d)}: no Service selects it`);
  if (!accounts.some((a) => a.metadata.name === spec.serviceAccountName)) fail(`${id(d)}: ServiceAccount ${spec.serviceAccountName} not rendered`);
  if (pdbs.length > 0 && !pdbs.some((p) => matches(p.spec.selector, labels))) fail(`${id(d)}: no PodDisruptionBudget`);
  const hpa = hpas.find((h) => h.spec.scaleTargetRef?.name === d.metadata.name && h.spec.scaleTargetRef?.kind === 'Deployment');
  if (d.spec.replicas === undefined && !hpa) fail(`${id(d)}: neither replicas nor an HPA`);
  if (d.spec.replicas !== undefined && hpa) fail(`${id(d)}: sets replicas although an HPA scales it`);
  if (policies.length > 0 && !policies.some((p) => matches(p.spec.podSelector, labels) && Object.keys(p.spec.podSelector.matchLabels ?? {}).includes('app.kubernetes.io/component'))) {
    fail(`${id(d)}: no NetworkPolicy of its own`);
  }
}

for (const j of jobs) {
  if (!j.metadata?.annotations?.['helm.sh/hook']) fail(`${id(j)}: a Job that is not a Helm hook`);
  checkPod(id(j), j.spec.template);
}

if (policies.length > 0) {
  const deny = policies.find(
    (p) =>
      !Object.keys(p.spec.podSelector?.matchLabels ?? {}).includes('app.kubernetes.io/component') &&
      !(p.spec.podSelector?.matchExpressions ?? []).length &&
      (p.spec.policyTypes ?? []).includes('Ingress') &&
      (p.spec.policyTypes ?? []).includes('Egress') &&
      !(p.spec.ingress ?? []).length &&
      !(p.spec.egress ?? []).length,
  );
  if (!deny) fail('NetworkPolicy: no release-wide default deny');
  const gatewayPods = deployments.filter((d) => d.spec.template.metadata.labels['app.kubernetes.io/component'] === 'gateway');
  for (const p of policies) {
    const component = p.spec.podSelector?.matchLabels?.['app.kubernetes.io/component'];
    if (!component) continue;
    for (const rule of p.spec.ingress ?? []) {
      if (component === 'gateway') continue;
      if (!rule.from || rule.from.length === 0) fail(`${id(p)}: ingress open to every source`);
    }
    const gatewayRule = (p.spec.ingress ?? []).find((r) =>
      (r.from ?? []).some((peer) => peer.podSelector && gatewayPods.some((g) => matches(peer.podSelector, g.spec.template.metadata.labels))),
    );
    if (component !== 'gateway' && !gatewayRule) fail(`${id(p)}: does not admit the gateway`);
    for (const rule of p.spec.egress ?? []) {
      const open = !rule.ports || rule.ports.length === 0;
      const toInternet = (rule.to ?? []).some((peer) => peer.ipBlock);
      if (open && !(component === 'webhooks' && toInternet)) fail(`${id(p)}: egress rule without ports`);
      if (open && toInternet && !(rule.to[0].ipBlock.except ?? []).includes('169.254.0.0/16')) fail(`${id(p)}: internet egress reaches the metadata range`);
    }
  }
}

const expectations = {
  hpa: () => hpas.length === deployments.length || 'every Deployment should have an HPA',
  'no-hpa': () => hpas.length === 0 || 'no HPA expected',
  networkpolicy: () => policies.length > deployments.length || 'NetworkPolicies expected',
  'no-networkpolicy': () => policies.length === 0 || 'no NetworkPolicy expected',
  secret: () => byKind('Secret').length === 1 || 'the chart Secret expected',
  'no-secret': () => byKind('Secret').length === 0 || 'no Secret expected (all credentials external)',
  ingress: () => byKind('Ingress').length === 1 || 'an Ingress expected',
  'no-ingress': () => byKind('Ingress').length === 0 || 'no Ingress expected',
  hooks: () => jobs.length > 0 || 'hook Jobs expected',
  'no-hooks': () => jobs.length === 0 || 'no hook Jobs expected',
};
for (const e of opts.expect) {
  const check = expectations[e];
  if (!check) fail(`unknown expectation ${e}`);
  else {
    const r = check();
    if (r !== true) fail(`expectation ${e}: ${r}`);
  }
}

if (failures.length > 0) {
  for (const f of failures) console.error(`policy: ${f}`);
  process.exit(1);
}
const kinds = [...new Set(docs.map((d) => d.kind))].sort().join(', ');
console.log(`policy: ${docs.length} resources ok (${kinds})`);
