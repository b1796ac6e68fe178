import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SecretBox } from './secret-box.js';

test('secrets round-trip through AES-256-GCM and are bound to their webhook id', () => {
  const box = new SecretBox('k'.repeat(32));
  const sealed = box.seal('whsec_abc', 'webhook-1');
  assert.match(sealed, /^v1:/);
  assert.ok(!sealed.includes('whsec_abc'));
  // iv 12 + tag 16 + 9 bytes of plaintext = 37 bytes.
  assert.equal(Buffer.from(sealed.slice(3), 'base64').length, 37);
  assert.equal(box.open(sealed, 'webhook-1'), 'whsec_abc');
  assert.notEqual(box.seal('whsec_abc', 'webhook-1'), sealed, 'fresh iv every time');
  assert.throws(() => box.open(sealed, 'webhook-2'));
  assert.throws(() => new SecretBox('x'.repeat(32)).open(sealed, 'webhook-1'));
});
