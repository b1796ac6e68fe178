#!/usr/bin/env node
// Keeps charts/regatta/README.md's values table in step with values.yaml.
//
//   node scripts/deploy-check/values-doc.mjs [--write] [chart dir]
//
// A value is documented by a `# -- text` comment right above its key in values.yaml (the helm-docs
// convention). Every leaf of values.yaml (scalar, list or empty map) must be documented itself or
// through a documented parent (for example `defaults.resources` covers its requests and limits), and
// every documented key must be declared in values.schema.json. The table between the
// `<!-- values:start -->` and `<!-- values:end -->` markers in README.md is generated from that;
// without --write the script fails when the README is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDocument, isMap, isSeq, isScalar } from 'yaml';

const args = process.argv.slice(2);
const write = args.includes('--write');
const chartDir = resolve(args.find((a) => !a.startsWith('--')) ?? 'charts/regatta');
const START = '<!-- values:start -->';
const END = '<!-- values:end -->';

const doc = parseDocument(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
if (doc.errors.length > 0) {
  console.error(`values-doc: values.yaml does not parse: ${doc.errors[0].message}`);
  process.exit(1);
}
const schema = JSON.parse(readFileSync(join(chartDir, 'values.schema.json'), 'utf8'));

/** Text after the last `-- ` line of a comment block, or undefined. */
function docText(comment) {
  if (!comment) return undefined;
  const lines = comment.split('\n').map((l) => l.trim());
  const start = lines.findLastIndex((l) => l.startsWith('-- '));
  if (start < 0) return undefined;
  return lines
    .slice(start)
    .map((l, i) => (i === 0 ? l.slice(3) : l))
    .join(' ')
    .trim();
}

const documented = []; // {path, node, text}
const problems = [];

function walk(node, path, coveredBy) {
  if (isMap(node)) {
    if (node.items.length === 0 && !coveredBy) problems.push(`${path} is not documented`);
    node.items.forEach((pair, i) => {
      const key = String(pair.key.value);
      const childPath = path ? `${path}.${key}` : key;
      const comment = pair.key.commentBefore ?? (i === 0 ? node.commentBefore : undefined);
      const text = docText(comment);
      if (text) documented.push({ path: childPath, node: pair.value, text });
      walk(pair.value, childPath, text ? childPath : coveredBy);
    });
    return;
  }
  if (!coveredBy) problems.push(`${path} is not documented (add a "# -- ..." comment above it or a parent)`);
}
walk(doc.contents, '', undefined);

// Every documented path must exist in the schema (follows $ref into $defs; a key may be declared in
// any of the schemas that apply at a place, e.g. `defaults` adds `required` next to its $ref).
function expand(schemas) {
  const out = [];
  const stack = [...schemas];
  while (stack.length > 0) {
    const c = stack.pop();
    if (!c || typeof c !== 'object' || out.includes(c)) continue;
    out.push(c);
    if (c.$ref) stack.push(c.$ref.replace(/^#\/\$defs\//, '').split('/').reduce((o, k) => o?.[k], schema.$defs));
  }
  return out;
}
function schemaAt(path) {
  let current = [schema];
  for (const key of path.split('.')) {
    current = expand(current)
      .filter((c) => c.properties && key in c.properties)
      .map((c) => c.properties[key]);
    if (current.length === 0) return undefined;
  }
  return current;
}
for (const { path } of documented) {
  if (!schemaAt(path)) problems.push(`${path} is documented but not declared in values.schema.json`);
}

function typeOf(node) {
  if (isMap(node)) return 'object';
  if (isSeq(node)) return 'list';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'null';
    if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'number';
    return typeof v;
  }
  return 'unknown';
}

function defaultOf(node) {
  const json = JSON.stringify(node?.toJSON?.() ?? null);
  const shown = json.length > 120 ? `${json.slice(0, 117)}...` : json;
  return '`' + shown.replace(/\|/g, '\\|') + '`';
}

const rows = documented.map(
  ({ path, node, text }) => `| \`${path}\` | ${typeOf(node)} | ${defaultOf(node)} | ${text.replace(/\|/g, '\\|')} |`,
);
const table = ['| Key | Type | Default | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');

const readmePath = join(chartDir, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const a = readme.indexOf(START);
const b = readme.indexOf(END);
if (a < 0 || b < a) {
  problems.push(`README.md has no ${START} ... ${END} block`);
} else {
  const updated = `${readme.slice(0, a + START.length)}\n${table}\n${readme.slice(b)}`;
  if (updated !== readme) {
    if (write) {
      writeFileSync(readmePath, updated);
      console.error('values-doc: README.md values table updated');
    } else {
      problems.push('README.md values table is out of date: run node scripts/deploy-check/values-doc.mjs --write');
    }
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(`values-doc: ${p}`);
  process.exit(1);
}
console.error(`values-doc: ${documented.length} documented values, README in step`);
