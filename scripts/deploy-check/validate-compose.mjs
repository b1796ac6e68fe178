#!/usr/bin/env node
// Validates docker-compose.yml the way `docker compose config` would see it, without Docker:
//   schema  YAML (with merge keys) -> variable interpolation with the file's own defaults -> the
//           Compose specification's JSON schema (draft 2020-12, from compose-go), with ajv.
//   policy  what the platform expects of it: health checks and start order on health, pinned
//           infrastructure images (Kafka 3.9 in KRaft mode), hardened app containers, and ports and
//           environment in step with the Helm chart and docs/conventions.md.
//
//   node scripts/deploy-check/validate-compose.mjs --schema <compose-spec.json> [--only schema|policy] [file]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const { values: opts, positionals } = parseArgs({
  options: { schema: { type: 'string' }, only: { type: 'string' }, chart: { type: 'string', default: 'charts/regatta' } },
  allowPositionals: true,
});
const file = positionals[0] ?? 'docker-compose.yml';
const failures = [];
const fail = (msg) => failures.push(msg);

// ---- load and interpolate ----
const raw = parse(readFileSync(file, 'utf8'), { merge: true, maxAliasCount: 1000 });

/** Compose interpolation: $$, $VAR, ${VAR}, ${VAR:-d}, ${VAR-d}, ${VAR:?e}, ${VAR?e}, ${VAR:+r}, ${VAR+r}. */
function interpolate(text, env, where) {
  return text.replace(/\$(\$|[A-Za-z_][A-Za-z0-9_]*|\{([^}]*)\})/g, (match, body, braced) => {
    if (body === '$') return '$';
    if (braced === undefined) return env[body] ?? '';
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])(.*))?$/s.exec(braced);
    if (!m) {
      fail(`${where}: invalid interpolation ${match}`);
      return '';
    }
    const [, name, op, arg = ''] = m;
    const value = env[name];
    const unsetOrEmpty = value === undefined || value === '';
    switch (op) {
      case undefined:
        return value ?? '';
      case ':-':
        return unsetOrEmpty ? interpolate(arg, env, where) : value;
      case '-':
        return value === undefined ? interpolate(arg, env, where) : value;
      case ':?':
      case '?':
        if (op === ':?' ? unsetOrEmpty : value === undefined) fail(`${where}: ${name} is required (${arg})`);
        return value ?? '';
      case ':+':
        return unsetOrEmpty ? '' : interpolate(arg, env, where);
      case '+':
        return value === undefined ? '' : interpolate(arg, env, where);
      default:
        return match;
    }
  });
}
function interpolateAll(node, env, path) {
  if (typeof node === 'string') return interpolate(node, env, path);
  if (Array.isArray(node)) return node.map((v, i) => interpolateAll(v, env, `${path}[${i}]`));
  if (node && typeof node === 'object') {
    const out = {};
    // Extension fields (x-*) are not interpolated by Compose.
    for (const [k, v] of Object.entries(node)) out[k] = k.startsWith('x-') ? v : interpolateAll(v, env, `${path}.${k}`);
    return out;
  }
  return node;
}
// The file's defaults only: the result must not depend on the caller's environment.
const compose = interpolateAll(raw, {}, file);

// ---- schema ----
function checkSchema() {
  if (!opts.schema) {
    fail('--schema <compose-spec.json> is required');
    return;
  }
  const schema = JSON.parse(readFileSync(opts.schema, 'utf8'));
  // Strict about the schema itself (unknown keywords, formats) except two rules the upstream schema
  // does not follow: `properties` without `type: object`, and `required` naming undeclared properties.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  // compose-go registers a "duration" format (Go durations such as 1m30s).
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  const validate = ajv.compile(schema);
  if (!validate(compose)) {
    for (const e of validate.errors ?? []) fail(`schema: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }
  // The schema is not everything `docker compose config` checks: depends_on targets must exist.
  for (const [name, svc] of Object.entries(compose.services ?? {})) {
    for (const dep of Object.keys(normalizeDeps(svc.depends_on))) {
      if (!(dep in compose.services)) fail(`${name}: depends_on unknown service ${dep}`);
    }
  }
}

function normalizeDeps(deps) {
  if (!deps) return {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, { condition: 'service_started' }]));
  return deps;
}

// ---- policy ----
const APP = {
  gateway: 8080,
  identity: 4101,
  organizations: 4102,
  events: 4103,
  'results-scoring': 4104,
  sailors: 4105,
  webhooks: 4106,
  'public-results': 4107,
  'race-capture': 4108,
  notifications: 4109,
};
const INFRA = ['postgres', 'redis', 'kafka', 'mailpit'];

function checkPolicy() {
  const services = compose.services ?? {};
  for (const name of [...Object.keys(APP), ...INFRA, 'topics']) {
    if (!services[name]) fail(`service ${name} is missing`);
  }
  let chartValues;
  try {
    chartValues = parse(readFileSync(`${opts.chart}/values.yaml`, 'utf8'));
  } catch {
    chartValues = undefined;
  }

  for (const [name, svc] of Object.entries(services)) {
    const oneShot = svc.restart === 'no';
    if (!oneShot && !svc.healthcheck?.test) fail(`${name}: no healthcheck`);
    for (const [dep, d] of Object.entries(normalizeDeps(svc.depends_on))) {
      const target = services[dep];
      if (!target) continue;
      const want = target.restart === 'no' ? 'service_completed_successfully' : 'service_healthy';
      if (d.condition !== want) fail(`${name}: depends_on ${dep} should use condition ${want} (has ${d.condition})`);
    }
    if (svc.image && !svc.build) {
      const tag = svc.image.split('@')[0].split(':')[1];
      if (!svc.image.includes('@sha256:') && (!tag || tag === 'latest' || !/\d+\.\d+/.test(tag))) {
        fail(`${name}: image ${svc.image} is not pinned to an exact version`);
      }
    }
    for (const port of svc.ports ?? []) {
      const spec = typeof port === 'string' ? port : `${port.host_ip ?? ''}:${port.published}`;
      if (!spec.startsWith('127.0.0.1:')) fail(`${name}: port ${spec} is not bound to 127.0.0.1`);
    }
  }

  // Kafka 3.9 in KRaft mode.
  const kafka = services.kafka ?? {};
  if (!/^apache\/kafka:3\.9\.\d+$/.test(kafka.image ?? '')) fail(`kafka: image ${kafka.image} is not apache/kafka:3.9.x`);
  const roles = String(kafka.environment?.KAFKA_PROCESS_ROLES ?? '');
  if (!roles.includes('controller') || !roles.includes('broker')) fail('kafka: not a combined KRaft broker,controller');
  if (String(kafka.environment?.KAFKA_AUTO_CREATE_TOPICS_ENABLE) !== 'false') fail('kafka: topic auto-creation must be off');
  if ('KAFKA_ZOOKEEPER_CONNECT' in (kafka.environment ?? {})) fail('kafka: ZooKeeper configured');

  const topics = services.topics ?? {};
  if (!(topics.command ?? []).join(' ').includes('scripts/infra/create-topics.mjs')) fail('topics: does not run scripts/infra/create-topics.mjs');

  // App containers: hardened, environment and ports as the chart and the conventions say.
  for (const [name, port] of Object.entries(APP)) {
    const svc = services[name];
    if (!svc) continue;
    const env = svc.environment ?? {};
    if (!svc.build?.dockerfile) fail(`${name}: not built from the repository's Dockerfile`);
    if (svc.read_only !== true) fail(`${name}: root filesystem not read-only`);
    if (!(svc.cap_drop ?? []).includes('ALL')) fail(`${name}: capabilities not dropped`);
    if (!(svc.security_opt ?? []).some((o) => o.startsWith('no-new-privileges'))) fail(`${name}: no-new-privileges missing`);
    if (!svc.user || /^0(:|$)|^root/.test(String(svc.user))) fail(`${name}: runs as root`);
    if (String(env.PORT) !== String(port)) fail(`${name}: PORT ${env.PORT} != ${port}`);
    if (env.HOST !== '0.0.0.0') fail(`${name}: HOST must be 0.0.0.0 in a container`);
    if (env.NODE_ENV !== 'production') fail(`${name}: NODE_ENV is not production`);
    for (const secret of ['IDENTITY_ASSERTION_SECRET']) {
      if (String(env[secret] ?? '').length < 32) fail(`${name}: ${secret} shorter than 32 characters`);
    }
    if (!svc.healthcheck?.test?.join(' ').includes(`:${port}/health/ready`)) fail(`${name}: healthcheck does not probe /health/ready on ${port}`);
    if (name === 'gateway') {
      for (const [svcName, svcPort] of Object.entries(APP)) {
        if (svcName === 'gateway') continue;
        const key = `${svcName.toUpperCase().replace(/-/g, '_')}_URL`;
        if (env[key] !== `http://${svcName}:${svcPort}`) fail(`gateway: ${key} should be http://${svcName}:${svcPort}`);
        if (normalizeDeps(svc.depends_on)[svcName]?.condition !== 'service_healthy') fail(`gateway: does not wait for ${svcName}`);
      }
    } else {
      if (!env.DATABASE_URL?.startsWith('postgres://')) fail(`${name}: DATABASE_URL missing`);
      if (!env.KAFKA_BROKERS) fail(`${name}: KAFKA_BROKERS missing`);
      for (const dep of ['postgres', 'kafka', 'topics']) {
        if (!normalizeDeps(svc.depends_on)[dep]) fail(`${name}: does not wait for ${dep}`);
      }
      const chartSvc = chartValues?.services?.[name];
      if (chartSvc && chartSvc.port !== port) fail(`${name}: chart port ${chartSvc.port} != ${port}`);
      if (chartSvc && env.DB_SCHEMA !== chartSvc.dbSchema) fail(`${name}: DB_SCHEMA ${env.DB_SCHEMA} != chart ${chartSvc.dbSchema}`);
    }
  }
  if (chartValues && chartValues.gateway?.port !== APP.gateway) fail(`gateway: chart port ${chartValues.gateway?.port} != 8080`);
}

if (!opts.only || opts.only === 'schema') checkSchema();
if (!opts.only || opts.only === 'policy') checkPolicy();

if (failures.length > 0) {
  for (const f of failures) console.error(`compose: ${f}`);
  process.exit(1);
}
console.log(`compose: ${file} ok (${opts.only ?? 'schema and policy'}; ${Object.keys(compose.services).length} services)`);
