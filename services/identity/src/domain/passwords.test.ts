import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, verifyPassword } from './passwords.js';

test('scrypt hashes verify the right password only and record their parameters', async () => {
  const encoded = await hashPassword('Correct-horse-battery');
  const [scheme, logN, r, p, salt, key] = encoded.split('$');
  assert.deepEqual([scheme, logN, r, p], ['scrypt', '15', '8', '1']);
  assert.equal(Buffer.from(salt!, 'base64').length, 16);
  assert.equal(Buffer.from(key!, 'base64').length, 64);
  assert.equal(await verifyPassword('Correct-horse-battery', encoded), true);
  assert.equal(await verifyPassword('correct-horse-battery', encoded), false);
  assert.notEqual(await hashPassword('Correct-horse-battery'), encoded, 'salted: two hashes of one password differ');
});

test('cheaper parameters stored in the hash still verify; malformed hashes never do', async () => {
  const cheap = await hashPassword('pw-0123456789', { logN: 10, r: 8, p: 1 });
  assert.match(cheap, /^scrypt\$10\$8\$1\$/);
  assert.equal(await verifyPassword('pw-0123456789', cheap), true);
  assert.equal(await verifyPassword('pw-0123456789', 'bcrypt$xyz'), false);
  assert.equal(await verifyPassword('pw-0123456789', 'scrypt$30$8$1$AAAA$AAAA'), false);
});
