/**
 * One catalogue of problem codes: every code the source throws, and every code a test expects, is in
 * PROBLEMS with the status it is thrown with. A code written by hand that the catalogue lacks (or with
 * another status) fails here, so two codes for one refusal cannot creep back in.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { PROBLEMS, isProblemCode, problem } from './problem-codes.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'gen') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const roots = ['gateway', 'packages', 'services', 'test'].map((dir) => join(root, dir));
const files = roots.flatMap((dir) => sourceFiles(dir)).filter((file) => !file.endsWith('problem-codes.test.ts'));

/** Helpers whose first argument is a code, with the status they always answer. */
const HELPERS: Record<string, number> = { badRequest: 400, forbidden: 403, conflict: 409, unauthorized: 401 };

test('every code thrown in the source is in the catalogue, with the status it is thrown with', () => {
  const wrong: string[] = [];
  for (const file of files.filter((path) => !path.endsWith('.test.ts') && !path.includes('/test/'))) {
    const text = readFileSync(file, 'utf8');
    const where = relative(root, file);
    for (const match of text.matchAll(/(?:new HttpProblem|problemBody|sendProblem\(\w+,)\(?\s*(\d{3}),\s*'([a-z_]+)'/g)) {
      const [, status, code] = match;
      if (!isProblemCode(code!)) wrong.push(`${where}: ${code} (${status}) is not in the catalogue`);
      else if (PROBLEMS[code].status !== Number(status)) wrong.push(`${where}: ${code} thrown with ${status}, catalogue says ${PROBLEMS[code].status}`);
    }
    for (const match of text.matchAll(/\b(badRequest|forbidden|conflict|unauthorized)\(\s*'([a-z_]+)'/g)) {
      const [, helper, code] = match;
      if (!isProblemCode(code!)) wrong.push(`${where}: ${code} (${helper}) is not in the catalogue`);
      else if (PROBLEMS[code].status !== HELPERS[helper!]) wrong.push(`${where}: ${code} via ${helper} (${HELPERS[helper!]}), catalogue says ${PROBLEMS[code].status}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('every code a test expects is in the catalogue', () => {
  const unknown = new Set<string>();
  for (const file of files.filter((path) => path.endsWith('.test.ts') || path.includes('/test/'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:(?<!detail)\.code,\s*|code:\s*)'([a-z]+(?:_[a-z]+)+)'/g)) {
      if (!isProblemCode(match[1]!)) unknown.add(`${relative(root, file)}: ${match[1]}`);
    }
  }
  assert.deepEqual([...unknown], []);
});

test('problem() answers the catalogue status for a code', () => {
  const thrown = problem('slug_taken', 'The slug kiel-week is taken.');
  assert.equal(thrown.status, 409);
  assert.equal(thrown.code, 'slug_taken');
  assert.equal(problem('missing_scope', 'x', { extensions: { requiredScope: 'write' } }).toBody().requiredScope, 'write');
});
