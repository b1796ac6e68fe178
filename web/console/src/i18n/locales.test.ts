/**
 * Every word of the console exists in every language: the same namespaces, the same keys, no empty
 * text, and the same {{placeholders}} in each translation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), 'locales');
const languages = readdirSync(root).sort();

function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, String(value));
  return out;
}

function bundle(lng: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const file of readdirSync(join(root, lng)).filter((name) => name.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    for (const [key, text] of leaves(JSON.parse(readFileSync(join(root, lng, file), 'utf8')))) all.set(`${ns}:${key}`, text);
  }
  return all;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

test('English and German are both there', () => {
  assert.deepEqual(languages, ['de', 'en']);
});

test('every language has the same keys as English, none empty, with the same placeholders', () => {
  const english = bundle('en');
  assert.ok(english.size > 50, `English has ${english.size} texts`);
  for (const lng of languages.filter((l) => l !== 'en')) {
    const other = bundle(lng);
    assert.deepEqual([...other.keys()].filter((k) => !english.has(k)), [], `${lng} has keys English lacks`);
    assert.deepEqual([...english.keys()].filter((k) => !other.has(k)), [], `${lng} lacks keys`);
    for (const [key, text] of other) {
      assert.notEqual(text.trim(), '', `${lng} ${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(english.get(key)!), `${lng} ${key} placeholders`);
    }
  }
});
