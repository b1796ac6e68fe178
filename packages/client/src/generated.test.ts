/**
 * The typed client stays in step with the document and with the code written against it:
 *  - the committed src/schema.ts is what openapi-typescript generates from the merged document today
 *    (fix: `npm run generate -w @regatta/client`, commit the result);
 *  - the end-to-end tests type-check against it: test/typed-client.test.ts uses the client's typed
 *    bodies (a renamed field or a new required property breaks it), and every other end-to-end test
 *    names its paths through ApiPath of @regatta/testing (a removed operation or a path typo breaks it),
 *    all before the end-to-end stage sends the same calls to the running services.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { generateSchema, schemaFile } from '../scripts/generate.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

test('the committed src/schema.ts is generated from the current OpenAPI document', () => {
  const work = mkdtempSync(join(tmpdir(), 'regatta-client-check-'));
  try {
    const fresh = join(work, 'schema.ts');
    generateSchema(fresh);
    const expected = readFileSync(fresh, 'utf8').split('\n');
    const committed = readFileSync(schemaFile, 'utf8').split('\n');
    const line = expected.findIndex((text, index) => text !== committed[index]);
    const differs = line >= 0 || committed.length !== expected.length;
    const at = line >= 0 ? line : Math.min(expected.length, committed.length);
    assert.ok(
      !differs,
      `packages/client/src/schema.ts is stale (first difference at line ${at + 1}: committed ${JSON.stringify(committed[at])}, ` +
        `generated ${JSON.stringify(expected[at])}). Run \`npm run generate -w @regatta/client\` and commit the result.`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('the client and every end-to-end test type-check against the generated schema', () => {
  const result = spawnSync(join(repoRoot, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'packages/client/tsconfig.typecheck.json'], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(result.status, 0, `tsc --noEmit -p packages/client/tsconfig.typecheck.json:\n${result.stdout}${result.stderr}`);
});
