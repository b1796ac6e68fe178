#!/usr/bin/env node
// Comments and test names name capabilities and rules, never ticket numbers (docs/conventions.md): "the
// protest room", not "issue 14". Scans every source file git tracks or would track (.ts .tsx .mjs .cjs
// .py .sh .yaml .proto) for ticket references ("issue 15", "Issue #15", "issue-15", "ticket 3",
// "PR #12", "fixes #7", "(#7)") and exits 1 printing each as file:line. Generated files are skipped:
// fix their sources (proto/*.proto, packages/openapi/spec/*.yaml) and regenerate.
//
//   node scripts/check-ticket-references.mjs     (run at the repository root)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSourceFiles } from './source-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const SOURCE = /\.(ts|tsx|mjs|cjs|py|sh|yaml|proto)$/;
const SKIPPED = /(^|\/)(node_modules|dist)\//;
/** Generated from proto/*.proto (bash proto/proto.sh gen) and from packages/openapi/spec (npm run generate -w packages/client). */
const GENERATED = [/^packages\/contracts\/src\/gen\//, /^packages\/client\/src\/schema\.ts$/];

/**
 * A ticket reference: a ticket word with its number, a closing verb with `#N`, or `(#N)`. A bare `#N`
 * elsewhere is not one (colours, character references and row labels such as "#1" are).
 */
const TICKET = /\b(?:issues?|tickets?|bugs?|PR|pull request)[ -]?#?\d+\b|\b(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|refs?|see)\s+#\d+\b|\(#\d+\)/i;

const THIS_FILE = 'scripts/check-ticket-references.mjs';

const files = readSourceFiles(
  root,
  (file) => SOURCE.test(file) && !SKIPPED.test(file) && !GENERATED.some((re) => re.test(file)) && file !== THIS_FILE,
);

const found = [];
for (const { file, text } of files) {
  text.split('\n').forEach((line, index) => {
    const match = TICKET.exec(line);
    if (match) found.push(`${file}:${index + 1}: "${match[0]}": ${line.trim()}`);
  });
}

for (const line of found) console.log(`ticket reference: ${line}`);
console.log(`ticket references: ${files.length} files checked, ${found.length} found (name the capability or rule instead)`);
console.log(`tickets: ${found.length === 0 ? 1 : 0} passed, ${found.length === 0 ? 0 : 1} failed`);
process.exit(found.length === 0 ? 0 : 1);
