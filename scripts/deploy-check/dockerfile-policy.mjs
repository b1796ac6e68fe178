#!/usr/bin/env node
// Static checks of docker/Dockerfile and .dockerignore (no Docker engine is needed or used):
// multi-stage, base image pinned to an exact Node release of the major in .nvmrc (or a digest),
// production dependencies only in the runtime, a numeric non-root USER in the final stage, tini as
// PID 1, STOPSIGNAL SIGTERM, no remote ADD, and a .dockerignore that keeps node_modules, build
// output, VCS data and env files out of the context. Also checks that every workspace the
// compose file builds exists.
//
//   node scripts/deploy-check/dockerfile-policy.mjs [docker/Dockerfile]
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

const file = process.argv[2] ?? 'docker/Dockerfile';
const failures = [];
const fail = (msg) => failures.push(msg);

// Join continuation lines, drop comments.
const lines = readFileSync(file, 'utf8')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const instr = lines.map((l) => {
  const [word, ...rest] = l.split(/\s+/);
  return { op: word.toUpperCase(), args: rest.join(' ') };
});

const args = Object.fromEntries(
  instr.filter((i) => i.op === 'ARG' && i.args.includes('=')).map((i) => i.args.split('=', 2).map((s) => s.trim())),
);
const froms = instr.filter((i) => i.op === 'FROM');
if (froms.length < 2) fail('not a multi-stage build');

const nodeMajor = existsSync('.nvmrc') ? readFileSync('.nvmrc', 'utf8').trim().replace(/^v/, '').split('.')[0] : '20';
const pinned = new RegExp(`^node:${nodeMajor}\\.\\d+\\.\\d+-bookworm-slim(@sha256:[a-f0-9]{64})?$`);
for (const f of froms) {
  const image = f.args.split(/\s+/)[0].replace(/^\$\{?(\w+)\}?$/, (_, name) => args[name] ?? `\${${name}}`);
  const stageRef = froms.some((other) => other.args.split(/\s+AS\s+/i)[1] === image);
  if (!stageRef && !pinned.test(image)) fail(`FROM ${image}: not node:${nodeMajor}.x.y-bookworm-slim (exact version or digest)`);
}

const lastFrom = instr.lastIndexOf(froms[froms.length - 1]);
const final = instr.slice(lastFrom);
const user = final.filter((i) => i.op === 'USER').pop();
if (!user) fail('final stage has no USER');
else if (!/^[1-9]\d*(:\d+)?$/.test(user.args)) fail(`final stage USER ${user.args} is not a numeric non-root uid`);
if (!final.some((i) => i.op === 'STOPSIGNAL' && i.args === 'SIGTERM')) fail('final stage has no STOPSIGNAL SIGTERM');
const entry = final.find((i) => i.op === 'ENTRYPOINT');
if (!entry || !entry.args.includes('tini')) fail('final stage does not run tini as PID 1');
if (!final.some((i) => i.op === 'CMD' && i.args.includes('dist/main.js'))) fail('final stage does not start dist/main.js');
if (final.some((i) => i.op === 'RUN' && /\bnpm (ci|install)\b/.test(i.args))) fail('dependencies are installed in the final stage');
const prodInstall = instr.find((i) => i.op === 'RUN' && /npm ci\b/.test(i.args) && i.args.includes('--omit=dev'));
if (!prodInstall) fail('no `npm ci --omit=dev` stage');
else if (!/--workspace/.test(prodInstall.args)) fail('production install is not limited to the component workspace');
if (instr.some((i) => i.op === 'ADD' && /https?:/.test(i.args))) fail('ADD from a URL');
if (instr.some((i) => /:latest\b/.test(i.args))) fail('uses a :latest tag');
const copiesFromBuild = final.filter((i) => i.op === 'COPY' && /--from=/.test(i.args));
if (copiesFromBuild.length === 0) fail('final stage copies nothing from an earlier stage');

const ignore = readFileSync('.dockerignore', 'utf8').split('\n').map((l) => l.trim());
for (const must of ['**/node_modules', '**/dist', '.git', '**/.env']) {
  if (!ignore.includes(must)) fail(`.dockerignore does not exclude ${must}`);
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
for (const [name, svc] of Object.entries(compose.services ?? {})) {
  const ws = svc.build?.args?.WORKSPACE;
  if (!svc.build) continue;
  if (svc.build.dockerfile !== file) fail(`compose ${name}: builds ${svc.build.dockerfile}, not ${file}`);
  if (!ws || !existsSync(`${ws}/package.json`)) fail(`compose ${name}: WORKSPACE ${ws} is not a workspace`);
}

if (failures.length > 0) {
  for (const f of failures) console.error(`dockerfile: ${f}`);
  process.exit(1);
}
console.log(`dockerfile: ${file} and .dockerignore ok (${froms.length} stages)`);
