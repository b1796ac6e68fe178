// Lints the merged OpenAPI document with Spectral (spectral:oas ruleset plus .spectral.yaml).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadOpenApiDocument } = await import(join(root, 'packages/openapi/dist/index.js'));
const out = join(root, '.local/openapi.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(loadOpenApiDocument(), null, 2));
const result = spawnSync(join(root, 'node_modules/.bin/spectral'), ['lint', out, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity', 'warn'], {
  stdio: 'inherit',
});
const ok = result.status === 0;
console.log(`openapi: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
process.exit(ok ? 0 : 1);
