#!/usr/bin/env node
// Production files stay under 400 lines (docs/conventions.md): small files named for what they do.
// Counts every code file git tracks or would track (.ts .tsx .js .mjs .cjs .sh .py .css), except
// tests (*.test.*, test/ folders), generated code (gen/, dist/, the typed client's schema.ts) and the
// exceptions below, each with its reason. Exit 1 naming every file over the limit.
//
//   node scripts/check-file-sizes.mjs [--limit N]     (run at the repository root)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSourceFiles } from './source-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const limitAt = process.argv.indexOf('--limit');
const LIMIT = limitAt > 0 ? Number(process.argv[limitAt + 1]) : 400;

const CODE = /\.(ts|tsx|js|mjs|cjs|sh|py|css)$/;
const TEST = /(^|\/)test\/|\.test\.[a-z]+$/;
const GENERATED = /(^|\/)(gen|dist|node_modules)\//;
const GENERATED_FILES = new Set(['packages/client/src/schema.ts']);

/**
 * Files allowed over the limit, and why, by the end of their path (so a file that moves keeps its
 * reason). Keep this list short; split a file rather than add it.
 */
const EXCEPTIONS = new Map([
  [
    'public-results/assets/regatta-widget.js',
    'the embeddable widget is one dependency-free script served as-is to third-party pages (no bundler, one request)',
  ],
  [
    'scoring-engine/scripts/oracle-loader.ts',
    "the scoring oracle's reader of the reference corpus, test tooling of the scoring engine's conformance runner",
  ],
]);

const files = readSourceFiles(
  root,
  (file) => CODE.test(file) && !TEST.test(file) && !GENERATED.test(file) && !GENERATED_FILES.has(file) && !isException(file),
);

function isException(file) {
  return [...EXCEPTIONS.keys()].some((end) => file === end || file.endsWith(`/${end}`));
}

const over = [];
const checked = files.length;
for (const { file, text } of files) {
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > LIMIT) over.push(`${file}: ${lines} lines`);
}

for (const line of over) console.log(`over ${LIMIT} lines: ${line}`);
console.log(`file sizes: ${checked} files checked, limit ${LIMIT} lines, ${EXCEPTIONS.size} marked exceptions`);
console.log(`files: ${over.length === 0 ? 1 : 0} passed, ${over.length === 0 ? 0 : 1} failed`);
process.exit(over.length === 0 ? 0 : 1);
