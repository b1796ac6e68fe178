#!/usr/bin/env node
// Copies what the components need at run time out of a built tree (used by docker/Dockerfile):
// for every workspace, its package.json `files` entries plus dist/ (with JSON the build emits, such as
// public-results' page texts in dist/i18n/), migrations/ and assets/ (files a service reads at run
// time next to dist/, such as public-results' widget); and the topic-creation script with its topic
// list.
//
//   node docker/collect-runtime.mjs <out dir>      (run at the repository root after `npm run build`)
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2];
if (!out) {
  console.error('usage: collect-runtime.mjs <out dir>');
  process.exit(2);
}

const workspaces = ['packages', 'services', 'web']
  .flatMap((group) => (existsSync(group) ? readdirSync(group).map((name) => join(group, name)) : []))
  .concat('gateway')
  .filter((dir) => existsSync(join(dir, 'package.json')));

for (const dir of workspaces) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = new Set([...(Array.isArray(manifest.files) ? manifest.files : []), 'dist', 'migrations', 'assets']);
  for (const entry of entries) {
    if (entry.includes('*') || entry.startsWith('!')) {
      console.error(`collect-runtime: ${dir}/package.json "files" entry ${entry}: globs are not supported`);
      process.exit(1);
    }
    const from = join(dir, entry);
    if (existsSync(from)) cpSync(from, join(out, dir, entry), { recursive: true });
  }
}

mkdirSync(join(out, 'scripts/infra'), { recursive: true });
for (const file of ['create-topics.mjs', 'topics.json']) {
  cpSync(join('scripts/infra', file), join(out, 'scripts/infra', file));
}
console.log(`collect-runtime: ${workspaces.length} workspaces collected into ${out}`);
