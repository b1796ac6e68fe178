/**
 * The two languages' resource files say the same things: exactly the same keys, the same
 * placeholders and the same markup in each message, nothing left empty or untranslated by accident.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);
const german = flatten(de);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?[a-z]+>|&[a-z]+;/g)].map((m) => m[0]).sort();

test('English and German have exactly the same keys', () => {
  assert.deepEqual([...german.keys()].sort(), [...english.keys()].sort());
  assert.ok(english.size > 200, `${english.size} messages`);
});

test('each message has the same placeholders and markup in both languages, and none is empty', () => {
  for (const [key, text] of english) {
    const other = german.get(key)!;
    assert.ok(text.trim() !== '' && other.trim() !== '', `${key} is empty`);
    assert.deepEqual(placeholders(other), placeholders(text), `${key}: placeholders`);
    assert.deepEqual(tags(other), tags(text), `${key}: markup`);
  }
});

test('German is German: apart from names, codes and words the languages share, no message is left in English', () => {
  const same = new Set([
    'languages.en', 'languages.de', // each language is named in itself on both pages
    'tabs.label', 'regatta.status', 'board.status', 'columns.code', // Regatta, Status: the same word
    'standings.caption', 'series.caption', 'results.raceName', 'results.captionStatus', 'board.consequence',
    'demo.themeColor', 'demo.optional', // Text, (optional)
    'terms.handicapSystem.irc', 'terms.handicapSystem.vprs', 'terms.handicapSystem.nhc', 'terms.handicapSystem.echo',
    'terms.handicapSystem.portsmouth_rya', 'terms.handicapSystem.portsmouth_us',
  ]);
  const untranslated = [...english].filter(([key, text]) => german.get(key) === text && !same.has(key)).map(([key]) => key);
  assert.deepEqual(untranslated, []);
});
