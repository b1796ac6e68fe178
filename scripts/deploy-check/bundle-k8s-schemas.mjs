#!/usr/bin/env node
// Turn the "local-strict" Kubernetes JSON schemas shipped in the kubernetes-validate wheel (one file
// per kind whose $refs point at a shared `/api/_definitions.json`) into the self-contained
// ("standalone") per-kind files that kubeconform reads from a local schema location.
//
//   node scripts/deploy-check/bundle-k8s-schemas.mjs <in: v1.36.0-local-strict dir> <out dir>
//
// For every file that declares `x-kubernetes-group-version-kind` (a top-level API kind) we copy the
// schema, rewrite `/api/_definitions.json#/$defs/X` to `#/$defs/X`, and attach the transitive
// closure of the definitions it uses under `$defs`. Nothing is fetched at validation time, so
// kubeconform never reaches for the network. Strictness (additionalProperties: false on every
// object) comes from the source's `-strict` variant and is kept as is. File names stay the same:
// `<kind>[-<group>]-<version>.json`, which is kubeconform's `{{.ResourceKind}}{{.KindSuffix}}.json`.
import { readFileSync, readdirSync, writeFileSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [inDir, outDir] = process.argv.slice(2);
if (!inDir || !outDir) {
  console.error('usage: bundle-k8s-schemas.mjs <local-strict dir> <out dir>');
  process.exit(2);
}

const SHARED = '/api/_definitions.json#/$defs/';
const LOCAL = '#/$defs/';
const definitions = JSON.parse(readFileSync(join(inDir, '_definitions.json'), 'utf8')).$defs;
if (!definitions || typeof definitions !== 'object') {
  console.error(`bundle-k8s-schemas: no $defs in ${join(inDir, '_definitions.json')}`);
  process.exit(1);
}

/** Rewrites shared refs in place and records every definition name referenced. */
function walk(node, found) {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, found);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      let name;
      if (value.startsWith(SHARED)) {
        name = value.slice(SHARED.length);
        node.$ref = LOCAL + name;
      } else if (value.startsWith(LOCAL)) {
        name = value.slice(LOCAL.length);
      } else {
        throw new Error(`unexpected $ref ${value}`);
      }
      found.add(decodeURIComponent(name.replace(/~1/g, '/').replace(/~0/g, '~')));
    } else {
      walk(value, found);
    }
  }
}

// Rewrite every definition once (they only use local refs) and remember its direct dependencies.
const deps = new Map();
for (const [name, schema] of Object.entries(definitions)) {
  const found = new Set();
  walk(schema, found);
  deps.set(name, found);
}

function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    if (!(name in definitions)) throw new Error(`missing definition ${name}`);
    seen.add(name);
    for (const dep of deps.get(name)) stack.push(dep);
  }
  return [...seen].sort();
}

const tmpDir = `${outDir}.tmp-${process.pid}`;
rmSync(tmpDir, { recursive: true, force: true });
mkdirSync(tmpDir, { recursive: true });

let count = 0;
for (const file of readdirSync(inDir).sort()) {
  if (!file.endsWith('.json') || file.startsWith('_') || file === 'all.json') continue;
  const schema = JSON.parse(readFileSync(join(inDir, file), 'utf8'));
  if (!Array.isArray(schema['x-kubernetes-group-version-kind'])) continue;
  const found = new Set();
  walk(schema, found);
  const $defs = {};
  for (const name of closure(found)) $defs[name] = definitions[name];
  delete schema.$id; // the original $id would resolve refs against a remote host
  schema.$defs = $defs;
  writeFileSync(join(tmpDir, file), JSON.stringify(schema));
  count += 1;
}
if (count === 0) {
  console.error(`bundle-k8s-schemas: no kinds found in ${inDir}`);
  process.exit(1);
}
rmSync(outDir, { recursive: true, force: true });
renameSync(tmpDir, outDir);
console.error(`bundle-k8s-schemas: wrote ${count} standalone strict schemas to ${outDir}`);
