import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LINK_LIFETIME_MS, linkToken, tokenMatches } from './account-links.js';

const id = '3f2b8c1e-6d4a-4e5f-9a7b-1c2d3e4f5a6b';

test('a link token matches only its own id, purpose and key', () => {
  const token = linkToken('key-a', 'password_reset', id);
  assert.equal(tokenMatches('key-a', 'password_reset', id, token), true);
  assert.equal(tokenMatches('key-b', 'password_reset', id, token), false);
  assert.equal(tokenMatches('key-a', 'email_confirmation', id, token), false);
  assert.equal(tokenMatches('key-a', 'password_reset', id.replace('3f', '4f'), token), false);
  assert.equal(tokenMatches('key-a', 'password_reset', id, `${token}x`), false);
  // 32 bytes of HMAC, base64url without padding: 43 characters.
  assert.equal(token.length, 43);
});

test('a reset link lasts an hour, a confirmation link a week', () => {
  assert.equal(LINK_LIFETIME_MS.password_reset, 3_600_000);
  assert.equal(LINK_LIFETIME_MS.email_confirmation, 604_800_000);
});
