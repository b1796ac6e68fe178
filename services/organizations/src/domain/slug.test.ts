import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from './slug.js';

test('slugify lowercases, strips accents and joins words with single hyphens', () => {
  assert.equal(slugify('Annapolis Yacht Club'), 'annapolis-yacht-club');
  assert.equal(slugify('  Société Nautique de Genève  '), 'societe-nautique-de-geneve');
  assert.equal(slugify("St. Francis' Y.C. -- 2025!"), 'st-francis-y-c-2025');
  assert.equal(slugify('Race & Cruise'), 'race-and-cruise');
  assert.equal(slugify('Kieler Yacht-Club e.V.'), 'kieler-yacht-club-e-v');
});

test('slugify falls back when nothing usable is left and caps the length', () => {
  assert.equal(slugify('!!!'), 'organization');
  assert.equal(slugify('東京'), 'organization');
  const long = slugify(`${'a'.repeat(79)} b`);
  assert.equal(long, 'a'.repeat(79));
  assert.ok(slugify('x'.repeat(200)).length === MAX_SLUG_LENGTH);
});

test('uniqueSlug takes the base, else the smallest free suffix from 2', () => {
  assert.equal(uniqueSlug('bay-yc', []), 'bay-yc');
  assert.equal(uniqueSlug('bay-yc', ['bay-yc']), 'bay-yc-2');
  assert.equal(uniqueSlug('bay-yc', ['bay-yc', 'bay-yc-2', 'bay-yc-3']), 'bay-yc-4');
  // A gap is reused: -2 was freed, -3 still taken.
  assert.equal(uniqueSlug('bay-yc', ['bay-yc', 'bay-yc-3']), 'bay-yc-2');
  // Unrelated slugs sharing the prefix do not matter.
  assert.equal(uniqueSlug('bay', ['bay-yc', 'bay-yc-2']), 'bay');
});
